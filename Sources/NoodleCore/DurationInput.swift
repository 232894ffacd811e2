/// What a person types for a countdown: a duration, then an optional label.
///
/// `4m30s Shin Ramyun`, `4:30`, `1:02:03`, `90s`, `1h5m`, and a bare `5`, which means five
/// minutes, as it does on every kitchen timer. A clock time (`@12:30 tea`) is read by
/// `parse(_:at:zone:)`, in ClockTimeInput.swift.
public struct DurationInput: Sendable, Equatable {
    public var duration: Duration
    public var label: String
    /// Set when the text named a clock time rather than a length.
    public var until: Until?

    public static let longest: Duration = .seconds(99 * 3600)

    public init(duration: Duration, label: String, until: Until? = nil) {
        self.duration = duration
        self.label = label
        self.until = until
    }

    /// What the prompt's preview says it understood: `4:30 Shin Ramyun`, or for a clock time
    /// `until 12:30, 1:42:10 from now: tea` (`until 07:00 tomorrow, ...` when it is tomorrow).
    public var understood: String {
        guard let until else { return DurationFormat.countdown(duration) + (label.isEmpty ? "" : " " + label) }
        return "until " + until.clockTime + (until.isTomorrow ? " tomorrow" : "") + ", "
            + DurationFormat.countdown(duration) + " from now" + (label.isEmpty ? "" : ": " + label)
    }

    public static func parse(_ text: String) -> Result<DurationInput, DurationInputError> {
        let trimmed = text.drop { $0 == " " || $0 == "\t" }
        guard let token = trimmed.split(separator: " ", maxSplits: 1).first, !token.isEmpty else {
            return .failure(.empty)
        }
        let label = trimmed.dropFirst(token.count).trimmingSpaces()
        switch parseDuration(token) {
        case .failure(let error):
            return .failure(error)
        case .success(let duration):
            if duration <= .zero { return .failure(.zero) }
            if duration > longest { return .failure(.tooLong) }
            return .success(DurationInput(duration: duration, label: label))
        }
    }

    private static func parseDuration(_ token: Substring) -> Result<Duration, DurationInputError> {
        if token.hasPrefix("-") { return .failure(.negative) }
        if token.contains(":") { return parseClock(token) }
        if token.allSatisfy({ $0.isASCII && $0.isNumber }) {
            // Nine digits already pass the longest countdown; more could overflow once made seconds.
            guard token.drop(while: { $0 == "0" }).count <= 9, let minutes = Int(token) else { return .failure(.tooLong) }
            return .success(.seconds(Int64(minutes) * 60))
        }
        return parseUnits(token)
    }

    /// `m:ss` or `h:mm:ss`; every part after the first must be under 60.
    private static func parseClock(_ token: Substring) -> Result<Duration, DurationInputError> {
        let parts = token.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count,
              // Digits only: Int(_:) alone would take a sign, reading 4:-5 as 3:55.
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return .failure(.unreadable(String(token))) }
        if numbers.dropFirst().contains(where: { $0 >= 60 }) {
            return .failure(.partOutOfRange(String(token)))
        }
        if parts[0].drop(while: { $0 == "0" }).count > 9 { return .failure(.tooLong) }
        let seconds = numbers.reduce(0) { $0 * 60 + $1 }
        return .success(.seconds(Int64(seconds)))
    }

    /// `1h5m`, `4m30s`, `90s`: each unit at most once, largest first.
    private static func parseUnits(_ token: Substring) -> Result<Duration, DurationInputError> {
        var total: Int64 = 0
        var digits = ""
        var lastUnit = Int64.max
        for character in token.lowercased() {
            if character.isASCII, character.isNumber {
                digits.append(character)
                if digits.count > 9 { return .failure(.tooLong) }
                continue
            }
            let unit: Int64
            switch character {
            case "h": unit = 3600
            case "m": unit = 60
            case "s": unit = 1
            default: return .failure(.unreadable(String(token)))
            }
            guard let value = Int64(digits), unit < lastUnit else { return .failure(.unreadable(String(token))) }
            total += value * unit
            lastUnit = unit
            digits = ""
        }
        guard digits.isEmpty, lastUnit != .max else { return .failure(.unreadable(String(token))) }
        return .success(.seconds(total))
    }
}

/// Why typed text is not a countdown, in words the prompt shows under the input.
public enum DurationInputError: Error, Sendable, Equatable, CustomStringConvertible {
    case empty
    case unreadable(String)
    case negative
    case partOutOfRange(String)
    case zero
    case tooLong
    case noClockTime
    case notAClockTime(String)
    case clockTimeOutOfRange(String)

    public var description: String {
        switch self {
        case .empty: "type a duration, like 4:30 or 4m30s, then a label"
        case .unreadable(let token): "not a duration: '\(token)' (try 4:30, 4m30s, 90s, 1h5m or 5)"
        case .negative: "a countdown cannot be negative"
        case .partOutOfRange(let token): "minutes and seconds stop at 59 ('\(token)')"
        case .zero: "a countdown needs more than zero time"
        case .tooLong: "the longest countdown is 99 hours"
        case .noClockTime: "type a clock time, like @12:30 or until 7:05pm"
        case .notAClockTime(let token): "not a clock time: '\(token)' (try @12:30, @7:05:30, @12:30pm or @7am)"
        case .clockTimeOutOfRange(let token): "no such time of day: '\(token)' (hours 0-23, or 1-12 with am/pm; minutes 0-59)"
        }
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
