import NoodleTheme
import NoodleViews
import Testing

/// Expectations worked out from the xterm palette: cube levels 0, 95, 135, 175, 215, 255 at
/// 16 + 36r + 6g + b; greys 8 + 10n at 232 + n; system colours at xterm's defaults.
@Suite("Colour downgrade")
struct ColorDowngradeTests {
    private static func hex(_ value: UInt32) -> ThemeColor {
        .rgb(UInt8(value >> 16 & 0xff), UInt8(value >> 8 & 0xff), UInt8(value & 0xff))
    }

    @Test("rgb at 256 colours: the nearest cube or grey entry", arguments: [
        (0x000000, 16),  // cube 0,0,0 (the system black is never chosen)
        (0xffffff, 231),  // cube 5,5,5
        (0xff0000, 196),  // 16 + 36·5
        (0x808080, 244),  // grey 8 + 10·12 = 128
        (0x5f87af, 67),  // cube 1,2,3: 16 + 36 + 12 + 3
        (0xd70000, 160),  // 16 + 36·4
        (0x080808, 232),  // the darkest grey exactly
        (0x101010, 233),  // 16 lies between greys 8 and 18: 18 is closer
        (0xeeeeee, 255),  // the lightest grey exactly
        (0x00ff00, 46),  // 16 + 6·5
        (0x0000ff, 21),  // 16 + 5
        (0xff8700, 208),  // cube 5,2,0
        (0x767676, 243),  // grey 8 + 10·11 = 118
        (0x268bd2, 32),  // solarized blue → cube 0,2,4 (0, 135, 215)
    ] as [(UInt32, Int32)])
    func rgbTo256(color: UInt32, expected: Int32) {
        #expect(ColorDowngrade.resolve(Self.hex(color), depth: .indexed256) == expected)
    }

    @Test("rgb at 16 and 8 colours: the nearest system colour, greys staying grey", arguments: [
        (0x000000, 0, 0),
        (0xffffff, 15, 7),
        (0xff0000, 9, 1),
        (0xd70000, 1, 1),
        (0x00ff00, 10, 2),
        (0x0000ff, 4, 4),  // xterm's blue is 0,0,238; its bright blue 92,92,255 is further off
        (0xffff00, 11, 3),
        (0xcd00cd, 5, 5),
        (0x5c5cff, 12, 4),
        (0x808080, 8, 7),  // by distance alone a mid grey is nearest cyan at 8 colours
        (0x585858, 8, 0),
        (0xd0d0d0, 7, 7),
        (0x268bd2, 6, 6),
        (0xfb4934, 9, 1),
    ] as [(UInt32, Int32, Int32)])
    func rgbToSystemColours(color: UInt32, sixteen: Int32, eight: Int32) {
        #expect(ColorDowngrade.resolve(Self.hex(color), depth: .sixteen) == sixteen)
        #expect(ColorDowngrade.resolve(Self.hex(color), depth: .eight) == eight)
    }

    @Test("indexed colours: kept at 256, the nearest system colour below", arguments: [
        (196, 9, 1), (46, 10, 2), (21, 4, 4), (226, 11, 3), (201, 13, 5), (51, 14, 6),
        (16, 0, 0), (231, 15, 7), (232, 0, 0), (244, 8, 7), (250, 7, 7), (255, 7, 7),
    ] as [(Int, Int32, Int32)])
    func indexedDowngrade(index: Int, sixteen: Int32, eight: Int32) {
        #expect(ColorDowngrade.resolve(.indexed(index), depth: .indexed256) == Int32(index))
        let rgb = XtermPaletteProbe.rgb(index)
        #expect(ColorDowngrade.resolve(.indexed(index), depth: .direct) == Int32(max(8, rgb)))
        #expect(ColorDowngrade.resolve(.indexed(index), depth: .sixteen) == sixteen)
        #expect(ColorDowngrade.resolve(.indexed(index), depth: .eight) == eight)
    }

