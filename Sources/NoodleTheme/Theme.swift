import NoodleViews

/// A complete mapping from every style role to a style: the views only ever name roles,
/// so swapping the theme restyles the whole dashboard without touching a view.
public struct Theme: Equatable, Sendable {
    public let name: String
    public let description: String
    /// Indexed by `StyleRole.rawValue`; the initialiser fills every slot, so a lookup never misses.
    private let styles: [ThemeStyle]

    /// Asks for every role's style up front, which makes a theme with a forgotten role impossible to build.
    public init(name: String, description: String = "", style: (StyleRole) -> ThemeStyle) {
        self.name = name
        self.description = description
        styles = StyleRole.allCases.map(style)
    }

    public func style(for role: StyleRole) -> ThemeStyle {
        styles[Int(role.rawValue)]
    }
}
