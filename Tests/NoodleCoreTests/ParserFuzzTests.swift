import Foundation
#if canImport(Glibc)
import Glibc
#endif
import NoodleTestSupport
import Testing
@testable import NoodleCore

/// The three parsers a person types into, fed random text and mutations of good text. Each must
/// give a value or a clean error, never trap, and answer quickly. `make soak` (NOODLE_SOAK=1)
/// feeds 10^5 inputs to each, `make test` 3,000.
@Suite("Fuzz: parsers")
struct ParserFuzzTests {
    static let isSoak = ProcessInfo.processInfo.environment["NOODLE_SOAK"] == "1"
    static let count = isSoak ? 100_000 : 3_000
    /// Slower than this for one call is a pathological case, reported rather than left to hang.
    static let slowest: Duration = .milliseconds(50)

    @Test("DurationInput.parse gives a countdown in range or a reason, for any text")
    func durationInput() {
        var fuzz = ParserFuzz(seed: 0xD0A7_1000)
        var successes = 0
        let report = fuzz.run(count: Self.count, seeds: ParserFuzz.durationSeeds, parse: DurationInput.parse) { _, parsed in
            switch parsed {
            case .success(let input):
                successes += 1
                var problems: [String] = []
                if input.duration <= .zero || input.duration > DurationInput.longest { problems.append("duration \(input.duration)") }
                if input.label.first == " " || input.label.first == "\t" || input.label.last == " " || input.label.last == "\t" {
                    problems.append("label \(input.label.debugDescription) is not trimmed")
                }
                return problems
            case .failure(let error):
                return error.description.isEmpty ? ["an empty reason"] : []
            }
        }
        #expect(successes > Self.count / 20, "too few inputs parse: the mutations are not near valid text")
        report.expectClean("DurationInput.parse", slowest: Self.slowest)
    }

    @Test("a clock time parses to a countdown of at most a day and an hour, or a reason, in a zone that changes its clocks")
    func untilInput() {
        var fuzz = ParserFuzz(seed: 0x0C10_CC00)
        // 2026-03-29 00:00 UTC in Berlin, an hour before the clocks go forward.
        let zone = LocalZone(builtAt: 1_774_742_400, offsetSeconds: 3600, transitions: [LocalZone.Transition(at: 1_774_746_000, offsetSeconds: 7200)])
        let now = WallTime(secondsSinceEpoch: 1_774_742_400.25)
        var successes = 0
        let report = fuzz.run(count: Self.count, seeds: ParserFuzz.untilSeeds, parse: { DurationInput.parse($0, at: now, zone: zone) }) { _, parsed in
            switch parsed {
            case .success(let input):
                successes += 1
                guard input.until != nil else { return [] }
                return input.duration <= .zero || input.duration > .seconds(25 * 3600) ? ["duration \(input.duration)"] : []
            case .failure(let error):
                return error.description.isEmpty ? ["an empty reason"] : []
            }
        }
        #expect(successes > Self.count / 20, "too few inputs parse: the mutations are not near valid text")
        report.expectClean("DurationInput.parse(_:at:zone:)", slowest: Self.slowest)
    }

