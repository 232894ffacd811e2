/// What a status bar such as waybar needs beside the line: a CSS class to style the module by,
/// and a tooltip listing everything that the one line has no room for.
extension StatusSummary {
    public enum BarClass: String, Sendable, Equatable {
        case ringing, running, idle
    }

    /// `ringing` while any countdown rings, else `running` while a countdown or the stopwatch
    /// runs, else `idle`: paused countdowns and a stopped stopwatch wait for the user, so they
    /// are not styled as if time were passing.
    public var barClass: BarClass {
        if isRinging { return .ringing }
        if runningCount > 0 || stopwatch.running { return .running }
        return .idle
    }

    /// One line for each ringing, running and paused countdown, ringing first and then in the
    /// order they were added, then the stopwatch unless it is reset; empty when there is none.
    ///
    ///     🔔 egg -0:12
    ///     🍜 Shin 2:31
    ///     🍜 Jin 1:01 (paused)
    ///     ⏱ 12:04
    public func tooltip(_ charset: Charset) -> String {
        let utf8 = charset == .utf8
        var lines = ringing.map { (utf8 ? "🔔 " : "!") + PrintableText.clean($0.label) + " " + DurationFormat.overtime($0.overtime) }
        for timer in timers {
            let line = (utf8 ? "🍜 " : "") + PrintableText.clean(timer.label) + " " + DurationFormat.countdown(timer.remaining)
            lines.append(timer.state == .paused ? line + " (paused)" : line)
        }
        if stopwatch.running || stopwatch.elapsed > .zero {
            let line = (utf8 ? "⏱ " : "SW ") + DurationFormat.stopwatchSeconds(stopwatch.elapsed)
            lines.append(stopwatch.running ? line : line + " (stopped)")
        }
        return lines.joined(separator: "\n")
    }
}
