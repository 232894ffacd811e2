import NoodleViews

extension Theme {
    /// The look noodle has with no theme file at all. `themes/default.toml` states the same table
    /// for users to copy and edit, and a test keeps the two equal.
    /// Only the eight named colours and the terminal's own, so it suits any palette; the
    /// attributes alone keep every role distinguishable when colour is off.
    public static let builtInDefault = Theme(name: "default", description: defaultDescription) { role in
        switch role {
        case .text: ThemeStyle()
        case .muted: ThemeStyle(attributes: [.dim])
        case .title: ThemeStyle(foreground: cyan, attributes: [.bold])
        case .border: ThemeStyle(attributes: [.dim])
        case .focusedBorder: ThemeStyle(foreground: cyan, attributes: [.bold])
        case .selection: ThemeStyle(attributes: [.reverse])
        case .stopwatchDigits: ThemeStyle(foreground: white, attributes: [.bold])
        case .bestLap: ThemeStyle(foreground: green, attributes: [.bold])
        case .worstLap: ThemeStyle(foreground: red, attributes: [.underline])
        case .running: ThemeStyle(foreground: green)
        case .paused: ThemeStyle(foreground: yellow)
        case .ringing: ThemeStyle(foreground: red, attributes: [.bold, .reverse])
        case .missed: ThemeStyle(foreground: magenta, attributes: [.bold])
        case .progress: ThemeStyle(foreground: cyan)
        case .ownTime: ThemeStyle(foreground: yellow, attributes: [.italic])
        case .hintKey: ThemeStyle(foreground: cyan, attributes: [.bold, .reverse])
        case .hintText: ThemeStyle(attributes: [.dim])
        case .header: ThemeStyle(foreground: cyan, attributes: [.reverse])
        case .error: ThemeStyle(foreground: red, attributes: [.bold])
        }
    }

    static let defaultDescription = "The terminal's own colours with named accents; works on any palette"

    private static let red = ThemeColor.ansi(1), green = ThemeColor.ansi(2), yellow = ThemeColor.ansi(3)
    private static let magenta = ThemeColor.ansi(5), cyan = ThemeColor.ansi(6), white = ThemeColor.ansi(7)
}