    @Test("TimedSteps.parse gives sorted steps or one error per bad line, for any text")
    func timedSteps() {
        var fuzz = ParserFuzz(seed: 0x57E9_5000)
        var successes = 0
        let report = fuzz.run(count: Self.count, seeds: ParserFuzz.stepSeeds, parse: TimedSteps.parse) { text, parsed in
            let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
            switch parsed {
            case .success(let steps):
                successes += 1
                var problems: [String] = []
                if zip(steps, steps.dropFirst()).contains(where: { $0.offset > $1.offset }) { problems.append("steps out of order") }
                if steps.contains(where: { $0.offset < .zero }) { problems.append("a step before the start") }
                if steps.contains(where: { $0.text.isEmpty }) { problems.append("a step without text") }
                if steps.contains(where: { $0.offset >= DurationInput.longest }) { problems.append("a step past the longest countdown") }
                // What format writes, parse reads back to the millisecond.
                if case .success(let again) = TimedSteps.parse(TimedSteps.format(steps)) {
                    if again.map(\.text) != steps.map(\.text)
                        || zip(again, steps).contains(where: { abs(($0.offset - $1.offset).nanoseconds) > 500_000 }) {
                        problems.append("format then parse changed the steps")
                    }
                } else if !steps.contains(where: { $0.text.contains("\n") }) {
                    problems.append("format wrote text parse refuses: \(TimedSteps.format(steps).debugDescription)")
                }
                return problems
            case .failure(let errors):
                var problems: [String] = []
                if errors.lines.isEmpty { problems.append("a failure naming no line") }
                let numbers = errors.lines.map(\.line)
                if numbers.contains(where: { !(1 ... lineCount).contains($0) }) { problems.append("error line outside 1...\(lineCount): \(numbers)") }
                if numbers != numbers.sorted() || Set(numbers).count != numbers.count { problems.append("error lines repeat or go backwards") }
                if errors.lines.contains(where: { $0.reason.isEmpty }) { problems.append("an error with no reason") }
                return problems
            }
        }
        #expect(successes > Self.count / 20, "too few inputs parse: the mutations are not near valid text")
        report.expectClean("TimedSteps.parse", slowest: Self.slowest)
    }

    @Test("OwnTimeInput.read agrees with DurationInput.parse and never traps")
    func ownTime() {
        var fuzz = ParserFuzz(seed: 0x0A1E_7000)
        let report = fuzz.run(count: Self.count, seeds: ParserFuzz.durationSeeds, parse: OwnTimeInput.read) { text, read in
            switch (read, DurationInput.parse(text)) {
            case (.revert, .failure(.empty)):
                return []
            case (.time(let duration), .success(let input)):
                return input.label.isEmpty && duration == input.duration ? [] : ["read \(duration) from \(input)"]
            case (.invalid(let reason), .success(let input)):
                return !input.label.isEmpty && !reason.isEmpty ? [] : ["refused a bare time: \(reason)"]
            case (.invalid(let reason), .failure(let error)):
                return reason == error.description ? [] : ["reason \(reason.debugDescription) is not the parser's"]
            case (let read, let parsed):
                return ["read \(read) but the parser gave \(parsed)"]
            }
        }
        report.expectClean("OwnTimeInput.read", slowest: Self.slowest)
    }

    @Test("every whole-second duration up to 99 hours reads back from each written form")
    func writtenForms() {
        var random = SplitMix(seed: 99)
        for _ in 0 ..< (Self.isSoak ? 100_000 : 3_000) {
            let seconds = Int.random(in: 1 ... 99 * 3600, using: &random)
            let h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60
            let forms = [
                DurationFormat.countdown(.seconds(seconds)),
                "\(h):\(m):\(s)",
                (h > 0 ? "\(h)h" : "") + (m > 0 ? "\(m)m" : "") + (s > 0 ? "\(s)s" : ""),
                "\(seconds)s",
            ]
            for form in forms {
                #expect((try? DurationInput.parse(form + " label").get())?.duration == .seconds(seconds), "\(form)")
            }
        }
    }

    // Found by this fuzz, reduced.

    @Test("numbers of any length are refused as too long, never trapping on overflow", arguments: [
        "9999999999999999", "99999999999999999999", "153722867280912931", "+99999999999999999", "9999999999999999:00",
        "00000000000000000005",
    ])
    func longNumbers(_ text: String) {
        let parsed = DurationInput.parse(text)
        if text == "00000000000000000005" {
            #expect((try? parsed.get())?.duration == .seconds(300))
        } else {
            #expect(throws: DurationInputError.self, "\(text)") { try parsed.get() }
        }
        switch TimedSteps.parse("[\(text):00] stir") {
        case .success(let steps) where text == "00000000000000000005": #expect(steps.first?.offset == .seconds(300))
        case .success(let steps): Issue.record("[\(text):00] read as \(steps)")
        case .failure: break
        }
    }

