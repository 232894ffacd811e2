import Foundation
import NoodleTheme
import NoodleViews
import NoodleTestSupport
import Testing

/// The shipped default theme, broken at random: every result is a theme or a `ThemeError` that
/// names the file and a real line, never a trap. `make soak` (NOODLE_SOAK=1) tries 20,000
/// broken files, `make test` 1,000.
@Suite("Fuzz: theme files")
struct ThemeFuzzTests {
    static let isSoak = ProcessInfo.processInfo.environment["NOODLE_SOAK"] == "1"

    static let defaultTheme: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/NoodleThemeTests/ThemeFuzzTests.swift
        let path = parts.joined(separator: "/") + "/themes/default.toml"
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }()

    @Test("the unbroken file is a theme, so the mutations start from something valid")
    func baseline() throws {
        #expect(!Self.defaultTheme.isEmpty, "themes/default.toml was not found from #filePath")
        let theme = try ThemeFile.parse(Self.defaultTheme, path: "default.toml")
        #expect(theme.name == "default")
    }

    @Test("a randomly broken theme file gives a theme or an error naming the file and a line")
    func mutatedFiles() {
        let count = Self.isSoak ? 20_000 : 1_000
        let path = "/themes/fuzzed theme.toml"
        var random = SplitMix(seed: 0x7E3E_0001)
        var themes = 0, errors = 0, withKey = 0
        var problems: [String] = []
        var slowest: Duration = .zero
        let trace = ProcessInfo.processInfo.environment["NOODLE_FUZZ_TRACE"]
        let clock = ContinuousClock()
        let started = clock.now
        for index in 0 ..< count {
            let text = TextMutator.mutate(Self.defaultTheme, times: 1 + index % 4, using: &random)
            let lineCount = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).count
            // NOODLE_FUZZ_TRACE=<file> keeps the input being parsed there, to catch one that aborts the process.
            if let trace { _ = FileManager.default.createFile(atPath: trace, contents: Data(text.utf8)) }
            let before = clock.now
            let result = Result { () throws(ThemeError) -> Theme in try ThemeFile.parse(text, path: path) }
            slowest = max(slowest, clock.now - before)
            switch result {
            case .success(let theme):
                themes += 1
                if !theme.name.contains(where: { !$0.isWhitespace }) { problems.append("a theme without a name from \(text.debugDescription)") }
            case .failure(let error):
                errors += 1
                if error.key != nil { withKey += 1 }
                var wrong: [String] = []
                if error.path != path || !error.description.hasPrefix(path + ":") { wrong.append("the path is not named first") }
                if error.line < 1 || error.line > lineCount + 1 { wrong.append("line \(error.line) of \(lineCount)") }
                if !error.description.contains(":\(error.line):") { wrong.append("the line is not in the message") }
                if error.key?.isEmpty == true { wrong.append("an empty key") }
                if error.problem.isEmpty { wrong.append("no problem stated") }
                if !wrong.isEmpty, problems.count < 5 {
                    problems.append("\(wrong.joined(separator: ", ")): \(error.description.prefix(300)) for \(text.prefix(2000).debugDescription)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        #expect(errors > count / 4, "most mutations should break the file")
        #expect(themes > 0, "some mutations (in comments, say) should leave it valid")
        if Self.isSoak {
            print("Fuzz: theme files: \(count) files, \(themes) themes, \(errors) errors (\(withKey) naming a key), "
                + "slowest parse \(slowest), in \(clock.now - started)")
        }
    }

    @Test("a NUL byte, UTF-16 or bytes that are not UTF-8 make the theme an error at the right line, never a theme read short")
    func unreadableFiles() throws {
        var random = SplitMix(seed: 0x7E3E_B17E)
        var problems: [String] = []
        try withTemporaryFolder { folder in
            let path = folder + "/broken.toml"
            let locator = ThemeLocator(environment: ["HOME": folder], executablePath: "/nowhere/bin/noodle")
            for _ in 0 ..< (Self.isSoak ? 5_000 : 300) {
                let unreadable = UnreadableBytes(from: Self.defaultTheme, using: &random)
                try writeBytes(unreadable.bytes, to: path)
                let (theme, problem) = locator.load(path)
                if theme != Theme.builtInDefault || problem?.hasPrefix("\(path):\(unreadable.line): ") != true
                    || problem?.contains(unreadable.says) != true {
                    problems.append("expected line \(unreadable.line) saying \(unreadable.says), got \(problem ?? "a theme")")
                }
                if problems.count >= 5 { break }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test("a theme of thousands of unknown roles is refused in time in proportion to the file")
    func manyUnknownRoles() {
        func timed(_ count: Int) -> Duration {
            let roles = (0 ..< count).map { "unknown_\(count - $0) = {}\n" }.joined()
            let text = Self.defaultTheme.replacingOccurrences(of: "[roles]\n", with: "[roles]\n" + roles)
            let clock = ContinuousClock()
            let start = clock.now
            let result = Result { () throws(ThemeError) -> Theme in try ThemeFile.parse(text, path: "many.toml") }
            let took = clock.now - start
            guard case .failure(let error) = result else {
                Issue.record("a theme with unknown roles was accepted")
                return took
            }
            #expect(error.key?.hasPrefix("roles.unknown_") == true && error.line > 1, "\(error)")
            return took
        }
        _ = timed(400)  // warm
        let small = timed(400)
        let large = timed(4_000)
        #expect(large < .seconds(2))
        #expect(large < small * 20 + .milliseconds(50), "400 roles took \(small), 4,000 took \(large)")
    }
}


/// Ways a hand-edited TOML file goes wrong, and some ways it never would.
private enum TextMutator {
    static let pieces = [
        "\"", "'", "\"\"\"", "'''", "[", "]", "[[", "]]", "{", "}", "=", ",", "#", ".", "\n", "\r\n", "\t", " ", "\\", "\\u",
        "\u{0}", "\u{1B}", "\u{7F}", "\u{85}", "\u{202E}", "\u{FEFF}", "\u{200D}", "e\u{301}", "신라면", "🍜", "\u{10FFFF}",
        "roles", "name", "fg", "bg", "attrs", "bold", "red", "#ff0000", "256", "-1", "true", "1979-05-27", "3.14", "inf", "nan",
        "0x1F", "1_000", "99999999999999999999", "[roles.text]", "[[roles]]", "name = \"again\"", "text = {}",
    ]

    static func mutate(_ original: String, times: Int, using random: inout SplitMix) -> String {
        var text = original
        for _ in 0 ..< times { text = once(text, using: &random) }
        return text
    }

    private static func once(_ text: String, using random: inout SplitMix) -> String {
        switch Int.random(in: 0 ..< 12, using: &random) {
        case 0, 1:
            // A byte flipped; invalid UTF-8 reads back as replacement characters, as a lenient reader would.
            var bytes = Array(text.utf8)
            guard !bytes.isEmpty else { return text }
            bytes[Int.random(in: 0 ..< bytes.count, using: &random)] ^= UInt8(1 << Int.random(in: 0 ..< 8, using: &random))
            return String(decoding: bytes, as: UTF8.self)
        case 2:
            var characters = Array(text)
            guard !characters.isEmpty else { return text }
            let at = Int.random(in: 0 ..< characters.count, using: &random)
            characters.replaceSubrange(at ... at, with: pieces.randomElement(using: &random)!)
            return String(characters)
        case 3:
            var characters = Array(text)
            characters.insert(contentsOf: pieces.randomElement(using: &random)!, at: Int.random(in: 0 ... characters.count, using: &random))
            return String(characters)
        case 4:
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard !lines.isEmpty else { return text }
            lines.remove(at: Int.random(in: 0 ..< lines.count, using: &random))
            return lines.joined(separator: "\n")
        case 5:
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard !lines.isEmpty else { return text }
            let from = Int.random(in: 0 ..< lines.count, using: &random)
            lines.insert(lines[from], at: Int.random(in: 0 ... lines.count, using: &random))
            return lines.joined(separator: "\n")
        case 6:
            let characters = Array(text)
            return String(characters.prefix(Int.random(in: 0 ... characters.count, using: &random)))
        case 7:
            var scalars = Array(text.unicodeScalars)
            let at = Int.random(in: 0 ... scalars.count, using: &random)
            scalars.insert(contentsOf: (0 ..< Int.random(in: 1 ... 8, using: &random)).map { _ in random.nextScalar() }, at: at)
            return String(String.UnicodeScalarView(scalars))
        case 8:
            // Two lines swapped: a role above [roles], a key after the table it belonged to.
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.count > 1 else { return text }
            lines.swapAt(Int.random(in: 0 ..< lines.count, using: &random), Int.random(in: 0 ..< lines.count, using: &random))
            return lines.joined(separator: "\n")
        case 9:
            // Deep nesting, in an array or inline tables.
            let depth = Int.random(in: 1 ... 2000, using: &random)
            let nested = Bool.random(using: &random)
                ? "deep = " + String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
                : "deep = " + String(repeating: "{ a = ", count: depth) + "1" + String(repeating: " }", count: depth)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.insert(nested, at: Int.random(in: 0 ... lines.count, using: &random))
            return lines.joined(separator: "\n")
        case 10:
            // A comment marker taken away, turning prose into TOML.
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let comments = lines.indices.filter { lines[$0].hasPrefix("#") }
            guard let line = comments.randomElement(using: &random) else { return text }
            lines[line] = String(lines[line].drop { $0 == "#" || $0 == " " })
            return lines.joined(separator: "\n")
        default:
            // A role's value replaced with another kind of value.
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let settings = lines.indices.filter { lines[$0].contains(" = ") && !lines[$0].hasPrefix("#") }
            guard let line = settings.randomElement(using: &random) else { return text }
            let key = lines[line].prefix { $0 != "=" }
            let values = ["{ fg = 300 }", "{ fg = \"#12345g\" }", "{ attrs = \"bold\" }", "{ attrs = [1] }", "{ attrs = [\"blink\"] }",
                          "\"red\"", "[]", "{ fg = \"red\", fg = \"blue\" }", "{ bg = -1 }", "{ fg = 1.5 }", "{ x = 1 }", "\"\"", "{}",
                          "{ fg = \"bright-white\", bg = 255, attrs = [\"bold\", \"bold\"] }", "1979-05-27T07:32:00Z", "true"]
            lines[line] = key + "= " + values.randomElement(using: &random)!
            return lines.joined(separator: "\n")
        }
    }
}
