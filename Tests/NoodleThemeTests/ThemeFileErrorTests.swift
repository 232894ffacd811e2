import NoodleTheme
import NoodleViews
import Testing

/// One way to break a theme file, and where the error must point.
struct BrokenTheme: CustomTestStringConvertible, Sendable {
    let label: String
    let text: String
    let line: Int
    let key: String?
    /// A piece of the problem the user must read.
    let problem: String

    var testDescription: String { label }
}

@Suite("Theme file errors")
struct ThemeFileErrorTests {
    static let ringingLine = ThemeText.line(of: .ringing)

    static let cases: [BrokenTheme] = [
        BrokenTheme(
            label: "missing role", text: ThemeText.make(replacing: [.ringing: nil]),
            line: ThemeText.rolesHeaderLine, key: "roles.ringing", problem: "is missing"
        ),
        BrokenTheme(
            label: "unknown role", text: ThemeText.make(extraLines: ["blinking = { fg = \"red\" }"]),
            line: ThemeText.line(of: .error) + 1, key: "roles.blinking", problem: "is not a role"
        ),
        BrokenTheme(
            label: "unknown key inside a role",
            text: ThemeText.make(replacing: [.ringing: "ringing = { fg = \"red\", colour = \"blue\" }"]),
            line: ringingLine, key: "roles.ringing.colour", problem: "is not a known key (use fg, bg and attrs)"
        ),
        BrokenTheme(
            label: "bad colour string", text: ThemeText.make(replacing: [.ringing: "ringing = { fg = \"#ff00\" }"]),
            line: ringingLine, key: "roles.ringing.fg", problem: "\"#ff00\" is not a colour (use a name, 0-255 or #rrggbb)"
        ),
        BrokenTheme(
            label: "unknown colour name", text: ThemeText.make(replacing: [.ringing: "ringing = { bg = \"brightred\" }"]),
            line: ringingLine, key: "roles.ringing.bg", problem: "\"brightred\" is not a colour"
        ),
        BrokenTheme(
            label: "256", text: ThemeText.make(replacing: [.ringing: "ringing = { fg = \"red\", bg = 256 }"]),
            line: ringingLine, key: "roles.ringing.bg", problem: "256 is not a colour"
        ),
        BrokenTheme(
            label: "-1", text: ThemeText.make(replacing: [.ringing: "ringing = { fg = -1 }"]),
            line: ringingLine, key: "roles.ringing.fg", problem: "-1 is not a colour"
        ),
        BrokenTheme(
            label: "bad attribute", text: ThemeText.make(replacing: [.ringing: "ringing = { attrs = [\"bold\", \"blink\"] }"]),
            line: ringingLine, key: "roles.ringing.attrs", problem: "\"blink\" is not an attribute (use bold, dim, underline, reverse, italic)"
        ),
        BrokenTheme(
            label: "role is not a table", text: ThemeText.make(replacing: [.ringing: "ringing = \"red\""]),
            line: ringingLine, key: "roles.ringing", problem: "should be a table like { fg = \"red\", attrs = [\"bold\"] }, not a string"
        ),
        BrokenTheme(
            label: "colour of the wrong type", text: ThemeText.make(replacing: [.ringing: "ringing = { fg = true }"]),
            line: ringingLine, key: "roles.ringing.fg", problem: "should be a colour (use a name, 0-255 or #rrggbb), not a boolean"
        ),
        BrokenTheme(
            label: "attrs not a list", text: ThemeText.make(replacing: [.ringing: "ringing = { attrs = \"bold\" }"]),
            line: ringingLine, key: "roles.ringing.attrs", problem: "should be a list like [\"bold\", \"underline\"], not a string"
        ),
        BrokenTheme(
            label: "attribute not a string", text: ThemeText.make(replacing: [.ringing: "ringing = { attrs = [1] }"]),
            line: ringingLine, key: "roles.ringing.attrs", problem: "item 1 should be an attribute name in quotes, not an integer"
        ),
        BrokenTheme(
            label: "TOML syntax error", text: ThemeText.make(replacing: [.ringing: "ringing = { attrs = [bold] }"]),
            line: ringingLine, key: "roles.ringing", problem: "is not valid TOML"
        ),
        BrokenTheme(
            label: "unknown top-level key", text: ThemeText.make(header: ["name = \"t\"", "colour = \"red\""]),
            line: 2, key: "colour", problem: "is not a known key"
        ),
        BrokenTheme(
            label: "missing name", text: ThemeText.make(header: ["description = \"no name\""]),
            line: 1, key: "name", problem: "is missing"
        ),
        BrokenTheme(
            label: "name not a string", text: ThemeText.make(header: ["name = 3"]),
            line: 1, key: "name", problem: "should be a string in quotes, not an integer"
        ),
        BrokenTheme(
            label: "no [roles] table", text: "name = \"t\"\n",
            line: 1, key: "roles", problem: "the file has no [roles] table"
        ),
        BrokenTheme(
            label: "role written as its own table",
            text: ThemeText.make(replacing: [.error: nil], extraLines: ["", "[roles.error]", "fg = \"red\"", "bg = \"#12345g\""]),
            line: ThemeText.line(of: .error) + 4, key: "roles.error.bg", problem: "\"#12345g\" is not a colour"
        ),
    ]