    @Test("a clock form's later parts are unsigned, as its own message says (\"stop at 59\")")
    func signedClockParts() {
        for text in ["4:-5", "4:+5", "1:-30:00", "0:-0", "+4:05"] {
            #expect(throws: DurationInputError.self, "\(text)") { try DurationInput.parse(text).get() }
        }
    }
}

/// What a parser run found: the problems (first few), how many inputs, the slowest call.
private struct ParserFuzzReport {
    var problems: [String] = []
    var problemCount = 0
    var inputs = 0
    var slowest: Duration = .zero
    var slowestInput = ""
    var elapsed: Duration = .zero

    func expectClean(_ name: String, slowest limit: Duration, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(problemCount == 0, "\(name): \(problemCount) problems, first: \(problems.joined(separator: "\n"))", sourceLocation: sourceLocation)
        #expect(slowest < limit, "\(name): \(slowest) for \(slowestInput.prefix(200).debugDescription) (\(slowestInput.count) characters)",
                sourceLocation: sourceLocation)
        if ParserFuzzTests.isSoak {
            print("Fuzz: parsers: \(name): \(inputs) inputs, slowest call \(slowest) of CPU, in \(elapsed)")
        }
    }
}

/// Random text and mutations of good text, from a seed.
private struct ParserFuzz {
    var random: SplitMix

    init(seed: UInt64) {
        random = SplitMix(seed: seed)
    }

    static let durationSeeds = [
        "4:30", "4m30s Shin Ramyun", "1:02:03", "90s", "1h5m", "5", "  5  tea ", "0:59", "99:00:00", "4:30\tlabel", "1h",
        "59s x", "4:30 신라면 🍜", "3m", "2h59m59s", "10 pasta al dente", "0:01",
    ]

    static let untilSeeds = [
        "@12:30 tea", "until 12:30 tea", "@12:30pm", "@12:30 pm x", "@7am", "@7:05:30 egg", "@02:30", "until @03:30", "@0", "@23:59:59",
    ]

    static let stepSeeds = [
        "[00:00] everything in\n[04:30] drain", "[03:00.500] egg", "[00:30] flakes\n\n[02:00] egg 🥚\n", "  [1:5] x  ",
        "[99:59.999] late", "[00:00] 신라면 넣기\n[04:00] 불 끄기", "[0:0] a\n[0:0] b", "[10:00.1] stir",
    ]

    /// Characters that mean something to the parsers, and some that only look as if they might.
    static let alphabet: [String] = [
        "0", "1", "2", "5", "9", ":", ":", "h", "m", "s", "H", "M", "S", "[", "]", ".", " ", " ", "\t", "\n", "\r\n", "-", "+", "e",
        "\u{0}", "٤", "٣", "٠", "４", "３", "０", "：", "⁵", "½", "𝟓", "신", "🍜", "e\u{301}", "\u{301}", "\u{200D}", "\u{202E}", "\u{1B}[31m",
        "ſ", "İ", "ß", "\u{FEFF}", "\u{85}", "\u{2028}",
    ]

    /// Runs `check` on `count` inputs; it returns the problems it saw with one input.
    mutating func run<Parsed>(count: Int, seeds: [String], parse: (String) -> Parsed, check: (String, Parsed) -> [String]) -> ParserFuzzReport {
        var report = ParserFuzzReport()
        let clock = ContinuousClock()
        let started = clock.now
        for index in 0 ..< count {
            let text = index < seeds.count ? seeds[index] : input(from: seeds)
            report.inputs += 1
            // The thread's own CPU time, so other work on a busy machine does not count against the parser.
            let before = Self.threadTime()
            let parsed = parse(text)
            var took = Self.threadTime() - before
            if took >= ParserFuzzTests.slowest {
                // One slow call proves little (a page fault, a cold cache): time it again and keep the best.
                for _ in 0 ..< 3 {
                    let again = Self.threadTime()
                    _ = parse(text)
                    took = min(took, Self.threadTime() - again)
                }
            }
            let problems = check(text, parsed)
            if took > report.slowest {
                report.slowest = took
                report.slowestInput = text
            }
            if !problems.isEmpty {
                report.problemCount += 1
                if report.problems.count < 5 { report.problems.append("\(text.prefix(200).debugDescription): \(problems.joined(separator: "; "))") }
            }
        }
        report.elapsed = clock.now - started
        return report
    }

