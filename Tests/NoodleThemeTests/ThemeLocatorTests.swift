import NoodleTheme
import Testing

@Suite("Theme locator")
struct ThemeLocatorTests {
    private static func themeFile(named name: String) -> String {
        ThemeText.make(header: ["name = \"\(name)\""])
    }

    /// A home with a user theme folder, and an installed prefix with its share folder.
    private struct Layout {
        let root: String
        var config: String { root + "/config" }
        var userThemes: String { config + "/noodle/themes" }
        var sharedThemes: String { root + "/prefix/share/noodle/themes" }
        var executable: String { root + "/prefix/bin/noodle" }

        func locator(environment: [String: String]? = nil) -> ThemeLocator {
            ThemeLocator(environment: environment ?? ["XDG_CONFIG_HOME": config, "HOME": root + "/home"], executablePath: executable)
        }
    }

    @Test("the user's folder comes first, then the installed share folder")
    func searchOrder() throws {
        try withTemporaryFolder { root in
            let layout = Layout(root: root)
            #expect(layout.locator().searchFolders == [layout.userThemes, layout.sharedThemes])
        }
    }

    @Test("without XDG_CONFIG_HOME (or with a relative one) the user's folder is under HOME")
    func homeFallback() {
        let executable = "/nowhere/bin/noodle"
        let expected = ["/home/cook/.config/noodle/themes", "/nowhere/share/noodle/themes"]
        #expect(ThemeLocator(environment: ["HOME": "/home/cook"], executablePath: executable).searchFolders == expected)
        let relative = ["HOME": "/home/cook", "XDG_CONFIG_HOME": "relative/config"]
        #expect(ThemeLocator(environment: relative, executablePath: executable).searchFolders == expected)
        #expect(ThemeLocator(environment: [:], executablePath: executable).searchFolders == ["/nowhere/share/noodle/themes"])
    }

    @Test("a name in the XDG folder wins over the same name installed")
    func userFolderWins() throws {
        try withTemporaryFolder { root in
            let layout = Layout(root: root)
            try writeText(Self.themeFile(named: "users-gruvbox"), to: layout.userThemes + "/gruvbox.toml")
            try writeText(Self.themeFile(named: "installed-gruvbox"), to: layout.sharedThemes + "/gruvbox.toml")
            let loaded = layout.locator().load("gruvbox")
            #expect(loaded.problem == nil)
            #expect(loaded.theme.name == "users-gruvbox")
        }
    }

