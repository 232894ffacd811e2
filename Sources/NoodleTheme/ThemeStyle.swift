/// How one role looks. Everything left out is the terminal's own look, so `ThemeStyle()` is plain text.
public struct ThemeStyle: Equatable, Sendable {
    public var foreground: ThemeColor
    public var background: ThemeColor
    public var attributes: Set<ThemeAttribute>

    public init(
        foreground: ThemeColor = .terminalDefault, background: ThemeColor = .terminalDefault,
        attributes: Set<ThemeAttribute> = []
    ) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }
}
