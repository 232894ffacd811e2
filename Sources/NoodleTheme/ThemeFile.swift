import NoodleCore
import NoodleViews
import TOMLKit

/// The theme file format, read strictly: users edit themes by hand, and a typo that silently
/// fell back to plain text would look like a bug in noodle rather than in the file. So every
/// role must be there, and every unknown key, bad colour or unknown attribute is an error
/// naming the file, the line and the key.
///
/// ```toml
/// name = "example"
/// description = "optional"
///
/// [roles]
/// ringing = { fg = "red", bg = "#202020", attrs = ["bold", "reverse"] }
/// ```
public enum ThemeFile {
    static let topLevelKeys = ["name", "description", "roles"]
    static let styleKeys = ["fg", "bg", "attrs"]

    /// `path` is only used in error messages, so pass it as the user should see it.
    public static func parse(_ text: String, path: String) throws(ThemeError) -> Theme {
        let reader = ThemeReader(path: path, lines: TOMLKeyLines(text: text))
        let document = try reader.document(from: text)
        return try reader.theme(from: document)
    }
}

/// Reads a parsed document into a theme, turning each refusal into a `ThemeError` at the right line.
private struct ThemeReader {
    let path: String
    let lines: TOMLKeyLines

    func document(from text: String) throws(ThemeError) -> TOMLTable {
        if let problem = TOMLPreflight.firstProblem(in: text) {
            throw ThemeError(path: path, line: problem.line, key: nil, problem: "is not valid TOML: \(problem.text)")
        }
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let line = error.source.begin.line
            let key = lines.key(onLine: line).map { $0.joined(separator: ".") }
            throw ThemeError(path: path, line: line, key: key, problem: "is not valid TOML: \(error.description)")
        } catch {
            throw ThemeError(path: path, line: 1, key: nil, problem: "is not valid TOML: \(error)")
        }
    }

    func theme(from document: TOMLTable) throws(ThemeError) -> Theme {
        if let stray = document.keys.sorted().first(where: { !ThemeFile.topLevelKeys.contains($0) }) {
            throw failure([stray], "is not a known key (use name, description and a [roles] table)")
        }
        let name = try text(document, "name", required: true) ?? ""
        let description = try text(document, "description", required: false) ?? ""
        let styles = try roleStyles(document)
        return Theme(name: name, description: description) { styles[$0] ?? ThemeStyle() }
    }

    // MARK: Top level

    private func text(_ document: TOMLTable, _ key: String, required: Bool) throws(ThemeError) -> String? {
        guard let value = document[key] else {
            if required { throw failure([key], "is missing: add \(key) = \"...\" at the top of the file") }
            return nil
        }
        guard let text = value.string else {
            throw failure([key], "should be a string in quotes, not \(englishName(of: value.type))")
        }
        if required, !text.contains(where: { !$0.isWhitespace }) { throw failure([key], "is empty") }
        return text
    }

    private func roleStyles(_ document: TOMLTable) throws(ThemeError) -> [StyleRole: ThemeStyle] {
        guard let value = document["roles"] else {
            throw failure(["roles"], "is missing: the file has no [roles] table")
        }
        guard let roles = value.table else {
            throw failure(["roles"], "should be a [roles] table, not \(englishName(of: value.type))")
        }
        let knownRoles = StyleRole.allCases.map(\.themeKey)
        if let stray = roles.keys.sorted().first(where: { !knownRoles.contains($0) }) {
            throw failure(["roles", stray], "is not a role (roles are \(knownRoles.joined(separator: ", ")))")
        }
        var styles: [StyleRole: ThemeStyle] = [:]
        for role in StyleRole.allCases {
            guard let entry = roles[role.themeKey] else {
                throw failure(["roles", role.themeKey], "is missing: every role needs a style (use {} for plain text)")
            }
            styles[role] = try style(entry, key: ["roles", role.themeKey])
        }
        return styles
    }

    // MARK: One role

    private func style(_ value: TOMLValueConvertible, key: [String]) throws(ThemeError) -> ThemeStyle {
        guard let table = value.table else {
            let problem = "should be a table like { fg = \"red\", attrs = [\"bold\"] }, not \(englishName(of: value.tomlValue.type))"
            throw failure(key, problem)
        }
        if let stray = table.keys.sorted().first(where: { !ThemeFile.styleKeys.contains($0) }) {
            throw failure(key + [stray], "is not a known key (use fg, bg and attrs)")
        }
        return ThemeStyle(
            foreground: try color(table["fg"], key: key + ["fg"]),
            background: try color(table["bg"], key: key + ["bg"]),
            attributes: try attributes(table["attrs"], key: key + ["attrs"])
        )
    }

    private func color(_ value: TOMLValueConvertible?, key: [String]) throws(ThemeError) -> ThemeColor {
        guard let value else { return .terminalDefault }
        let hint = "(use a name, 0-255 or #rrggbb)"
        if let text = value.string {
            guard let color = ThemeColor(themeText: text) else { throw failure(key, "\"\(text)\" is not a colour \(hint)") }
            return color
        }
        if let number = value.int {
            guard let color = ThemeColor(paletteIndex: number) else { throw failure(key, "\(number) is not a colour \(hint)") }
            return color
        }
        throw failure(key, "should be a colour \(hint), not \(englishName(of: value.tomlValue.type))")
    }

    private func attributes(_ value: TOMLValueConvertible?, key: [String]) throws(ThemeError) -> Set<ThemeAttribute> {
        guard let value else { return [] }
        guard let items = value.array else {
            throw failure(key, "should be a list like [\"bold\", \"underline\"], not \(englishName(of: value.tomlValue.type))")
        }
        let known = ThemeAttribute.allCases.map(\.rawValue).joined(separator: ", ")
        var attributes: Set<ThemeAttribute> = []
        for (offset, item) in items.enumerated() {
            guard let name = item.string else {
                throw failure(key, "item \(offset + 1) should be an attribute name in quotes, not \(englishName(of: item.type))")
            }
            guard let attribute = ThemeAttribute(rawValue: name) else {
                throw failure(key, "\"\(name)\" is not an attribute (use \(known))")
            }
            attributes.insert(attribute)
        }
        return attributes
    }

    // MARK: Errors

    private func failure(_ key: [String], _ problem: String) -> ThemeError {
        ThemeError(path: path, line: lines.line(of: key) ?? 1, key: key.joined(separator: "."), problem: problem)
    }

    /// TOML's types as the messages name them: in plain English, and "a list" as users say it.
    private func englishName(of type: TOMLType) -> String {
        switch type {
        case .table: "a table"
        case .array: "a list"
        case .string: "a string"
        case .int: "an integer"
        case .double: "a decimal number"
        case .bool: "a boolean"
        case .date: "a date"
        case .time: "a time"
        case .dateTime: "a date-time"
        }
    }
}
