import NoodleCore

/// A prompt's text with its cursor, the same in every prompt: the character under the cursor (or
/// `_` at the end) drawn as the selection, and text longer than the room scrolled so the cursor
/// always shows.
enum TextFieldView {
    /// Draws `field` from `x` on row `y`, never past `limit`; returns the columns used.
    @discardableResult
    static func draw(_ field: TextField, x: Int, y: Int, limit: Int, into grid: inout Grid) -> Int {
        let room = limit - x
        guard room > 0 else { return 0 }
        let (before, after) = field.split
        var shown = before[...]
        // The cursor needs a column; the start gives way first, as a shell's line does.
        while !shown.isEmpty && TextWidth.columns(of: shown) + 1 > room { shown = shown.dropFirst() }
        var column = x
        column += grid.write(String(shown), x: column, y: y, role: .text, limit: limit)
        if let under = after.first {
            column += grid.write(String(under), x: column, y: y, role: .selection, limit: limit)
            column += grid.write(String(after.dropFirst()), x: column, y: y, role: .text, limit: limit)
        } else {
            column += grid.write("_", x: column, y: y, role: .selection, limit: limit)
        }
        return column - x
    }
}
