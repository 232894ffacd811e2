import NoodleCore

/// How many rows a list hides above and below, written into the frame line over and under it,
/// so no list ever hides rows without a sign and no row is given up to say so.
enum ScrollMarks {
    /// `above` rows hidden above the list, `below` under it; each said at the right of its line
    /// (`topLine`, `bottomLine`), ending before `right`.
    static func draw(above: Int, below: Int, topLine: Int, bottomLine: Int, right: Int, glyphs: Glyphs, into grid: inout Grid) {
        if above > 0 { write(text(above, up: true, glyphs), y: topLine, right: right, into: &grid) }
        if below > 0 { write(text(below, up: false, glyphs), y: bottomLine, right: right, into: &grid) }
    }

    static func text(_ count: Int, up: Bool, _ glyphs: Glyphs) -> String {
        let arrow = glyphs.isASCII ? (up ? "^" : "v") : (up ? "↑" : "↓")
        return " \(arrow) \(count) more "
    }

    private static func write(_ text: String, y: Int, right: Int, into grid: inout Grid) {
        let x = right - TextWidth.columns(of: text) - 1
        guard x > 0 else { return }
        grid.write(text, x: x, y: y, role: .muted, limit: right)
    }
}
