/// What `noodle status` reports: one short line for a status bar (tmux, i3blocks, a prompt), a
/// template's fields, or JSON, worked out from the stored state and the wall clock alone.
///
/// No dashboard may be open to advance the countdowns, so the summary decides for itself, by
/// `UnattendedFinish` as a starting dashboard does: a countdown stored as ringing, or stored as
/// running with its deadline passed, rings until the alarm cap has passed since its deadline;
/// after that it counts as missed and is not shown.
public struct StatusSummary: Sendable, Equatable {
    public struct Ringing: Sendable, Equatable {
        public var label: String
        /// How long ago the deadline passed.
        public var overtime: Duration

        public init(label: String, overtime: Duration) {
            self.label = label
            self.overtime = overtime
        }
    }

    public struct Timer: Sendable, Equatable {
        public enum State: String, Sendable, Equatable { case running, paused }

        public var label: String
        public var state: State
        public var remaining: Duration

        public init(label: String, state: State, remaining: Duration) {
            self.label = label
            self.state = state
            self.remaining = remaining
        }
    }

    public struct Stopwatch: Sendable, Equatable {
        public var running: Bool
        public var elapsed: Duration
        public var laps: Int

        public init(running: Bool, elapsed: Duration, laps: Int) {
            self.running = running
            self.elapsed = elapsed
            self.laps = laps
        }
    }

    /// Which symbols the one-line text uses: emoji in a UTF-8 locale, plain ASCII otherwise.
    public enum Charset: Sendable, Equatable { case utf8, ascii }

    /// In the order the countdowns were added.
    public var ringing: [Ringing]
    /// Running and paused countdowns, in the order they were added.
    public var timers: [Timer]
    public var stopwatch: Stopwatch

    public static let defaultAlarmCap: Int64 = 300_000_000_000

    /// `now` is wall-clock nanoseconds since the epoch, `alarmCap` nanoseconds, as stored.
    public init(_ saved: SavedState, now: Int64, alarmCap: Int64 = defaultAlarmCap) {
        var ringing: [Ringing] = []
        var timers: [Timer] = []
        for countdown in saved.countdowns {
            switch countdown.state {
            case .running, .ringing:
                guard let deadline = countdown.deadline else { continue }
                switch UnattendedFinish(deadline: deadline, now: now, alarmCap: alarmCap) {
                case nil:
                    // Stored as ringing with a deadline ahead (a clock set back) shows as running.
                    timers.append(Timer(label: countdown.label, state: .running, remaining: .nanoseconds(deadline - now)))
                case .ringing:
                    ringing.append(Ringing(label: countdown.label, overtime: .nanoseconds(now - deadline)))
                case .missed:
                    continue
                }
            case .paused:
                let left = countdown.remaining ?? countdown.total
                timers.append(Timer(label: countdown.label, state: .paused, remaining: .nanoseconds(max(0, left))))
            case .missed, .done:
                continue
            }
        }
        let watch = saved.stopwatch
        let elapsed = watch.elapsed(at: now)
        self.init(
            ringing: ringing, timers: timers,
            stopwatch: Stopwatch(running: watch.runningSince != nil, elapsed: .nanoseconds(elapsed), laps: saved.laps.count)
        )
    }

    public init(ringing: [Ringing], timers: [Timer], stopwatch: Stopwatch) {
        self.ringing = ringing
        self.timers = timers
        self.stopwatch = stopwatch
    }

    public var isRinging: Bool { !ringing.isEmpty }

    /// The running countdown that finishes first; the first added wins a tie.
    public var nearestRunning: Timer? {
        var nearest: Timer?
        for timer in timers where timer.state == .running {
            if nearest.map({ timer.remaining < $0.remaining }) ?? true { nearest = timer }
        }
        return nearest
    }

    public var runningCount: Int { timers.count(where: { $0.state == .running }) }

    // MARK: - The one line

    /// `🍜 Shin 2:31 · ⏱ 12:04`, `🔔 Shin -0:12`; in ASCII `Shin 2:31 | SW 12:04`, `!Shin -0:12`.
    /// Empty when nothing rings or runs.
    public func text(_ charset: Charset) -> String {
        let fields = self.fields
        var parts: [String] = []
        let utf8 = charset == .utf8
        if !fields.ringing.isEmpty { parts.append((utf8 ? "🔔 " : "!") + fields.ringing) }
        if !fields.timer.isEmpty { parts.append((utf8 ? "🍜 " : "") + fields.timer) }
        if !fields.stopwatch.isEmpty { parts.append((utf8 ? "⏱ " : "SW ") + fields.stopwatch) }
        return parts.joined(separator: utf8 ? " · " : " | ")
    }

    // MARK: - Templates

    /// The placeholders a `--format` template may use, each replaced by plain text (no symbols)
    /// or by nothing when it does not apply.
    public static let placeholders = ["ringing", "timer", "timer_label", "timer_left", "stopwatch", "count"]

    struct Fields {
        /// Every ringing countdown as `label -m:ss`, its overtime as the dashboard writes it, joined by ", ".
        var ringing: String
        /// The nearest running countdown as `label m:ss`.
        var timer: String
        var timerLabel: String
        var timerLeft: String
        /// The running stopwatch as `mm:ss`, or `h:mm:ss` from an hour.
        var stopwatch: String
        /// How many countdowns are running; empty for none.
        var count: String

        func value(of placeholder: String) -> String? {
            switch placeholder {
            case "ringing": ringing
            case "timer": timer
            case "timer_label": timerLabel
            case "timer_left": timerLeft
            case "stopwatch": stopwatch
            case "count": count
            default: nil
            }
        }
    }

