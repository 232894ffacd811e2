import Foundation
import NoodleCore
import NoodleTestSupport
import Testing
@testable import NoodleConfig

/// config.example.toml with every setting switched on, then broken at random and given random
/// key and value lines: every result is a usable config or a `ConfigError` naming the file and,
/// when it gives one, a real line; never a trap. `make soak` (NOODLE_SOAK=1) tries 20,000
/// files, `make test` 1,000.
@Suite("Fuzz: config files")
struct ConfigFuzzTests {
    static let isSoak = ProcessInfo.processInfo.environment["NOODLE_SOAK"] == "1"

    /// The example with each `# key = value` line uncommented: every setting at its default.
    static let example: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/NoodleConfigTests/ConfigFuzzTests.swift
        let text = (try? String(contentsOfFile: parts.joined(separator: "/") + "/config.example.toml", encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let setting = line.dropFirst(2)
            let isSetting = line.hasPrefix("# ") && setting.first.map { $0.isLowercase } == true
                && setting.prefix { $0 != " " }.allSatisfy { $0.isLowercase || $0 == "_" } && setting.contains(" = ")
            return isSetting ? String(setting) : String(line)
        }.joined(separator: "\n")
    }()

    @Test("the example with its settings switched on is the default config, without warnings")
    func baseline() throws {
        #expect(Self.example.contains("\nframe_rate_cap = 30\n"), "config.example.toml was not found or not uncommented")
        let (config, warnings) = try ConfigFile.parse(Self.example, path: "config.toml")
        #expect(config == Config())
        #expect(warnings.isEmpty)
    }

