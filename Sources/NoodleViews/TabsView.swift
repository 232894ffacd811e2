import NoodleCore

/// The panel names as tabs, for screens too small to show every panel at once.
enum TabsView {
    static func draw(_ state: AppState, in rect: Rect, into grid: inout Grid) {
        var x = rect.x + 1
        for panel in Panel.allCases {
            let focused = panel == state.focus
            let label = focused ? "[\(panel.rawValue + 1) \(panel.title)]" : " \(panel.rawValue + 1) \(panel.title) "
            x += grid.write(label, x: x, y: rect.y, role: focused ? .selection : .muted, limit: rect.maxX)
            x += 1
        }
    }
}
