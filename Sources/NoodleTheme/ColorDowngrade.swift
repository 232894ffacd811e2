/// Turns a theme colour into the curses colour number a terminal of a given depth can show,
/// always picking the nearest colour it has, so one theme file works from 8 colours to 24-bit.
public enum ColorDowngrade {
    /// -1 is the terminal's default colour; nil means colour is off and only attributes apply.
    public static func resolve(_ color: ThemeColor, depth: ColorDepth) -> Int32? {
        if depth == .none { return nil }
        if color == .terminalDefault { return -1 }
        return Int32(number(for: color, depth: depth))
    }

    private static func number(for color: ThemeColor, depth: ColorDepth) -> Int {
        switch (color, depth) {
        case (.rgb(let red, let green, let blue), .direct):
            return packed(XtermPalette.RGB(red: Int(red), green: Int(green), blue: Int(blue)))
        case (.ansi(let number), .direct) where number >= 8, (.indexed(let number), .direct):
            // A direct-colour terminfo reads every number from 8 up as packed RGB, so a palette
            // colour is sent as the xterm palette's RGB for it; 0-7 stay the user's own palette.
            return packed(XtermPalette.color(at: number))
        case (.ansi(let number), .eight):
            // An 8-colour terminal has no brighter shade to offer, so bright colours become their plain counterpart.
            return number % 8
        case (.ansi(let number), _):
            return number
        case (.indexed(let number), .indexed256):
            return number
        case (.indexed(let number), _):
            return nearestSystemColor(to: XtermPalette.color(at: number), depth: depth)
        case (.rgb(let red, let green, let blue), _):
            let target = XtermPalette.RGB(red: Int(red), green: Int(green), blue: Int(blue))
            // At 256 colours the 16 system colours are left out: each terminal shades those its
            // own way, while the cube and the grey ramp look the same everywhere.
            if depth == .indexed256 { return XtermPalette.nearest(to: target, among: 16 ... 255) }
            return nearestSystemColor(to: target, depth: depth)
        case (.terminalDefault, _):
            return -1
        }
    }

    /// 0xRRGGBB, kept clear of 0-7, which a direct-colour terminal takes as palette numbers:
    /// those few near-blacks differ from 0x000008 by less than anyone can see.
    private static func packed(_ color: XtermPalette.RGB) -> Int {
        max(8, color.red << 16 | color.green << 8 | color.blue)
    }

    /// The nearest of the 16 (or 8) system colours. A grey only ever becomes black, grey or white:
    /// by distance alone a mid grey is closest to cyan, and a neutral colour turning tinted is
    /// more jarring than one turning lighter or darker.
    private static func nearestSystemColor(to target: XtermPalette.RGB, depth: ColorDepth) -> Int {
        let count = depth == .sixteen ? 16 : 8
        let candidates = target.isNeutral ? [0, 7, 8, 15].filter { $0 < count } : Array(0 ..< count)
        return XtermPalette.nearest(to: target, among: candidates)
    }
}
