import Foundation
import NoodleCore
import Testing
@testable import NoodleConfig

/// One key set to one value, and what must come of it.
struct KeyCase: Sendable, CustomTestStringConvertible {
    let line: String
    /// For a good value: the config it must give.
    let expected: Config?
    /// For a bad value: words the message must contain besides the file, line and key.
    let fragment: String

    var testDescription: String { line }
    var key: String { String(line.prefix { $0 != " " }) }

    static func good(_ line: String, _ change: (inout Config) -> Void) -> KeyCase {
        var config = Config()
        change(&config)
        return KeyCase(line: line, expected: config, fragment: "")
    }

    static func bad(_ line: String, _ fragment: String) -> KeyCase {
        KeyCase(line: line, expected: nil, fragment: fragment)
    }
}

@Suite("config.toml")
struct ConfigFileTests {
    static let goodValues: [KeyCase] = [
        .good(#"theme = "nord""#) { $0.theme = "nord" },
        .good(#"theme = "/tmp/my theme.toml""#) { $0.theme = "/tmp/my theme.toml" },
        .good("frame_rate_cap = 1") { $0.frameRateCap = 1 },
        .good("frame_rate_cap = 60") { $0.frameRateCap = 60 },
        .good("centiseconds = false") { $0.showCentiseconds = false },
        .good(#"bell_interval = "1s""#) { $0.bellInterval = .seconds(1) },
        .good(#"bell_interval = "0:10""#) { $0.bellInterval = .seconds(10) },
        .good(#"bell_interval = "5m""#) { $0.bellInterval = .seconds(300) },
        .good(#"alarm_cap = "24h""#) { $0.alarmCap = .seconds(86_400) },
        .good(#"alarm_cap = "3s""#) { $0.alarmCap = .seconds(3) },
        .good(#"alarm_cap = "1m30s""#) { $0.alarmCap = .seconds(90) },
        .good("flash = true") { $0.flash = true },
        .good(#"notify = "auto""#) { $0.notify = "auto" },
        .good(#"notify = "osc9""#) { $0.notify = "osc9" },
        .good(#"notify = "osc777""#) { $0.notify = "osc777" },
        .good(#"notify = "osc99""#) { $0.notify = "osc99" },
        .good(#"notify = "notify-send""#) { $0.notify = "notify-send" },
        .good(#"notify = "none""#) { $0.notify = "none" },
        .good(#"on_done = ["notify-send", "noodle", "done; rm -rf /"]"#) { $0.onDone = ["notify-send", "noodle", "done; rm -rf /"] },
        .good("on_done = []") { $0.onDone = [] },
        .good(#"step_cue = "flash""#) { $0.stepCue = "flash" },
        .good(#"step_cue = "none""#) { $0.stepCue = "none" },
        .good(#"step_cue = "bell""#) { $0.stepCue = "bell" },
        .good(#"timer_order = "created""#) { $0.timerOrder = .created },
        .good(#"timer_order = "status""#) { $0.timerOrder = .status },
        .good(#"auto_clear = "10m""#) { $0.autoClear = .seconds(600) },
        .good(#"snooze = "5m""#) { $0.snooze = .seconds(300) },
        .good(#"snooze = "1s""#) { $0.snooze = .seconds(1) },
        .good(#"snooze = "1h""#) { $0.snooze = .seconds(3600) },
        .good(#"sound = "none""#) { $0.sound = .none },
        .good(#"sound = "theme""#) { $0.sound = .theme },
        .good(#"sound = "/usr/share/sounds/freedesktop/stereo/bell.oga""#) { $0.sound = .file("/usr/share/sounds/freedesktop/stereo/bell.oga") },
        .good("volume = 0") { $0.volume = 0 },
        .good("volume = 65") { $0.volume = 65 },
        .good(#"warn_before = "30s""#) { $0.warnBefore = .seconds(30) },
    ]

    static let badValues: [KeyCase] = [
        .bad("theme = 3", "must be a string in quotes, not an integer"),
        .bad(#"theme = "  ""#, "not empty"),
        .bad("frame_rate_cap = 0", "from 1 to 60 frames a second, not 0"),
        .bad("frame_rate_cap = 61", "from 1 to 60 frames a second, not 61"),
        .bad("frame_rate_cap = -5", "not -5"),
        .bad("frame_rate_cap = 30.5", "must be a whole number, not a floating-point number"),
        .bad(#"frame_rate_cap = "30""#, "must be a whole number, not a string"),
        .bad(#"centiseconds = "yes""#, "must be true or false, not a string"),
        .bad("centiseconds = 1", "must be true or false, not an integer"),
        .bad(#"bell_interval = "0s""#, "longer than zero"),
        .bad(#"bell_interval = "11m""#, "from 1s to 10m, not 11m"),
        .bad(#"bell_interval = "soon""#, #"like "3s""#),
        .bad(#"bell_interval = "3s later""#, #"not "3s later""#),
        .bad(#"bell_interval = "-3s""#, #"like "3s""#),
        .bad("bell_interval = 3", "a duration in quotes"),
        .bad(#"alarm_cap = "25h""#, "at most 24h, not 25h"),
        .bad(#"alarm_cap = "2s""#, "alarm_cap (2s) must be at least bell_interval (3s)"),
        .bad(#"alarm_cap = "1000h""#, "far too long"),
        .bad("alarm_cap = 300", "a duration in quotes, like \"3s\""),
        .bad(#"bell_interval = "10m""#, "alarm_cap (5m) must be at least bell_interval (10m)"),
        .bad(#"flash = "true""#, "must be true or false, not a string"),
        .bad(#"notify = "growl""#, #"one of "auto", "osc9", "osc777", "osc99", "notify-send", "none", not "growl""#),
        .bad("notify = false", "not a boolean"),
        .bad(#"on_done = "notify-send noodle""#, "must be a list of strings"),
        .bad(#"on_done = ["say", 3]"#, "item 2 is an integer"),
        .bad(#"on_done = ["", "x"]"#, "must start with the program to run"),
        .bad(#"step_cue = "beep""#, #"one of "bell", "flash", "none", not "beep""#),
        .bad("step_cue = []", "not an array"),
        .bad(#"timer_order = "alphabetical""#, #"one of "status", "created", not "alphabetical""#),
        .bad(#"auto_clear = "0s""#, "must be longer than zero"),
        .bad(#"auto_clear = "25h""#, "must be from 1s to 24h, not 25h; leave it out to keep finished countdowns"),
        .bad(#"snooze = "0s""#, "must be longer than zero"),
        .bad(#"snooze = "2h""#, "must be from 1s to 1h, not 2h"),
        .bad("snooze = 5", "a duration in quotes"),
        .bad(#"sound = "loud""#, #"must be "theme", "none" or the absolute path of a sound file, not "loud""#),
        .bad(#"sound = "alarm.oga""#, "absolute path"),
        .bad(#"sound = "/nonexistent/alarm.oga""#, "names a file that cannot be read: /nonexistent/alarm.oga (No such file or directory)"),
        .bad("volume = 101", "must be from 0 to 100 percent, not 101"),
        .bad(#"warn_before = "2h""#, "must be from 1s to 1h, not 2h; leave it out for no warning"),
    ]

    @Test("a table header with no name is an error naming its line, not a crash (toml++ would abort)", arguments: ["[\n", "[[\n", "[.]\n", "[#]\n"])
    func namelessHeader(_ text: String) {
        do {
            _ = try ConfigFile.parse("theme = \"x\"\n" + text, path: "c.toml")
            Issue.record("no error for \(text.debugDescription)")
        } catch {
            #expect(error.line == 2, "\(error)")
            #expect(error.description.contains("a table header needs a name"), "\(error)")
        }
    }

    @Test("an empty file, and one of only comments, give the defaults")
    func defaults() throws {
        let expected = Config()
        #expect(expected.theme == nil)
        #expect(expected.frameRateCap == 30)
        #expect(expected.showCentiseconds)
        #expect(expected.bellInterval == .seconds(3))
        #expect(expected.alarmCap == .seconds(300))
        #expect(!expected.flash)
        #expect(expected.notify == "auto")
        #expect(expected.onDone.isEmpty)
        #expect(expected.stepCue == "bell")
        #expect(expected.snooze == .seconds(60))
        for text in ["", "# nothing here\n\n   # still nothing\n"] {
            let (config, warnings) = try ConfigFile.parse(text, path: "config.toml")
            #expect(config == expected)
            #expect(warnings.isEmpty)
        }
    }

    @Test("each key takes its allowed values", arguments: goodValues)
    func goodValue(_ item: KeyCase) throws {
        let (config, warnings) = try ConfigFile.parse("# settings\n" + item.line + "\n", path: "config.toml")
        #expect(config == item.expected)
        #expect(warnings.isEmpty)
    }

    @Test("a bad value names the file, the line, the key and what is allowed", arguments: badValues)
    func badValue(_ item: KeyCase) {
        let text = "# settings\n\n# (line 3)\n" + item.line + "\n"
        let error = #expect(throws: ConfigError.self) {
            try ConfigFile.parse(text, path: "/home/me/.config/noodle/config.toml")
        }
        let message = error?.description ?? ""
        #expect(error?.line == 4)
        #expect(message.hasPrefix("/home/me/.config/noodle/config.toml:4: "), "\(message)")
        #expect(message.contains(item.key), "\(message)")
        #expect(message.contains(item.fragment), "\(message)")
    }

    @Test("keys may be written in any order, quoted, and with odd spacing")
    func spellings() throws {
        let text = """
        step_cue="none"
        "flash"   =   true
          alarm_cap = "10m"
        bell_interval = "6m"
        'notify' = "none"
        """
        let (config, warnings) = try ConfigFile.parse(text, path: "config.toml")
        var expected = Config()
        expected.stepCue = "none"
        expected.flash = true
        expected.alarmCap = .seconds(600)
        expected.bellInterval = .seconds(360)
        expected.notify = "none"
        #expect(config == expected)
        #expect(warnings.isEmpty)
    }

    @Test("the line named is the key's own, even when another key's value mentions it")
    func lineScan() {
        let text = """
        theme = "frame_rate_cap = 3"
        # frame_rate_cap = 30
        frame_rate_cap_extra = 1
        frame_rate_cap = 99
        """
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(text, path: "c.toml") }
        #expect(error?.line == 4)
        #expect(error?.key == "frame_rate_cap")
    }

    @Test("unknown keys are warnings naming each key and the file, in the order written")
    func unknownKeys() throws {
        let text = """
        colour = "red"
        flash = true
        frame_rate = 10

        [keys]
        quit = "x"
        """
        let (config, warnings) = try ConfigFile.parse(text, path: "config.toml")
        var expected = Config()
        expected.flash = true
        #expect(config == expected)
        #expect(warnings == [
            "config.toml: unknown key 'colour' (ignored)",
            "config.toml: unknown key 'frame_rate' (ignored)",
            "config.toml: unknown key 'keys' (ignored)",
        ])
    }

    @Test("a known key inside a table is a type error, not a silent default")
    func knownKeyAsTable() {
        let error = #expect(throws: ConfigError.self) {
            try ConfigFile.parse("flash = true\n[notify]\nmethod = \"osc9\"\n", path: "config.toml")
        }
        #expect(error?.description.hasPrefix("config.toml:2: notify must be one of") ?? false, "\(String(describing: error))")
    }

    @Test("a TOML syntax error names the line", arguments: [
        ("flash = true\nframe_rate_cap = \n", 2),
        ("flash = true\n\n\ntheme = \"unclosed\n", 4),
        ("flash = true\nflash = false\n", 2),
        ("[table\n", 1),
    ])
    func syntaxError(_ text: String, _ line: Int) {
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(text, path: "config.toml") }
        #expect(error?.line == line)
        #expect(error?.description.hasPrefix("config.toml:\(line): is not valid TOML") ?? false, "\(String(describing: error))")
    }

    @Test("a missing file is the default config with no warning")
    func missingFile() throws {
        let folder = try TemporaryFolder()
        let (config, warnings) = try ConfigFile.load(path: folder.path + "/nothing/config.toml")
        #expect(config == Config())
        #expect(warnings.isEmpty)
    }

    @Test("a file is read from disk, and its problems name its path")
    func loadFromDisk() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/config.toml"
        try "frame_rate_cap = 12\nwobble = 1\n".write(toFile: path, atomically: true, encoding: .utf8)
        let (config, warnings) = try ConfigFile.load(path: path)
        #expect(config.frameRateCap == 12)
        #expect(warnings == ["\(path): unknown key 'wobble' (ignored)"])

        try "frame_rate_cap = 0\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ConfigError(path: path, line: 1, key: "frame_rate_cap", problem: "must be from 1 to 60 frames a second, not 0")) {
            try ConfigFile.load(path: path)
        }
    }

    @Test("a folder where the file should be, or bytes that are not UTF-8, are errors")
    func unreadable() throws {
        let folder = try TemporaryFolder()
        #expect(throws: ConfigError.self) { try ConfigFile.load(path: folder.path) }
        let path = folder.path + "/config.toml"
        try Data([0x66, 0x6c, 0x61, 0x73, 0x68, 0x20, 0x3d, 0x20, 0xff, 0xfe, 0x0a]).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: ConfigError.self) { try ConfigFile.load(path: path) }
        #expect(error?.description.contains("is not UTF-8") ?? false)
    }

    @Test("the default path follows XDG_CONFIG_HOME when absolute, else HOME")
    func defaultPath() {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/conf/", "HOME": "/home/me"]) == "/x/conf/noodle/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/me"]) == "/home/me/.config/noodle/config.toml")
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/me"]) == "/home/me/.config/noodle/config.toml")
        #expect(ConfigFile.defaultPath(environment: [:]).hasSuffix("/.config/noodle/config.toml"))
    }

    @Test("durations in messages read as they are written")
    func durationText() {
        #expect(ConfigFile.durationText(.seconds(3)) == "3s")
        #expect(ConfigFile.durationText(.seconds(300)) == "5m")
        #expect(ConfigFile.durationText(.seconds(90)) == "1m30s")
        #expect(ConfigFile.durationText(.seconds(86_400)) == "24h")
        #expect(ConfigFile.durationText(.seconds(3723)) == "1h2m3s")
    }

    // MARK: - The shipped example

    static var examplePath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("config.example.toml").path
    }

    /// The example with every `# key = value` line uncommented, as a user would.
    static func uncommented(_ text: String) -> (text: String, keys: [String]) {
        var keys: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("# ") else { return String(line) }
            let rest = line.dropFirst(2)
            let key = rest.prefix { $0.isLetter || $0 == "_" }
            guard !key.isEmpty, rest.dropFirst(key.count).hasPrefix(" = ") else { return String(line) }
            keys.append(String(key))
            return String(rest)
        }
        return (lines.joined(separator: "\n"), keys)
    }

    @Test("config.example.toml parses with no warnings as shipped, and uncommented it is the defaults, every key but theme set")
    func example() throws {
        let text = try String(contentsOfFile: Self.examplePath, encoding: .utf8)
        let shipped = try ConfigFile.parse(text, path: "config.example.toml")
        #expect(shipped.config == Config())
        #expect(shipped.warnings.isEmpty)

        let (uncommented, keys) = Self.uncommented(text)
        // theme, auto_clear and warn_before have no default value to write; the example shows them in prose instead.
        #expect(Set(keys) == Set(ConfigFile.knownKeys).subtracting(["theme", "auto_clear", "warn_before"]))
        #expect(keys.count == Set(keys).count, "a key is written twice: \(keys)")
        #expect(text.contains("theme") && text.contains("auto_clear = "))
        let parsed = try ConfigFile.parse(uncommented, path: "config.example.toml")
        #expect(parsed.config == Config())
        #expect(parsed.warnings.isEmpty)
    }
}

/// A fresh folder under the temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-config-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