    @Test("system colours keep their number; bright ones become their plain counterpart at 8")
    func systemColours() {
        for number in 0 ... 15 {
            for depth in [ColorDepth.sixteen, .indexed256] {
                #expect(ColorDowngrade.resolve(.ansi(number), depth: depth) == Int32(number))
            }
            // On a direct-colour terminal only 0-7 are palette numbers; brighter ones go as RGB.
            #expect(ColorDowngrade.resolve(.ansi(number), depth: .direct) == Int32(number < 8 ? number : XtermPaletteProbe.rgb(number)))
            #expect(ColorDowngrade.resolve(.ansi(number), depth: .eight) == Int32(number % 8))
        }
        #expect(ColorDowngrade.resolve(.ansi(9), depth: .eight) == 1)
        #expect(ColorDowngrade.resolve(.ansi(15), depth: .eight) == 7)
        #expect(ColorDowngrade.resolve(.ansi(8), depth: .eight) == 0)
    }

    @Test("direct colour packs rgb as 0xRRGGBB")
    func directPacking() {
        #expect(ColorDowngrade.resolve(.rgb(0x12, 0x34, 0x56), depth: .direct) == 0x123456)
        #expect(ColorDowngrade.resolve(.rgb(255, 255, 255), depth: .direct) == 0xffffff)
        #expect(ColorDowngrade.resolve(.rgb(0xd7, 0, 0), depth: .direct) == 0xd70000)
        #expect(ColorDowngrade.resolve(.rgb(0, 0, 3), depth: .direct) == 8, "never a palette number")
    }

    @Test("the terminal default is -1 at every depth that has colour")
    func terminalDefault() {
        for depth in [ColorDepth.eight, .sixteen, .indexed256, .direct] {
            #expect(ColorDowngrade.resolve(.terminalDefault, depth: depth) == -1)
        }
    }

    @Test("no colour at all gives nil, whatever the colour")
    func noColour() {
        for color in [ThemeColor.terminalDefault, .ansi(1), .indexed(196), .rgb(1, 2, 3)] {
            #expect(ColorDowngrade.resolve(color, depth: .none) == nil)
        }
    }

    @Test("depth from curses' COLORS and the direct-colour flag", arguments: [
        (0, false, ColorDepth.none), (2, false, .none), (7, false, .none),
        (8, false, .eight), (15, false, .eight),
        (16, false, .sixteen), (88, false, .sixteen), (255, false, .sixteen),
        (256, false, .indexed256), (32767, false, .indexed256), (0xffffff, false, .indexed256),
        (0x100_0000, false, .direct), (256, true, .direct), (8, true, .direct),
    ])
    func depth(colors: Int, hasDirectColor: Bool, expected: ColorDepth) {
        #expect(ColorDowngrade.depth(colors: colors, hasDirectColor: hasDirectColor) == expected)
    }

    @Test("every shipped theme resolves at every depth without leaving the range")
    func shippedThemesResolve() throws {
        for name in Shipped.names {
            let theme = try Shipped.theme(name)
            for role in StyleRole.allCases {
                let style = theme.style(for: role)
                for color in [style.foreground, style.background] {
                    #expect((-1 ... 7).contains(ColorDowngrade.resolve(color, depth: .eight) ?? -2))
                    #expect((-1 ... 15).contains(ColorDowngrade.resolve(color, depth: .sixteen) ?? -2))
                    #expect((-1 ... 255).contains(ColorDowngrade.resolve(color, depth: .indexed256) ?? -2))
                    #expect((-1 ... 0xffffff).contains(ColorDowngrade.resolve(color, depth: .direct) ?? -2))
                }
            }
        }
    }
}

/// The xterm palette's colours as packed RGB, written out independently of the code under test.
enum XtermPaletteProbe {
    static func rgb(_ index: Int) -> Int {
        let system = [0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
                      0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff]
        if index < 16 { return system[index] }
        if index >= 232 { let grey = 8 + 10 * (index - 232); return grey << 16 | grey << 8 | grey }
        let levels = [0, 95, 135, 175, 215, 255]
        let cube = index - 16
        return levels[cube / 36] << 16 | levels[cube / 6 % 6] << 8 | levels[cube % 6]
    }
}