    /// CPU time the calling thread has used.
    static func threadTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// A mutation of a seed, several mutations deep, or now and then text from nothing.
    mutating func input(from seeds: [String]) -> String {
        var text: String
        switch Int.random(in: 0 ..< 20, using: &random) {
        case 0: text = (0 ..< Int.random(in: 0 ... 40, using: &random)).map { _ in Self.alphabet.randomElement(using: &random)! }.joined()
        case 1: text = String(String.UnicodeScalarView((0 ..< Int.random(in: 0 ... 40, using: &random)).map { _ in random.nextScalar() }))
        default: text = seeds.randomElement(using: &random)!
        }
        for _ in 0 ..< Int.random(in: 0 ... 4, using: &random) { mutate(&text) }
        // At most 10,000 characters: far past anything typed, and each parser is linear in it.
        return text.count > 10_000 ? String(text.prefix(10_000)) : text
    }

    private mutating func mutate(_ text: inout String) {
        var characters = Array(text)
        let position = Int.random(in: 0 ... characters.count, using: &random)
        switch Int.random(in: 0 ..< 14, using: &random) {
        case 0, 1:
            characters.insert(contentsOf: Self.alphabet.randomElement(using: &random)!, at: position)
        case 2 where !characters.isEmpty:
            characters.remove(at: min(position, characters.count - 1))
        case 3 where !characters.isEmpty:
            let at = min(position, characters.count - 1)
            characters.replaceSubrange(at ... at, with: Self.alphabet.randomElement(using: &random)!)
        case 4 where !characters.isEmpty:
            // A segment repeated, as a slip of the fingers would.
            let start = Int.random(in: 0 ..< characters.count, using: &random)
            let end = Int.random(in: start ... characters.count, using: &random)
            characters.insert(contentsOf: characters[start ..< end], at: end)
        case 5:
            // Numbers far past any field's range, up to and past what an Int64 holds.
            let huge = ["99999999999999999999", "9999999999999999", "999999999999999999", "153722867280912931", "18446744073709551616", "9223372036854775808", "-9223372036854775809",
                        "000000000000000000000000007", "1e308", "999999999", "9999999999", "4294967296", "-0"]
            characters.insert(contentsOf: huge.randomElement(using: &random)!, at: position)
        case 6:
            characters.insert("-", at: position)
        case 7:
            let foreign = ["٤:٣٠", "４:３０", "４ｍ３０ｓ", "4：30", "٤m", "[٠٤:٣٠] x", "[04：30] x", "𝟒:𝟑𝟎", "4:3\u{301}0"]
            characters.insert(contentsOf: foreign.randomElement(using: &random)!, at: position)
        case 8:
            characters.insert("\u{0}", at: position)
        case 9 where !characters.isEmpty:
            characters.removeLast(Int.random(in: 0 ... characters.count, using: &random))
        case 10 where Int.random(in: 0 ..< 10, using: &random) == 0:
            // About 10,000 characters: the same text over and over, or one character.
            let unit = characters.isEmpty ? ["9"] : characters
            characters = Array(repeatElement(unit, count: 10_000 / unit.count + 1).joined().prefix(10_000))
        case 11 where Int.random(in: 0 ..< 10, using: &random) == 0:
            let line = Array("[00:01] stir\n")
            characters = Array(repeatElement(line, count: 800).joined())
        case 12:
            characters.insert(Character(random.nextScalar()), at: position)
        default:
            characters.insert(contentsOf: ["\n", " ", ":", "[", "]", "."].randomElement(using: &random)!, at: position)
        }
        text = String(characters)
    }
}
