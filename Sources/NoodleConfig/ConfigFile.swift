import Glibc
import NoodleCore
import TOMLKit

/// config.toml: read before curses starts, so that every problem is a plain message on stderr.
///
/// Unknown keys are warnings (a key from a newer noodle must not stop an older one), but a known
/// key with a value noodle cannot use is an error: quietly running with the default instead
/// would leave the user wondering why their setting does nothing.
public enum ConfigFile {
    public static let knownKeys = [
        "theme", "frame_rate_cap", "centiseconds", "bell_interval", "alarm_cap", "flash", "notify", "on_done", "step_cue",
        "timer_order", "auto_clear", "snooze", "sound", "volume", "warn_before",
    ]

    /// The config in `text`, and a warning for each key noodle does not know. `path` is only
    /// for the messages.
    public static func parse(_ text: String, path: String) throws(ConfigError) -> (config: Config, warnings: [String]) {
        let table = try document(text, path: path)
        let reader = KeyReader(table: table, text: text, path: path)
        var config = Config()
        var warnings: [String] = []
        for key in table.keys.sorted(by: { reader.line(of: $0) ?? .max < reader.line(of: $1) ?? .max })
            where !knownKeys.contains(key) {
            warnings.append("\(path): unknown key '\(key)' (ignored)")
        }
        if let value = try reader.string("theme") {
            guard value.contains(where: { !$0.isWhitespace }) else {
                throw reader.error("theme", "must be a theme's name or the path to a theme file, not empty")
            }
            config.theme = value
        }
        if let value = try reader.integer("frame_rate_cap", in: Config.frameRateCapRange, unit: "frames a second") { config.frameRateCap = value }
        if let value = try reader.bool("centiseconds") { config.showCentiseconds = value }
        if let value = try reader.duration("bell_interval", in: Config.bellIntervalRange) { config.bellInterval = value }
        if let value = try reader.duration("alarm_cap") {
            guard value <= Config.longestAlarmCap else {
                throw reader.error("alarm_cap", "must be at most \(durationText(Config.longestAlarmCap)), not \(durationText(value))")
            }
            config.alarmCap = value
        }
        if config.alarmCap < config.bellInterval {
            // Blame the key the user wrote; when both are written, the cap is the one that is short.
            let key = table.contains(key: "alarm_cap") ? "alarm_cap" : "bell_interval"
            let problem = "alarm_cap (\(durationText(config.alarmCap))) must be at least bell_interval (\(durationText(config.bellInterval))): "
                + "an alarm rings for at least one bell interval"
            throw ConfigError(path: path, line: reader.line(of: key), key: nil, problem: problem)
        }
        if let value = try reader.bool("flash") { config.flash = value }
        if let value = try reader.choice("notify", among: Config.notifyMethods) { config.notify = value }
        if let value = try reader.strings("on_done") {
            if let program = value.first, program.isEmpty {
                throw reader.error("on_done", "must start with the program to run, not an empty string")
            }
            config.onDone = value
        }
        if let value = try reader.choice("step_cue", among: Config.stepCues) { config.stepCue = value }
        if let value = try reader.choice("timer_order", among: TimerOrder.allCases.map(\.rawValue)) {
            config.timerOrder = TimerOrder(rawValue: value) ?? .status
        }
        if let value = try reader.duration("auto_clear", in: Config.autoClearRange, or: "leave it out to keep finished countdowns") {
            config.autoClear = value
        }
        if let value = try reader.duration("snooze", in: Config.snoozeRange) { config.snooze = value }
        if let value = try reader.string("sound") {
            do {
                config.sound = try Config.Sound(value, home: home(environment: ["HOME": getenv("HOME").map { String(cString: $0) } ?? ""]))
            } catch {
                throw reader.error("sound", error.description)
            }
        }
        if let value = try reader.integer("volume", in: Config.volumeRange, unit: "percent") { config.volume = value }
        if let value = try reader.duration("warn_before", in: Config.warnBeforeRange, or: "leave it out for no warning") {
            config.warnBefore = value
        }
        return (config, warnings)
    }

