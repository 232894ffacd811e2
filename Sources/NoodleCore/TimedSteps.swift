/// One step of a recipe, due at an offset from the countdown's start: `[05:00] drain the water`.
public struct TimedStep: Sendable, Equatable {
    public var offset: Duration
    public var text: String

    public init(offset: Duration, text: String) {
        self.offset = offset
        self.text = text
    }
}

/// Every line of steps text that could not be read.
public struct TimedStepErrors: Error, Sendable, Equatable, CustomStringConvertible {
    public var lines: [TimedStepError]

    public var description: String { lines.map(\.description).joined(separator: "; ") }
}

/// A line of steps text that could not be read, with its 1-based line number.
public struct TimedStepError: Error, Sendable, Equatable, CustomStringConvertible {
    public var line: Int
    public var reason: String

    public var description: String { "line \(line): \(reason)" }
}

/// Steps written one a line as `[mm:ss] text`, the timing format of LRC lyric files.
public enum TimedSteps {
    /// Every step, sorted by offset, or every malformed line: nothing is dropped silently.
    /// Blank lines are skipped; a line that does not start with `[` is an error, not prose to ignore.
    public static func parse(_ text: String) -> Result<[TimedStep], TimedStepErrors> {
        var steps: [TimedStep] = []
        var errors: [TimedStepError] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingSpaces()
            if line.isEmpty { continue }
            switch parseLine(line) {
            case .success(let step): steps.append(step)
            case .failure(let reason): errors.append(TimedStepError(line: index + 1, reason: reason.message))
            }
        }
        if !errors.isEmpty { return .failure(TimedStepErrors(lines: errors)) }
        return .success(steps.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element))
    }

    /// Whether a line is meant as a step at all: memos mix steps with free text.
    public static func looksLikeStep(_ line: Substring) -> Bool {
        line.trimmingSpaces().hasPrefix("[")
    }

    struct Reason: Error { let message: String }

    private static let longestMinutes = Int(DurationInput.longest.components.seconds / 60)

    private static func parseLine(_ line: String) -> Result<TimedStep, Reason> {
        guard line.hasPrefix("["), let close = line.firstIndex(of: "]") else {
            return .failure(Reason(message: "expected [mm:ss] at the start"))
        }
        let stamp = line[line.index(after: line.startIndex) ..< close]
        let parts = stamp.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
              parts[1].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let seconds = Double(parts[1]), seconds >= 0, seconds < 60
        else { return .failure(Reason(message: "'[\(stamp)]' is not a time like [04:30]")) }
        // No countdown lasts longer, and a longer count of minutes would overflow into seconds.
        guard parts[0].drop(while: { $0 == "0" }).count <= 5, let minutes = Int(parts[0]), minutes < longestMinutes else {
            return .failure(Reason(message: "'[\(stamp)]' is past the longest countdown (99 hours)"))
        }
        let text = line[line.index(after: close)...].trimmingSpaces()
        guard !text.isEmpty else { return .failure(Reason(message: "the step at [\(stamp)] has no text")) }
        let offset = Duration.seconds(minutes * 60) + .milliseconds(Int64((seconds * 1000).rounded()))
        return .success(TimedStep(offset: offset, text: text))
    }

    /// Steps as text `parse` reads back exactly: `[mm:ss.mmm] text`, one a line.
    public static func format(_ steps: [TimedStep]) -> String {
        steps.map { step in
            let millis = Int((step.offset.nanoseconds + 500_000) / 1_000_000)
            let minutes = millis / 60_000
            let seconds = millis % 60_000 / 1000
            let fraction = millis % 1000
            let stamp = pad(minutes, 2) + ":" + pad(seconds, 2) + (fraction == 0 ? "" : "." + pad(fraction, 3))
            return "[" + stamp + "] " + step.text
        }.joined(separator: "\n")
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    /// The step in force `elapsed` into a countdown, and the one after it.
    public static func position(in steps: [TimedStep], at elapsed: Duration) -> (current: Int?, next: Int?) {
        let current = steps.lastIndex { $0.offset <= elapsed }
        let next = steps.firstIndex { $0.offset > elapsed }
        return (current, next)
    }
}
