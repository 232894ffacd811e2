/// The text attributes a theme may ask for; the raw values are the names theme files use.
public enum ThemeAttribute: String, CaseIterable, Sendable {
    case bold, dim, underline, reverse, italic
}