    var fields: Fields {
        let ringing = ringing.map { Self.joined(PrintableText.clean($0.label), DurationFormat.overtime($0.overtime)) }
        let nearest = nearestRunning
        let label = nearest.map { PrintableText.clean($0.label) } ?? ""
        let left = nearest.map { DurationFormat.countdown($0.remaining) } ?? ""
        let running = runningCount
        return Fields(
            ringing: ringing.joined(separator: ", "),
            timer: Self.joined(label, left),
            timerLabel: label,
            timerLeft: left,
            stopwatch: stopwatch.running ? DurationFormat.stopwatchSeconds(stopwatch.elapsed) : "",
            count: running > 0 ? "\(running)" : ""
        )
    }

    /// `template` with each `{placeholder}` replaced. Braces around anything that is not a
    /// placeholder name stay as they are; a name that is not a placeholder is an error, so a typo
    /// does not quietly show nothing. When every placeholder in the template is empty the result
    /// is empty, so a status bar shows nothing rather than the template's decorations.
    public func render(template: String) throws(StatusTemplateError) -> String {
        let fields = self.fields
        var result = ""
        var sawPlaceholder = false
        var anyFilled = false
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else { break }
            let name = String(rest[afterOpen ..< close])
            let isName = !name.isEmpty && name.unicodeScalars.allSatisfy { ("a" ... "z").contains($0) || $0 == "_" }
            if isName {
                guard let value = fields.value(of: name) else { throw StatusTemplateError(placeholder: name) }
                sawPlaceholder = true
                anyFilled = anyFilled || !value.isEmpty
                result += value
                rest = rest[rest.index(after: close)...]
            } else {
                result += "{"
                rest = rest[afterOpen...]
            }
        }
        result += rest
        return sawPlaceholder && !anyFilled ? "" : result
    }

    // MARK: - JSON

    /// One line of JSON, version 1; its shape stays as it is for as long as `version` is 1, and
    /// fields are only ever added to it:
    ///
    ///     {"version":1,
    ///      "text":"🔔 egg -0:12 · 🍜 Shin Ramyun 2:31 · ⏱ 12:04",
    ///      "tooltip":"🔔 egg -0:12\n🍜 Shin Ramyun 2:31\n⏱ 12:04","class":"ringing",
    ///      "ringing":[{"label":"egg","overtime_seconds":12}],
    ///      "timers":[{"label":"Shin Ramyun","state":"running","remaining_seconds":151}],
    ///      "stopwatch":{"running":true,"elapsed_seconds":724,"laps":3}}
    ///
    /// Every number is whole seconds: time left rounds up (as the dashboard shows it), overtime
    /// and elapsed time round down. `timers` holds running and paused countdowns; missed and
    /// finished ones are in neither list. `text`, `tooltip` and `class` are what waybar's custom
    /// module reads: the line as `text(charset)` prints it, `tooltip(charset)` and `barClass`.
    public func json(_ charset: Charset) -> String {
        let ringing = ringing.map { item in
            "{\"label\":\(Self.jsonString(item.label)),\"overtime_seconds\":\(wholeSeconds(item.overtime))}"
        }
        let timers = timers.map { timer in
            "{\"label\":\(Self.jsonString(timer.label)),\"state\":\"\(timer.state.rawValue)\",\"remaining_seconds\":\(secondsRoundedUp(timer.remaining))}"
        }
        let watch = "{\"running\":\(stopwatch.running),\"elapsed_seconds\":\(wholeSeconds(stopwatch.elapsed)),\"laps\":\(stopwatch.laps)}"
        let bar = "\"text\":\(Self.jsonString(text(charset))),\"tooltip\":\(Self.jsonString(tooltip(charset))),\"class\":\"\(barClass.rawValue)\""
        return "{\"version\":1,\(bar),\"ringing\":[\(ringing.joined(separator: ","))],\"timers\":[\(timers.joined(separator: ","))],\"stopwatch\":\(watch)}"
    }

    /// `text` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// everything else (Hangul included) as UTF-8.
    public static func jsonString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f || (0x80 ... 0x9f).contains(scalar.value)
                || scalar == "\u{2028}" || scalar == "\u{2029}":
                // DEL, C1 controls and the JavaScript line separators are legal raw, but escaped
                // they can never reach a terminal or break a script that splits lines.
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: - Locale

    /// Whether the locale's codeset is UTF-8, from the variables in the order POSIX gives them
    /// precedence: the first of LC_ALL, LC_CTYPE and LANG that is set and not empty decides.
    public static func localeIsUTF8(environment: [String: String]) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            return value.lowercased().filter { $0 != "-" && $0 != "_" }.contains("utf8")
        }
        return false
    }

    // MARK: - Plumbing

    private static func joined(_ label: String, _ time: String) -> String {
        label.isEmpty ? time : time.isEmpty ? label : label + " " + time
    }
}

/// A `--format` template used a name that is not a placeholder.
public struct StatusTemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    public let placeholder: String

    public init(placeholder: String) {
        self.placeholder = placeholder
    }

    public var description: String {
        "unknown placeholder {\(placeholder)} in the format; known: " + StatusSummary.placeholders.map { "{\($0)}" }.joined(separator: ", ")
    }
}

private func wholeSeconds(_ duration: Duration) -> Int64 {
    max(0, duration.components.seconds)
}

private func secondsRoundedUp(_ duration: Duration) -> Int64 {
    let (seconds, attoseconds) = duration.components
    return max(0, attoseconds > 0 ? seconds + 1 : seconds)
}
