import NoodleTheme
import NoodleViews
import Testing

/// The theme files in `themes/`, as users get them.
enum Shipped {
    static let names = folderEntries(shippedThemesFolder).filter { $0.hasSuffix(".toml") }.map { String($0.dropLast(5)) }

    static func theme(_ name: String) throws -> Theme {
        let path = "themes/\(name).toml"
        return try ThemeFile.parse(try readText("\(shippedThemesFolder)/\(name).toml"), path: path)
    }
}

@Suite("Shipped themes")
struct ShippedThemesTests {
    @Test("at least the six promised themes are there")
    func promisedThemes() {
        for name in ["default", "light", "solarized-dark", "gruvbox", "high-contrast", "mono"] {
            #expect(Shipped.names.contains(name), "themes/\(name).toml is missing")
        }
    }

    @Test("parses, names itself after its file and explains itself", arguments: Shipped.names)
    func parses(name: String) throws {
        let theme = try Shipped.theme(name)
        #expect(theme.name == name)
        #expect(!theme.description.isEmpty)
    }

    @Test("maps every role in its own words, each on one line", arguments: Shipped.names)
    func mapsEveryRoleExplicitly(name: String) throws {
        let text = try readText("\(shippedThemesFolder)/\(name).toml")
        let lines = text.split(separator: "\n")
        for role in StyleRole.allCases {
            let count = lines.count { $0.hasPrefix(role.themeKey + " ") || $0.hasPrefix(role.themeKey + "=") }
            #expect(count == 1, "\(name): \(role.themeKey) is set on \(count) lines")
        }
    }

    @Test("starts with a comment explaining the format", arguments: Shipped.names)
    func explainsTheFormat(name: String) throws {
        let text = try readText("\(shippedThemesFolder)/\(name).toml")
        #expect(text.hasPrefix("#"))
        #expect(text.contains("[roles]") && text.contains("#rrggbb") && text.contains("attrs"))
    }

    @Test("the selection and a ringing timer never look like plain text", arguments: Shipped.names)
    func alertsStandOut(name: String) throws {
        let theme = try Shipped.theme(name)
        #expect(theme.style(for: .selection) != theme.style(for: .text))
        #expect(theme.style(for: .ringing) != theme.style(for: .text))
        #expect(theme.style(for: .ringing) != theme.style(for: .selection))
    }

    @Test("default.toml is exactly the built-in default")
    func defaultFileIsBuiltIn() throws {
        let theme = try Shipped.theme("default")
        #expect(theme == Theme.builtInDefault)
        for role in StyleRole.allCases {
            #expect(theme.style(for: role) == Theme.builtInDefault.style(for: role), "\(role.themeKey)")
        }
    }

    @Test("default.toml documents every role by name")
    func defaultDocumentsRoles() throws {
        let text = try readText("\(shippedThemesFolder)/default.toml")
        let comments = text.split(separator: "\n").filter { $0.hasPrefix("#") }.joined(separator: "\n")
        for role in StyleRole.allCases {
            #expect(comments.contains(role.themeKey), "\(role.themeKey) is not explained")
        }
    }

    @Test("mono uses no colour, and its attributes tell the roles apart")
    func monoIsAttributesOnly() throws {
        let mono = try Shipped.theme("mono")
        for role in StyleRole.allCases {
            #expect(mono.style(for: role).foreground == .terminalDefault, "\(role.themeKey) has a foreground")
            #expect(mono.style(for: role).background == .terminalDefault, "\(role.themeKey) has a background")
        }
        func attributes(_ role: StyleRole) -> Set<ThemeAttribute> { mono.style(for: role).attributes }
        #expect(attributes(.selection).contains(.reverse))
        #expect(attributes(.ringing).isSuperset(of: [.bold, .reverse]))
        #expect(attributes(.bestLap).contains(.bold))
        #expect(attributes(.worstLap).contains(.underline))
        #expect(attributes(.ownTime).contains(.italic))
        #expect(attributes(.text).isEmpty)
        // Roles that share the screen must differ from each other by attributes alone.
        let neighbours: [[StyleRole]] = [
            [.text, .bestLap, .worstLap, .selection],
            [.text, .running, .paused, .ringing, .missed, .ownTime, .selection],
            [.border, .focusedBorder, .title],
            [.hintKey, .hintText],
            [.text, .muted, .error],
        ]
        for group in neighbours {
            for (offset, first) in group.enumerated() {
                for second in group.dropFirst(offset + 1) {
                    #expect(attributes(first) != attributes(second), "\(first.themeKey) looks like \(second.themeKey)")
                }
            }
        }
    }

    @Test("high-contrast never dims anything")
    func highContrastNeverDims() throws {
        let theme = try Shipped.theme("high-contrast")
        for role in StyleRole.allCases {
            #expect(!theme.style(for: role).attributes.contains(.dim), "\(role.themeKey) is dimmed")
        }
    }
}
