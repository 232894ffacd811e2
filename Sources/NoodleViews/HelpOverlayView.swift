import NoodleCore

/// The keymap as a framed, scrollable overlay, grouped by where each key applies.
public enum HelpOverlayView {
    /// The overlay's text, one entry per line; public so tests can check it covers every binding.
    public static var lines: [(text: String, role: StyleRole)] {
        var lines: [(String, StyleRole)] = []
        for (index, group) in Keymap.groups.enumerated() {
            if index > 0 { lines.append(("", .text)) }
            lines.append((group.scope.title, .title))
            for binding in group.bindings {
                lines.append(("  " + TextWidth.pad(binding.keyLabel, to: 12) + "  " + binding.help, .text))
            }
        }
        return lines
    }

    static func draw(scroll: Int, in screen: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let lines = Self.lines
        let widest = lines.map { TextWidth.columns(of: $0.text) }.max() ?? 0
        let box = screen.centered(width: widest + 4, height: lines.count + 2)
        guard box.width >= 4, box.height >= 3 else { return }
        grid.fill(box, role: .text)
        PanelFrame.draw("Help", in: box, focused: true, glyphs: glyphs, into: &grid)
        let inner = box.inner
        let offset = min(scroll, max(0, lines.count - inner.height))
        for row in 0 ..< min(inner.height, lines.count - offset) {
            let line = lines[offset + row]
            grid.write(line.text, x: inner.x + 1, y: inner.y + row, role: line.role, limit: inner.maxX)
        }
        ScrollMarks.draw(above: offset, below: max(0, lines.count - offset - inner.height), topLine: box.y, bottomLine: box.maxY - 1,
                         right: box.maxX - 1, glyphs: glyphs, into: &grid)
    }
}
