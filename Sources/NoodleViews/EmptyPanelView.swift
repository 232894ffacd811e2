import NoodleCore

/// A panel with nothing in it yet: its frame and one muted line saying so.
enum EmptyPanelView {
    static func draw(_ panel: Panel, message: String, state: AppState, in rect: Rect, glyphs: Glyphs, into grid: inout Grid) {
        PanelFrame.draw(panel.title, in: rect, focused: state.focus == panel, glyphs: glyphs, into: &grid)
        let inner = rect.inner
        guard !inner.isEmpty else { return }
        grid.writeCentred(message, in: inner, row: inner.y + (inner.height - 1) / 2, role: .muted, ellipsis: glyphs.ellipsis)
    }
}
