/// Text forms of durations. Every form truncates toward zero, as a stopwatch must:
/// 59.999 s reads 00:59.99, never 01:00.00 before the minute has passed.
public enum DurationFormat {
    /// `mm:ss.cc`, or `h:mm:ss.cc` from one hour on.
    public static func stopwatch(_ duration: Duration) -> String {
        let centis = totalCentiseconds(duration)
        let cc = centis % 100
        let totalSeconds = centis / 100
        let h = totalSeconds / 3600, m = totalSeconds / 60 % 60, s = totalSeconds % 60
        let fraction = "." + twoDigits(Int(cc))
        if h > 0 {
            return "\(h):" + twoDigits(Int(m)) + ":" + twoDigits(Int(s)) + fraction
        }
        return twoDigits(Int(m)) + ":" + twoDigits(Int(s)) + fraction
    }

    /// The stopwatch form without centiseconds, for when they are hidden or space is short.
    public static func stopwatchSeconds(_ duration: Duration) -> String {
        let text = stopwatch(duration)
        return String(text.dropLast(3))
    }

    /// A signed difference between laps: `+00:01.23` or `-00:00.40`; `-00:01` and so on without
    /// centiseconds. The sign goes by what is shown: a difference that reads as zero is `+`,
    /// never a negative zero.
    public static func signedDelta(_ duration: Duration, centiseconds: Bool = true) -> String {
        let magnitude = duration < .zero ? .zero - duration : duration
        let shownUnits = totalCentiseconds(magnitude) / (centiseconds ? 1 : 100)
        let text = centiseconds ? stopwatch(magnitude) : stopwatchSeconds(magnitude)
        return (duration < .zero && shownUnits > 0 ? "-" : "+") + text
    }

    /// A countdown's time: `m:ss`, `h:mm:ss` from an hour, and `-m:ss` for overtime (see
    /// `overtime`). Time left rounds up (a fresh 4:30 timer reads 4:30 for its first second).
    public static func countdown(_ remaining: Duration) -> String {
        if remaining < .zero { return overtime(.zero - remaining) }
        let (wholeSeconds, attoseconds) = remaining.components
        return clock(attoseconds == 0 ? wholeSeconds : wholeSeconds + 1)
    }

    /// Time past a deadline, as the dashboard and `noodle status` both write it: `-0:12`, rounded
    /// down, as a kitchen timer counts on below zero. Under a second it is `0:00`: a minus before
    /// nothing would be a negative zero.
    public static func overtime(_ past: Duration) -> String {
        let seconds = max(0, past.components.seconds)
        return seconds == 0 ? clock(0) : "-" + clock(seconds)
    }

    /// `m:ss`, or `h:mm:ss` from an hour, of whole seconds.
    private static func clock(_ seconds: Int64) -> String {
        let h = seconds / 3600, m = seconds / 60 % 60, s = seconds % 60
        return h > 0 ? "\(h):" + twoDigits(Int(m)) + ":" + twoDigits(Int(s)) : "\(m):" + twoDigits(Int(s))
    }

    /// How long ago something happened, to the minute: `just now`, `12 min ago`, `2 h 5 min ago`, `3 days ago`.
    public static func ago(_ duration: Duration) -> String {
        let minutes = max(0, duration.components.seconds / 60)
        switch minutes {
        case 0: return "just now"
        case ..<60: return "\(minutes) min ago"
        case ..<(48 * 60): return "\(minutes / 60) h" + (minutes % 60 == 0 ? "" : " \(minutes % 60) min") + " ago"
        default: return "\(minutes / (24 * 60)) days ago"
        }
    }

    /// Whole centiseconds in `duration`, truncated; negative durations count as zero.
    public static func totalCentiseconds(_ duration: Duration) -> Int64 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        return seconds * 100 + attoseconds / 10_000_000_000_000_000
    }
}

func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : "\(value)"
}
