/// A countdown to a time of day: `@12:30 tea`, `until 12:30 tea`, `@12:30pm`, `@12:30 pm`,
/// `@7am`, `@19`, `@7:05:30`.
///
/// Hours run 0–23, or 1–12 with `am`/`pm` (`12am` is midnight, `12pm` noon); minutes and
/// seconds take two digits each. A time already past today means tomorrow. The countdown's
/// length is the real time from `now` to that moment, read with the zone's rules, so across a
/// change of the clocks it is the time that will pass, not the difference of the two readings.
extension DurationInput {
    /// What a clock-time input was understood as, for the prompt's preview and `noodle add`.
    public struct Until: Sendable, Equatable {
        /// The local time the countdown ends, `12:30` or `07:05:30` when seconds were given.
        public var clockTime: String
        /// Whether that time is on the next day.
        public var isTomorrow: Bool
        /// The moment it ends, in whole seconds since the epoch: exact, where `duration` is as
        /// exact as the `WallTime` it was measured from.
        public var moment: Int64

        public init(clockTime: String, isTomorrow: Bool, moment: Int64) {
            self.clockTime = clockTime
            self.isTomorrow = isTomorrow
            self.moment = moment
        }
    }

    /// `text` as a duration or, when it starts with `@` or `until`, as a clock time read at `now`
    /// in `zone`. The prompt and `noodle add` both read text this way.
    public static func parse(_ text: String, at now: WallTime, zone: LocalZone) -> Result<DurationInput, DurationInputError> {
        var words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        guard let first = words.first else { return parse(text) }
        let time: Substring
        if first.lowercased() == "until" {
            words = words.dropFirst()
            guard let next = words.first else { return .failure(.noClockTime) }
            time = next.hasPrefix("@") ? next.dropFirst() : next
        } else if first.hasPrefix("@") {
            time = first.dropFirst()
            guard !time.isEmpty else { return .failure(.noClockTime) }
        } else {
            return parse(text)
        }
        words = words.dropFirst()
        var meridiem = time.lowercased().hasSuffix("am") ? "am" : time.lowercased().hasSuffix("pm") ? "pm" : nil
        let digits = meridiem == nil ? time : time.dropLast(2)
        if meridiem == nil, let next = words.first, ["am", "pm"].contains(next.lowercased()) {
            meridiem = next.lowercased()
            words = words.dropFirst()
        }
        let written = String(time) + (meridiem != nil && digits == time ? " " + meridiem! : "")
        guard let clock = ClockReading(digits, meridiem: meridiem) else { return .failure(.notAClockTime(written)) }
        guard clock.isInRange else { return .failure(.clockTimeOutOfRange(written)) }
        // The label is the rest of the text as typed, inner spacing kept.
        let label = words.first.map { text[$0.startIndex...].trimmingSpaces() } ?? ""
        return .success(countdown(until: clock, label: label, at: now, zone: zone))
    }

    private static func countdown(until clock: ClockReading, label: String, at now: WallTime, zone: LocalZone) -> DurationInput {
        let today = zone.day(ofWallSeconds: now.secondsSinceEpoch)
        // Today's reading if it is still ahead, else tomorrow's; the earlier of two when the
        // clocks go back over it. Tomorrow's is always ahead: no day's clocks jump back a day.
        let moment = [today, today + 1].lazy.compactMap { day in
            zone.moments(ofLocalSeconds: Int64(day) * 86_400 + Int64(clock.secondOfDay))
                .first { Double($0) > now.secondsSinceEpoch }
        }.first ?? Int64(now.secondsSinceEpoch.rounded(.up)) + 86_400
        let seconds = Double(moment) - now.secondsSinceEpoch
        let duration = Duration.nanoseconds(Int64((seconds * 1e9).rounded()))
        var reading = zone.clockTime(ofWallSeconds: Double(moment))
        if clock.second != nil {
            let local = Int(zone.localSeconds(ofWallSeconds: Double(moment)).rounded(.down))
            reading += ":" + twoDigits(local.modulo(60))
        }
        let isTomorrow = zone.day(ofWallSeconds: Double(moment)) != today
        return DurationInput(duration: duration, label: label, until: Until(clockTime: reading, isTomorrow: isTomorrow, moment: moment))
    }
}

/// `12:30`, `7:05:30`, `7` with an optional `am`/`pm`, before its range is checked.
private struct ClockReading {
    var hour: Int
    var minute: Int
    var second: Int?
    var meridiem: String?

    init?(_ text: Substring, meridiem: String?) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1 ... 3).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.dropFirst().allSatisfy({ $0.count == 2 })
        else { return nil }
        hour = Int(parts[0])!
        minute = parts.count > 1 ? Int(parts[1])! : 0
        second = parts.count > 2 ? Int(parts[2])! : nil
        self.meridiem = meridiem
    }

    var isInRange: Bool {
        let hours = meridiem == nil ? 0 ... 23 : 1 ... 12
        return hours.contains(hour) && minute < 60 && (second ?? 0) < 60
    }

    var secondOfDay: Int {
        let hour24 = switch meridiem {
        case "am": hour % 12
        case "pm": hour % 12 + 12
        default: hour
        }
        return hour24 * 3600 + minute * 60 + (second ?? 0)
    }
}
