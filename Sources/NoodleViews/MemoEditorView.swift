import NoodleCore

/// The memo editor as a framed overlay, with the cursor drawn as a highlighted cell (the terminal's
/// own cursor stays hidden) and the save and cancel keys always on its last line.
enum MemoEditorView {
    static func draw(_ editor: MemoEditor, _ state: AppState, in screen: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let box = screen.centered(width: min(screen.width, 70), height: min(screen.height, max(9, editor.lines.count + 4)))
        guard box.width >= 12, box.height >= 4 else { return }
        grid.fill(box, role: .text)
        let name = state.bookmarks.items.first { $0.id == editor.bookmarkID }.map(state.catalog.name(of:)) ?? "bookmark"
        PanelFrame.draw("Memo: \(name)", in: box, focused: true, glyphs: glyphs, into: &grid)
        let inner = box.inner
        let text = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: inner.height - 1)
        let first = max(0, min(editor.cursorLine - text.height + 1, editor.lines.count - text.height))
        for row in 0 ..< min(text.height, editor.lines.count - first) {
            let index = first + row
            let line = editor.lines[index]
            if index == editor.cursorLine {
                drawCursorLine(line, column: editor.cursorColumn, in: Rect(x: text.x, y: text.y + row, width: text.width, height: 1), glyphs: glyphs, into: &grid)
            } else {
                grid.write(TextWidth.truncate(line, to: text.width, ellipsis: glyphs.ellipsis), x: text.x, y: text.y + row, role: .text, limit: text.maxX)
            }
        }
        let footer = Rect(x: text.x, y: inner.maxY - 1, width: text.width, height: 1)
        if editor.isConfirmingDiscard {
            grid.write("Discard your changes? y discards, n keeps editing, ^S saves", x: footer.x, y: footer.y, role: .error, limit: footer.maxX)
        } else {
            let modified = editor.isModified ? "modified · " : ""
            grid.write(modified + "^S save · Esc cancel · Enter new line", x: footer.x, y: footer.y, role: .muted, limit: footer.maxX)
        }
    }

    /// The cursor's line, scrolled sideways when the cursor would be past the edge.
    private static func drawCursorLine(_ line: String, column: Int, in rect: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let before = line.prefix(column)
        var skipped = line.startIndex
        var beforeWidth = TextWidth.columns(of: before)
        while beforeWidth > rect.width - 2, skipped < before.endIndex {
            beforeWidth -= TextWidth.columns(of: String(line[skipped]))
            skipped = line.index(after: skipped)
        }
        let shownBefore = String(line[skipped ..< before.endIndex])
        var x = rect.x
        x += grid.write(shownBefore, x: x, y: rect.y, role: .text, limit: rect.maxX)
        let under = column < line.count ? String(line[before.endIndex]) : " "
        let cursorWidth = grid.write(under, x: x, y: rect.y, role: .selection, limit: rect.maxX)
        let after = column < line.count ? String(line[line.index(after: before.endIndex)...]) : ""
        grid.write(TextWidth.truncate(after, to: max(0, rect.maxX - x - cursorWidth), ellipsis: glyphs.ellipsis), x: x + cursorWidth, y: rect.y, role: .text, limit: rect.maxX)
    }
}