    /// The config at `path`. A missing file is the default config with no warning: most people
    /// never write one.
    public static func load(path: String) throws(ConfigError) -> (config: Config, warnings: [String]) {
        guard let text = try contents(of: path) else { return (Config(), []) }
        return try parse(text, path: path)
    }

    /// `$XDG_CONFIG_HOME/noodle/config.toml` when XDG_CONFIG_HOME is set and absolute (the XDG
    /// spec says a relative value must be ignored), else `$HOME/.config/noodle/config.toml`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return joined(config, "noodle/config.toml")
        }
        return joined(home(environment: environment), ".config/noodle/config.toml")
    }

    /// A duration as config.toml writes it: `3s`, `5m`, `1m30s`, `24h`.
    public static func durationText(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        if seconds <= 0 { return "0s" }
        let h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60
        return (h > 0 ? "\(h)h" : "") + (m > 0 ? "\(m)m" : "") + (s > 0 ? "\(s)s" : "")
    }

    // MARK: - Plumbing

    private static func document(_ text: String, path: String) throws(ConfigError) -> TOMLTable {
        if let problem = TOMLPreflight.firstProblem(in: text) {
            throw ConfigError(path: path, line: problem.line, key: nil, problem: "is not valid TOML (column \(problem.column)): \(problem.text)")
        }
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let start = error.source.begin
            throw ConfigError(path: path, line: start.line, key: nil, problem: "is not valid TOML (column \(start.column)): \(error.description)")
        } catch {
            throw ConfigError(path: path, line: nil, key: nil, problem: "is not valid TOML: \(error)")
        }
    }

    /// The file's text, or nil when there is no file.
    static func contents(of path: String) throws(ConfigError) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            throw ConfigError(path: path, line: nil, key: nil, problem: "cannot be read: \(String(cString: strerror(code)))")
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                let code = errno
                if code == EINTR { continue }
                throw ConfigError(path: path, line: nil, key: nil, problem: "cannot be read: \(String(cString: strerror(code)))")
            }
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        switch TOMLBytes.text(bytes) {
        case .success(let text): return text
        case .failure(let problem): throw ConfigError(path: path, line: problem.line, key: nil, problem: problem.text)
        }
    }

    private static func home(environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir {
            let home = String(cString: dir)
            if home.hasPrefix("/") { return home }
        }
        return "/"
    }

    private static func joined(_ folder: String, _ name: String) -> String {
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder == "/" ? "/" + name : folder + "/" + name
    }
}

/// Reads one top-level key at a time, each checked for its type, with errors that name the key
/// and the line it is on.
struct KeyReader {
    let table: TOMLTable
    let path: String
    /// The line where each top-level key is first written, found in one pass over the text: the
    /// parser does not say where a value came from, and searching the text again for each key
    /// made a file of many unknown keys take seconds to warn about.
    let lines: [String: Int]

    init(table: TOMLTable, text: String, path: String) {
        self.table = table
        self.path = path
        lines = Self.keyLines(in: text)
    }

    func error(_ key: String, _ problem: String) -> ConfigError {
        ConfigError(path: path, line: line(of: key), key: key, problem: problem)
    }

    func line(of key: String) -> Int? {
        lines[key]
    }