    @Test("names the file, the line and the key", arguments: cases)
    func pointsAtTheProblem(broken: BrokenTheme) {
        #expect(throws: ThemeError.self) { try ThemeFile.parse(broken.text, path: "themes/bad.toml") }
        do {
            _ = try ThemeFile.parse(broken.text, path: "themes/bad.toml")
        } catch {
            #expect(error.path == "themes/bad.toml")
            #expect(error.line == broken.line)
            #expect(error.key == broken.key)
            #expect(error.problem.contains(broken.problem), "\(error.problem)")
            let place = broken.key.map { "themes/bad.toml:\(broken.line): \($0): " } ?? "themes/bad.toml:\(broken.line): "
            #expect(error.description.hasPrefix(place), "\(error)")
        }
    }

    @Test("a table header with no name is an error naming its line, not a crash (toml++ would abort)", arguments: ["[\n", "[[\nFormat:\n", "[.]\n"])
    func namelessHeader(_ text: String) {
        do {
            _ = try ThemeFile.parse("name = \"x\"\n" + text, path: "t.toml")
            Issue.record("no error for \(text.debugDescription)")
        } catch {
            #expect(error.line == 2, "\(error)")
            #expect(error.description.contains("a table header needs a name"), "\(error)")
        }
    }

    @Test("reads exactly as the documentation's example")
    func documentedMessage() {
        let text = ThemeText.make(replacing: [.ringing: "ringing = { fg = \"#ff00\" }"])
        #expect(throws: ThemeError(
            path: "themes/bad.toml", line: Self.ringingLine, key: "roles.ringing.fg",
            problem: "\"#ff00\" is not a colour (use a name, 0-255 or #rrggbb)"
        )) {
            try ThemeFile.parse(text, path: "themes/bad.toml")
        }
        let message = "themes/bad.toml:\(Self.ringingLine): roles.ringing.fg: \"#ff00\" is not a colour (use a name, 0-255 or #rrggbb)"
        #expect(ThemeError(path: "themes/bad.toml", line: Self.ringingLine, key: "roles.ringing.fg",
                           problem: "\"#ff00\" is not a colour (use a name, 0-255 or #rrggbb)").description == message)
    }

    @Test("a missing role is named even when every other role is there")
    func everyRoleIsRequired() {
        for role in StyleRole.allCases {
            let text = ThemeText.make(replacing: [role: nil])
            #expect(throws: ThemeError.self) { try ThemeFile.parse(text, path: "t.toml") }
            do {
                _ = try ThemeFile.parse(text, path: "t.toml")
            } catch {
                #expect(error.key == "roles.\(role.themeKey)")
            }
        }
    }

    @Test("a # inside a colour string is not mistaken for a comment when finding the line")
    func hashInsideString() {
        let text = ThemeText.make(replacing: [
            .text: "text = { fg = \"#ffffff\" } # white, with a colour = 1 in the comment",
            .muted: "muted = { fg = \"#808080\", bg = \"#nothex\" }",
        ])
        do {
            _ = try ThemeFile.parse(text, path: "t.toml")
            Issue.record("parsed a bad colour")
        } catch {
            #expect(error.key == "roles.muted.bg")
            #expect(error.line == ThemeText.line(of: .muted))
        }
    }
}
