import NoodleViews

/// How one role looks: colours by curses number (-1 is the terminal's own) and attributes.
struct RoleStyle: Sendable {
    enum Attribute: Sendable { case bold, dim, underline, reverse, italic }

    var foreground: Int16 = -1
    var background: Int16 = -1
    var attributes: Set<Attribute> = []
}

/// The built-in default; `themes/default.toml` states the same table for users to copy and edit.
/// Attributes alone must keep every role distinguishable when there is no colour.
enum DefaultTheme {
    static let red: Int16 = 1, green: Int16 = 2, yellow: Int16 = 3
    static let blue: Int16 = 4, magenta: Int16 = 5, cyan: Int16 = 6, white: Int16 = 7

    static func style(for role: StyleRole) -> RoleStyle {
        switch role {
        case .text: RoleStyle()
        case .muted: RoleStyle(attributes: [.dim])
        case .title: RoleStyle(foreground: cyan, attributes: [.bold])
        case .border: RoleStyle(attributes: [.dim])
        case .focusedBorder: RoleStyle(foreground: cyan, attributes: [.bold])
        case .selection: RoleStyle(attributes: [.reverse])
        case .stopwatchDigits: RoleStyle(foreground: white, attributes: [.bold])
        case .bestLap: RoleStyle(foreground: green, attributes: [.bold])
        case .worstLap: RoleStyle(foreground: red, attributes: [.underline])
        case .running: RoleStyle(foreground: green)
        case .paused: RoleStyle(foreground: yellow)
        case .ringing: RoleStyle(foreground: red, attributes: [.bold, .reverse])
        case .missed: RoleStyle(foreground: magenta, attributes: [.bold])
        case .progress: RoleStyle(foreground: cyan)
        case .ownTime: RoleStyle(foreground: yellow, attributes: [.italic])
        case .hintKey: RoleStyle(foreground: cyan, attributes: [.bold, .reverse])
        case .hintText: RoleStyle(attributes: [.dim])
        case .header: RoleStyle(foreground: cyan, attributes: [.reverse])
        case .error: RoleStyle(foreground: red, attributes: [.bold])
        }
    }
}
