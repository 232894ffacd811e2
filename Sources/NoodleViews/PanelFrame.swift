import NoodleCore

/// The border and title around a panel; the focused panel's frame uses its own role so focus shows without colour too.
enum PanelFrame {
    static func draw(_ title: String, in rect: Rect, focused: Bool, glyphs: Glyphs, into grid: inout Grid) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let role: StyleRole = focused ? .focusedBorder : .border
        grid.fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), role: role, with: glyphs.horizontal)
        grid.fill(Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1), role: role, with: glyphs.horizontal)
        grid.fill(Rect(x: rect.x, y: rect.y, width: 1, height: rect.height), role: role, with: glyphs.vertical)
        grid.fill(Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: rect.height), role: role, with: glyphs.vertical)
        grid.fill(Rect(x: rect.x, y: rect.y, width: 1, height: 1), role: role, with: glyphs.topLeft)
        grid.fill(Rect(x: rect.maxX - 1, y: rect.y, width: 1, height: 1), role: role, with: glyphs.topRight)
        grid.fill(Rect(x: rect.x, y: rect.maxY - 1, width: 1, height: 1), role: role, with: glyphs.bottomLeft)
        grid.fill(Rect(x: rect.maxX - 1, y: rect.maxY - 1, width: 1, height: 1), role: role, with: glyphs.bottomRight)
        let label = focused ? "[ \(title) ]" : "  \(title)  "
        let fitted = TextWidth.truncate(label, to: rect.width - 4, ellipsis: glyphs.ellipsis)
        grid.write(fitted, x: rect.x + 2, y: rect.y, role: focused ? .title : .muted, limit: rect.maxX - 2)
    }
}
