/// Why a theme file was refused, pointing at the exact place so the user can fix it in one go:
/// `themes/bad.toml:14: roles.ringing.fg: "#ff00" is not a colour (use a name, 0-255 or #rrggbb)`.
public struct ThemeError: Error, Equatable, CustomStringConvertible {
    public let path: String
    /// 1-based, as editors count.
    public let line: Int
    /// The dotted key, like `roles.ringing.fg`; nil only for a TOML syntax error on a line without a key.
    public let key: String?
    public let problem: String

    public init(path: String, line: Int, key: String?, problem: String) {
        self.path = path
        self.line = line
        self.key = key
        self.problem = problem
    }

    public var description: String {
        if let key { "\(path):\(line): \(key): \(problem)" } else { "\(path):\(line): \(problem)" }
    }
}