    /// `key = …` or `key.sub = …` before any table header, and `[key]`, `[[key]]` or `[key.sub]`,
    /// which make the key a table. Quoted keys count too.
    static func keyLines(in text: String) -> [String: Int] {
        var lines: [String: Int] = [:]
        var inTable = false
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let rest = line.drop { $0 == " " || $0 == "\t" }
            var key: Substring?
            if rest.hasPrefix("[") {
                // Any other header starts a table whose keys are not top-level ones.
                key = leadingKey(rest.drop { $0 == "[" || $0 == " " || $0 == "\t" }, followedBy: ["]", "."])
                inTable = true
            } else if !inTable {
                key = leadingKey(rest, followedBy: ["=", "."])
            }
            if let key, lines[String(key)] == nil { lines[String(key)] = offset + 1 }
        }
        return lines
    }

    /// The key `text` starts with, bare or quoted, when one of `followers` comes after it and any spaces.
    private static func leadingKey(_ text: Substring, followedBy followers: [Character]) -> Substring? {
        let key: Substring
        let after: Substring
        if let quote = text.first, quote == "\"" || quote == "'" {
            let name = text.dropFirst()
            guard let close = name.firstIndex(of: quote) else { return nil }
            key = name[..<close]
            after = name[close...].dropFirst()
        } else {
            key = text.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            after = text[key.endIndex...]
        }
        guard let next = after.drop(while: { $0 == " " || $0 == "\t" }).first, followers.contains(next) else { return nil }
        return key
    }

    private func typeError(_ key: String, _ wanted: String, _ value: TOMLValueConvertible) -> ConfigError {
        error(key, "must be \(wanted), not \(article(value.type))")
    }

    /// "an integer", "a string": TOML's type names read as English.
    private func article(_ type: TOMLType) -> String {
        let name = type == .bool ? "boolean" : type.description
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }

    func string(_ key: String) throws(ConfigError) -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else { throw typeError(key, "a string in quotes", value) }
        return text
    }

    func integer(_ key: String) throws(ConfigError) -> Int? {
        guard let value = table[key] else { return nil }
        guard let number = value.int else { throw typeError(key, "a whole number", value) }
        return number
    }

    /// A whole number within `range`, which the message gives in `unit`.
    func integer(_ key: String, in range: ClosedRange<Int>, unit: String) throws(ConfigError) -> Int? {
        guard let value = try integer(key) else { return nil }
        guard range.contains(value) else {
            throw error(key, "must be from \(range.lowerBound) to \(range.upperBound) \(unit), not \(value)")
        }
        return value
    }

    func bool(_ key: String) throws(ConfigError) -> Bool? {
        guard let value = table[key] else { return nil }
        guard let flag = value.bool else { throw typeError(key, "true or false", value) }
        return flag
    }

    func choice(_ key: String, among choices: [String]) throws(ConfigError) -> String? {
        guard let value = table[key] else { return nil }
        let allowed = "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", ")
        guard let text = value.string else { throw typeError(key, allowed, value) }
        guard choices.contains(text) else { throw error(key, "must be \(allowed), not \"\(text)\"") }
        return text
    }

    func strings(_ key: String) throws(ConfigError) -> [String]? {
        guard let value = table[key] else { return nil }
        let wanted = "a list of strings, the program then its arguments, like [\"notify-send\", \"noodle\"]"
        guard let array = value.array else { throw typeError(key, wanted, value) }
        var items: [String] = []
        for (offset, item) in array.enumerated() {
            guard let text = item.string else {
                throw error(key, "must be \(wanted); item \(offset + 1) is \(article(item.type))")
            }
            items.append(text)
        }
        return items
    }

    /// A duration string as the countdown prompt reads it (`3s`, `90s`, `1m30s`, `0:03`), with no label.
    /// `duration(_:)` within `range`; outside it, an error saying the range, with `or` after it.
    func duration(_ key: String, in range: ClosedRange<Duration>, or advice: String? = nil) throws(ConfigError) -> Duration? {
        guard let value = try duration(key) else { return nil }
        guard range.contains(value) else {
            let text = ConfigFile.durationText
            throw error(key, "must be from \(text(range.lowerBound)) to \(text(range.upperBound)), not \(text(value))" + (advice.map { "; " + $0 } ?? ""))
        }
        return value
    }

    func duration(_ key: String) throws(ConfigError) -> Duration? {
        let wanted = "a duration in quotes, like \"3s\", \"90s\", \"1m30s\" or \"0:03\" (a bare number means minutes)"
        guard let value = table[key] else { return nil }
        guard let text = value.string else { throw typeError(key, wanted, value) }
        switch DurationInput.parse(text) {
        case .success(let input) where input.label.isEmpty:
            return input.duration
        case .success:
            throw error(key, "must be \(wanted), not \"\(text)\"")
        case .failure(.zero):
            throw error(key, "must be longer than zero, not \"\(text)\"")
        case .failure(.tooLong):
            throw error(key, "is far too long: \"\(text)\"")
        case .failure:
            throw error(key, "must be \(wanted), not \"\(text)\"")
        }
    }
}
