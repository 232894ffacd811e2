import NoodleTheme
import NoodleViews
import Testing
@testable import noodle

@Suite("noodle themes")
struct ThemesListingTests {
    let entries = [
        ThemesCommand.Entry(name: "solarized-dark", description: "Solarized dark: low-contrast blue-grey text with warm accents", path: "/usr/local/share/noodle/themes/solarized-dark.toml"),
        ThemesCommand.Entry(name: "default", description: "The terminal's own colours with named accents; works on any palette, light or dark, and in 한국어 too", path: "built-in"),
        ThemesCommand.Entry(name: "x", description: String(repeating: "w", count: 100), path: "built-in"),
    ]

    @Test("every line fits 80 columns: descriptions wrap beside the names, paths go below")
    func fits() {
        let indent = ThemesCommand.indent(for: entries)
        #expect(indent == 16)
        let lines = entries.flatMap { ThemesCommand.lines(for: $0, indent: indent) }
        for line in lines { #expect(TextWidth.columns(of: line) <= 80, "\(line)") }
        #expect(ThemesCommand.lines(for: entries[0], indent: indent) == [
            "solarized-dark  Solarized dark: low-contrast blue-grey text with warm accents",
            "                /usr/local/share/noodle/themes/solarized-dark.toml",
        ])
        #expect(ThemesCommand.lines(for: entries[1], indent: indent).count == 3)
    }

    @Test("the swatch, drawn below on a terminal, fits beside the indent too")
    func swatch() {
        let visible = ThemesCommand.swatch(Theme.builtInDefault, depth: .indexed256).replacing(/\u{1B}\[[0-9;]*m/, with: "")
        #expect(24 + TextWidth.columns(of: visible) <= 80)
    }
}