    @Test("lists default first then alphabetically, the first folder's file for each name")
    func available() throws {
        try withTemporaryFolder { root in
            let layout = Layout(root: root)
            try writeText(Self.themeFile(named: "zebra"), to: layout.userThemes + "/zebra.toml")
            try writeText(Self.themeFile(named: "mono"), to: layout.userThemes + "/mono.toml")
            try writeText(Self.themeFile(named: "mono"), to: layout.sharedThemes + "/mono.toml")
            try writeText(Self.themeFile(named: "apple"), to: layout.sharedThemes + "/apple.toml")
            try writeText("not a theme", to: layout.sharedThemes + "/README.md")
            let listed = layout.locator().available()
            #expect(listed.map(\.name) == ["default", "apple", "mono", "zebra"])
            #expect(listed.map(\.path) == [
                "built-in", layout.sharedThemes + "/apple.toml", layout.userThemes + "/mono.toml", layout.userThemes + "/zebra.toml",
            ])
            try writeText(Self.themeFile(named: "default"), to: layout.sharedThemes + "/default.toml")
            #expect(layout.locator().available().first?.path == layout.sharedThemes + "/default.toml")
        }
    }

    @Test("a value with a slash or ending in .toml is a path and loads directly")
    func loadsPath() throws {
        try withTemporaryFolder { root in
            let layout = Layout(root: root)
            let path = root + "/elsewhere/mine.toml"
            try writeText(Self.themeFile(named: "mine"), to: path)
            let loaded = layout.locator().load(path)
            #expect(loaded.problem == nil)
            #expect(loaded.theme.name == "mine")
            let missing = layout.locator().load("nowhere.toml")
            #expect(missing.theme == Theme.builtInDefault)
            #expect(missing.problem?.contains("nowhere.toml") == true)
        }
    }

    @Test("a ~/ path is read from HOME")
    func homePath() throws {
        try withTemporaryFolder { root in
            try writeText(Self.themeFile(named: "homemade"), to: root + "/home/themes/homemade.toml")
            let locator = ThemeLocator(environment: ["HOME": root + "/home"], executablePath: "/nowhere/bin/noodle")
            #expect(locator.load("~/themes/homemade.toml").theme.name == "homemade")
        }
    }

    @Test("a missing name gives the default and says where it looked")
    func missingName() throws {
        try withTemporaryFolder { root in
            let layout = Layout(root: root)
            let loaded = layout.locator().load("no-such-theme")
            #expect(loaded.theme == Theme.builtInDefault)
            let problem = try #require(loaded.problem)
            #expect(problem.contains("\"no-such-theme\" not found"))
            #expect(problem.contains(layout.userThemes))
            #expect(problem.contains(layout.sharedThemes))
            #expect(problem.contains("default"))
        }
    }

    @Test("\"default\" without any file is the built-in default, with no problem")
    func defaultWithoutFile() throws {
        try withTemporaryFolder { root in
            let loaded = Layout(root: root).locator().load("default")
            #expect(loaded.theme == Theme.builtInDefault)
            #expect(loaded.problem == nil)
        }
    }

    @Test("a broken theme gives the default and the parse error")
    func brokenTheme() throws {
        try withTemporaryFolder { root in
            let layout = Layout(root: root)
            let text = ThemeText.make(replacing: [.ringing: "ringing = { fg = \"#ff00\" }"])
            try writeText(text, to: layout.userThemes + "/broken.toml")
            let loaded = layout.locator().load("broken")
            #expect(loaded.theme == Theme.builtInDefault)
            let problem = try #require(loaded.problem)
            let place = "\(layout.userThemes)/broken.toml:\(ThemeText.line(of: .ringing)): roles.ringing.fg: "
            #expect(problem.hasPrefix(place + "\"#ff00\" is not a colour"), "\(problem)")
        }
    }

    @Test("an unreadable theme gives the default and the reason")
    func unreadableTheme() throws {
        try withTemporaryFolder { root in
            let layout = Layout(root: root)
            try makeFolders(layout.userThemes + "/folder.toml")
            let loaded = layout.locator().load("folder")
            #expect(loaded.theme == Theme.builtInDefault)
            #expect(loaded.problem?.hasPrefix("cannot read theme \(layout.userThemes)/folder.toml") == true)
            try writeBytes(Array("name = \"caf".utf8) + [0xe9] + Array("\"\n".utf8), to: layout.userThemes + "/latin1.toml")
            #expect(layout.locator().load("latin1").problem?.contains("is not UTF-8") == true)
        }
    }

    @Test("run from a checkout, the checkout's themes/ is searched last")
    func checkout() throws {
        try withTemporaryFolder { root in
            let checkout = root + "/checkout"
            try writeText("// swift-tools-version:6.1\n", to: checkout + "/Package.swift")
            try writeText(Self.themeFile(named: "in-checkout"), to: checkout + "/themes/in-checkout.toml")
            let environment = ["XDG_CONFIG_HOME": root + "/config"]
            let locator = ThemeLocator(environment: environment, executablePath: checkout + "/.build/release/noodle")
            #expect(locator.searchFolders == [root + "/config/noodle/themes", checkout + "/themes"])
            #expect(locator.load("in-checkout").theme.name == "in-checkout")

            let elsewhere = ThemeLocator(environment: environment, executablePath: root + "/unrelated/.build/release/noodle")
            #expect(elsewhere.searchFolders == [root + "/config/noodle/themes"])
        }
    }

    @Test("the real checkout's themes are found from its own build folder")
    func realCheckout() {
        let checkout = String(shippedThemesFolder.dropLast("/themes".count))
        let locator = ThemeLocator(environment: [:], executablePath: checkout + "/.build/debug/noodle")
        #expect(locator.searchFolders.last == shippedThemesFolder)
        let names = locator.available().map(\.name)
        #expect(names.first == "default")
        #expect(names.contains("mono") && names.contains("gruvbox"))
    }
}