    @Test("a randomly broken config gives a usable config or an error naming the file and its line")
    func mutatedFiles() {
        let count = Self.isSoak ? 20_000 : 1_000
        let path = "/home/me/.config/noodle/config.toml"
        var random = SplitMix(seed: 0xC0F1_6001)
        var configs = 0, errors = 0, noLine = 0, warned = 0
        var problems: [String] = []
        var noLineExamples: [String] = []
        var slowest: Duration = .zero
        let trace = ProcessInfo.processInfo.environment["NOODLE_FUZZ_TRACE"]
        let clock = ContinuousClock()
        let started = clock.now
        for index in 0 ..< count {
            let text = ConfigMutator.mutate(Self.example, times: 1 + index % 4, using: &random)
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            // NOODLE_FUZZ_TRACE=<file> keeps the input being parsed there, to catch one that aborts the process.
            if let trace { _ = FileManager.default.createFile(atPath: trace, contents: Data(text.utf8)) }
            let before = clock.now
            let result = Result { () throws(ConfigError) -> (config: Config, warnings: [String]) in try ConfigFile.parse(text, path: path) }
            slowest = max(slowest, clock.now - before)
            var wrong: [String] = []
            switch result {
            case .success(let (config, warnings)):
                configs += 1
                if !warnings.isEmpty { warned += 1 }
                wrong += Self.unusable(config)
                if warnings.contains(where: { !$0.hasPrefix(path + ": ") }) { wrong.append("a warning not naming the file: \(warnings)") }
            case .failure(let error):
                errors += 1
                if error.path != path || !error.description.hasPrefix(path) { wrong.append("the path is not named first") }
                if error.problem.isEmpty { wrong.append("no problem stated") }
                if let line = error.line {
                    if line < 1 || line > lineCount + 1 { wrong.append("line \(line) of \(lineCount)") }
                    if !error.description.hasPrefix("\(path):\(line): ") { wrong.append("the line is not in the message") }
                } else {
                    noLine += 1
                    if noLineExamples.count < 3 { noLineExamples.append(error.description) }
                }
            }
            if !wrong.isEmpty, problems.count < 5 {
                problems.append("\(wrong.joined(separator: ", ")) for \(text.prefix(3000).debugDescription)")
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(errors > count / 10 && configs > count / 10, "the mutations should both break and keep the file: \(errors) errors, \(configs) configs")
        if Self.isSoak {
            print("Fuzz: config files: \(count) files, \(configs) configs "
                + "(\(warned) with warnings), \(errors) errors (\(noLine) without a line: \(noLineExamples)), slowest parse \(slowest), "
                + "in \(clock.now - started)")
        }
    }

    @Test("a NUL byte, UTF-16 or bytes that are not UTF-8 are an error naming the file and the line, never a file read short")
    func unreadableFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-config-bytes-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.path + "/config.toml"
        var random = SplitMix(seed: 0xB17E_5001)
        var problems: [String] = []
        for _ in 0 ..< (Self.isSoak ? 5_000 : 300) {
            let unreadable = UnreadableBytes(from: Self.example, using: &random)
            try Data(unreadable.bytes).write(to: URL(fileURLWithPath: path))
            let result = Result { () throws(ConfigError) -> (config: Config, warnings: [String]) in try ConfigFile.load(path: path) }
            guard case .failure(let error) = result else {
                problems.append("read as a config: \(unreadable.bytes.prefix(80))")
                continue
            }
            if error.line != unreadable.line || !error.description.hasPrefix("\(path):\(unreadable.line): ")
                || !error.problem.contains(unreadable.says) {
                problems.append("expected line \(unreadable.line) saying \(unreadable.says), got \(error.description)")
            }
            if problems.count >= 5 { break }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("a NUL hides nothing: the setting after it is never silently dropped")
    func nulBeforeABadSetting() {
        let text = "flash = true # on\0\nframe_rate_cap = 0\n"
        let error = #expect(throws: ConfigError.self) { try ConfigFile.parse(text, path: "c.toml") }
        #expect(error?.line == 1 && error?.problem.contains("column 18") == true && error?.problem.contains("NUL") == true,
                "\(String(describing: error))")
    }

    @Test("warnings for thousands of unknown keys take time in proportion to the file")
    func manyUnknownKeys() throws {
        func timed(_ count: Int) throws -> Duration {
            let text = "theme = \"gruvbox\"\n" + (0 ..< count).map { "unknown_\(count - $0) = \($0)\n" }.joined()
            let clock = ContinuousClock()
            let start = clock.now
            let (config, warnings) = try ConfigFile.parse(text, path: "config.toml")
            let took = clock.now - start
            #expect(config.theme == "gruvbox")
            #expect(warnings.count == count)
            #expect(warnings.first == "config.toml: unknown key 'unknown_\(count)' (ignored)", "warnings in the order of the file")
            return took
        }
        _ = try timed(400)  // warm
        // The fastest of three, on a shared machine: a busy neighbour slows a run, never speeds it.
        let small = try (0 ..< 3).map { _ in try timed(400) }.min()!
        let large = try (0 ..< 3).map { _ in try timed(4_000) }.min()!
        // Searching the text again for each key took 5 s for 1,000 keys, growing with the square:
        // ten times the keys took a hundred times as long. In proportion it is about ten.
        #expect(large < .seconds(2))
        #expect(large < small * 40 + .milliseconds(50), "400 keys took \(small), 4,000 took \(large)")
    }

    /// What a config the parser accepted must never hold.
    static func unusable(_ config: Config) -> [String] {
        var wrong: [String] = []
        if !Config.frameRateCapRange.contains(config.frameRateCap) { wrong.append("frame_rate_cap \(config.frameRateCap)") }
        if !Config.bellIntervalRange.contains(config.bellInterval) { wrong.append("bell_interval \(config.bellInterval)") }
        if config.alarmCap < config.bellInterval || config.alarmCap > Config.longestAlarmCap { wrong.append("alarm_cap \(config.alarmCap)") }
        if !Config.notifyMethods.contains(config.notify) { wrong.append("notify \(config.notify)") }
        if !Config.stepCues.contains(config.stepCue) { wrong.append("step_cue \(config.stepCue)") }
        if config.onDone.first?.isEmpty == true { wrong.append("on_done starting with an empty program") }
        if let theme = config.theme, !theme.contains(where: { !$0.isWhitespace }) { wrong.append("an empty theme") }
        return wrong
    }
}


private enum ConfigMutator {
    static let keys = ConfigFile.knownKeys + [
        "Theme", "frame-rate-cap", "frameRateCap", "\"theme\"", "'alarm_cap'", "\"bell_interval\"", "theme.name", "notify.method",
        "\"on_done\"", "step_cue ", " flash", "thème", "테마", "\"\"", "x", "centiseconds.x",
    ]

    static let values = [
        "0", "1", "30", "60", "61", "-5", "+7", "9223372036854775807", "-9223372036854775808", "0x1F", "0o17", "0b101", "1_000",
        "30.5", "1e3", "inf", "-inf", "nan", "true", "false", "TRUE", "\"\"", "\"  \"", "\"default\"", "\"gruvbox\"", "\"/tmp/t.toml\"",
        "\"3s\"", "\"0s\"", "\"1s\"", "\"10m\"", "\"11m\"", "\"5m\"", "\"24h\"", "\"25h\"", "\"0:03\"", "\"5\"", "\"1m30s\"", "\"-3s\"",
        "\"3s later\"", "\"99999999999999999999s\"", "\"999999999h\"", "\"٣s\"", "\"３s\"", "\"3S\"", "\"1h1h\"", "\"\\u001B[31m\"",
        "\"auto\"", "\"osc9\"", "\"osc777\"", "\"osc99\"", "\"notify-send\"", "\"none\"", "\"bell\"", "\"flash\"", "\"growl\"",
        "[]", "[\"\"]", "[\"paplay\", \"x.oga\"]", "[1]", "[[]]", "[\"a\", 1]", "{}", "{ a = 1 }", "1979-05-27", "07:32:00",
        "1979-05-27T07:32:00Z", "\"\"\"\n3s\"\"\"", "'''5m'''", "'literal'", "\"\\u0000\"", "\"\\uD800\"",
    ]

    static let pieces = [
        "\"", "'", "\"\"\"", "[", "]", "[[", "{", "}", "=", ",", "#", ".", "\n", "\r\n", "\t", " ", "\\", "\u{0}", "\u{1B}",
        "\u{202E}", "\u{FEFF}", "e\u{301}", "🍜", "[table]", "[[theme]]", "[frame_rate_cap]",
    ]

    static func mutate(_ original: String, times: Int, using random: inout SplitMix) -> String {
        var text = original
        for _ in 0 ..< times { text = once(text, using: &random) }
        return text
    }

    private static func once(_ text: String, using random: inout SplitMix) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        switch Int.random(in: 0 ..< 12, using: &random) {
        case 0, 1, 2:
            // A random key and value line, somewhere.
            let line = keys.randomElement(using: &random)! + [" = ", "=", " =\t"].randomElement(using: &random)! + values.randomElement(using: &random)!
            lines.insert(line, at: Int.random(in: 0 ... lines.count, using: &random))
        case 3:
            // A setting's value replaced.
            let settings = lines.indices.filter { lines[$0].contains(" = ") && !lines[$0].hasPrefix("#") }
            guard let line = settings.randomElement(using: &random) else { return text }
            lines[line] = lines[line].prefix { $0 != "=" } + "= " + values.randomElement(using: &random)!
        case 4 where !lines.isEmpty:
            lines.remove(at: Int.random(in: 0 ..< lines.count, using: &random))
        case 5 where !lines.isEmpty:
            lines.insert(lines[Int.random(in: 0 ..< lines.count, using: &random)], at: Int.random(in: 0 ... lines.count, using: &random))
        case 6:
            var bytes = Array(text.utf8)
            guard !bytes.isEmpty else { return text }
            bytes[Int.random(in: 0 ..< bytes.count, using: &random)] ^= UInt8(1 << Int.random(in: 0 ..< 8, using: &random))
            return String(decoding: bytes, as: UTF8.self)
        case 7:
            var characters = Array(text)
            characters.insert(contentsOf: pieces.randomElement(using: &random)!, at: Int.random(in: 0 ... characters.count, using: &random))
            return String(characters)
        case 8:
            let characters = Array(text)
            return String(characters.prefix(Int.random(in: 0 ... characters.count, using: &random)))
        case 9:
            // A comment marker taken away, turning prose into TOML.
            let comments = lines.indices.filter { lines[$0].hasPrefix("#") }
            guard let line = comments.randomElement(using: &random) else { return text }
            lines[line] = String(lines[line].drop { $0 == "#" || $0 == " " })
        case 10:
            // A table header before some settings, which then are no longer top-level.
            lines.insert(["[extra]", "[[list]]", "[theme]", "[\"quoted table\"]"].randomElement(using: &random)!,
                         at: Int.random(in: 0 ... lines.count, using: &random))
        default:
            var scalars = Array(text.unicodeScalars)
            let at = Int.random(in: 0 ... scalars.count, using: &random)
            scalars.insert(Unicode.Scalar(UInt32.random(in: 0 ... 0xD7FF, using: &random))!, at: at)
            return String(String.UnicodeScalarView(scalars))
        }
        return lines.joined(separator: "\n")
    }
}
