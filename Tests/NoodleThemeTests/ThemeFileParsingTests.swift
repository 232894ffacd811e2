import NoodleTheme
import NoodleViews
import Testing

@Suite("Theme file parsing")
struct ThemeFileParsingTests {
    /// The style a one-role change gives the ringing role.
    private func ringing(_ line: String) throws -> ThemeStyle {
        try ThemeFile.parse(ThemeText.make(replacing: [.ringing: line]), path: "t.toml").style(for: .ringing)
    }

    @Test("every way of writing a colour", arguments: [
        ("\"default\"", ThemeColor.terminalDefault),
        ("\"black\"", .ansi(0)), ("\"red\"", .ansi(1)), ("\"white\"", .ansi(7)),
        ("\"bright-black\"", .ansi(8)), ("\"bright-red\"", .ansi(9)), ("\"bright-white\"", .ansi(15)),
        ("\"Magenta\"", .ansi(5)),
        ("0", .ansi(0)), ("15", .ansi(15)), ("16", .indexed(16)), ("255", .indexed(255)),
        ("\"#000000\"", .rgb(0, 0, 0)), ("\"#d75F00\"", .rgb(0xd7, 0x5f, 0x00)), ("\"#FFFFFF\"", .rgb(255, 255, 255)),
    ])
    func colours(written: String, expected: ThemeColor) throws {
        #expect(try ringing("ringing = { fg = \(written) }").foreground == expected)
        #expect(try ringing("ringing = { bg = \(written) }").background == expected)
    }

    @Test("anything left out is the terminal's own look")
    func defaults() throws {
        #expect(try ringing("ringing = {}") == ThemeStyle())
        #expect(ThemeStyle() == ThemeStyle(foreground: .terminalDefault, background: .terminalDefault, attributes: []))
    }

    @Test("every attribute, in any order, repeated or not")
    func attributes() throws {
        let style = try ringing("ringing = { attrs = [\"italic\", \"bold\", \"dim\", \"underline\", \"reverse\", \"bold\"] }")
        #expect(style.attributes == Set(ThemeAttribute.allCases))
    }

    @Test("name and description are read; description is optional")
    func nameAndDescription() throws {
        let described = try ThemeFile.parse(ThemeText.make(header: ["name = \"mine\"", "description = \"Mine.\""]), path: "t.toml")
        #expect(described.name == "mine")
        #expect(described.description == "Mine.")
        let plain = try ThemeFile.parse(ThemeText.make(), path: "t.toml")
        #expect(plain.description == "")
    }

    @Test("a role may be a [roles.name] table instead of an inline one")
    func roleAsTable() throws {
        let text = ThemeText.make(replacing: [.error: nil], extraLines: ["[roles.error]", "fg = 196", "attrs = [", "  \"bold\",", "]"])
        let theme = try ThemeFile.parse(text, path: "t.toml")
        #expect(theme.style(for: .error) == ThemeStyle(foreground: .indexed(196), attributes: [.bold]))
    }

    @Test("palette numbers 0-15 are system colours however they are written")
    func paletteIndex() {
        #expect(ThemeColor(paletteIndex: 3) == .ansi(3))
        #expect(ThemeColor(paletteIndex: 16) == .indexed(16))
        #expect(ThemeColor(paletteIndex: 256) == nil)
        #expect(ThemeColor(paletteIndex: -1) == nil)
    }

    @Test("the built-in default matches the curses table it replaces")
    func builtInDefault() {
        let theme = Theme.builtInDefault
        #expect(theme.name == "default")
        #expect(theme.style(for: .text) == ThemeStyle())
        #expect(theme.style(for: .ringing) == ThemeStyle(foreground: .ansi(1), attributes: [.bold, .reverse]))
        #expect(theme.style(for: .header) == ThemeStyle(foreground: .ansi(6), attributes: [.reverse]))
        #expect(theme.style(for: .stopwatchDigits) == ThemeStyle(foreground: .ansi(7), attributes: [.bold]))
    }
}
