import NoodleViews

/// A valid theme file with every role on its own line, to break one piece at a time.
/// Line 1 is `name`, line 3 is `[roles]`, and each role is on line 4 + its raw value.
enum ThemeText {
    static let rolesHeaderLine = 3

    static func line(of role: StyleRole) -> Int {
        4 + Int(role.rawValue)
    }

    /// Every role plain, except those in `replacing` (a nil value blanks the role's line), then `extraLines`.
    /// A `header` other than the one-line default moves every line after it.
    static func make(header: [String] = ["name = \"test\""], replacing: [StyleRole: String?] = [:], extraLines: [String] = []) -> String {
        var lines = header + ["", "[roles]"]
        for role in StyleRole.allCases {
            if let replacement = replacing[role] {
                lines.append(replacement ?? "")
            } else {
                lines.append("\(role.themeKey) = {}")
            }
        }
        return (lines + extraLines).joined(separator: "\n") + "\n"
    }
}
