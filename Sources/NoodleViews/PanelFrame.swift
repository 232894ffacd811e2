import NoodleCore

/// The border and title around a panel; the focused panel's frame uses its own role so focus shows without colour too.
enum PanelFrame {
    static func draw(_ title: String, in rect: Rect, focused: Bool, glyphs: Glyphs, into grid: inout Grid) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let role: StyleRole = focused ? .focusedBorder : .border
        let horizontal = String(Character(glyphs.horizontal))
        let edge = String(repeating: horizontal, count: rect.width - 2)
        grid.write(String(Character(glyphs.topLeft)) + edge + String(Character(glyphs.topRight)), x: rect.x, y: rect.y, role: role)
        grid.write(String(Character(glyphs.bottomLeft)) + edge + String(Character(glyphs.bottomRight)), x: rect.x, y: rect.maxY - 1, role: role)
        for y in rect.y + 1 ..< rect.maxY - 1 {
            grid.write(String(Character(glyphs.vertical)), x: rect.x, y: y, role: role)
            grid.write(String(Character(glyphs.vertical)), x: rect.maxX - 1, y: y, role: role)
        }
        let label = focused ? "[ \(title) ]" : "  \(title)  "
        let fitted = TextWidth.truncate(label, to: rect.width - 4, ellipsis: glyphs.ellipsis)
        grid.write(fitted, x: rect.x + 2, y: rect.y, role: focused ? .title : .muted, limit: rect.maxX - 2)
    }
}
