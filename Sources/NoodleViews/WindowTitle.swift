import NoodleCore

/// The terminal window's title: what is ringing, else the nearest countdown, so a glance at a tab
/// or a taskbar says how long the noodles have. Minutes only, so it changes once a minute at most.
public enum WindowTitle {
    public static func text(for state: AppState, glyphs: Glyphs) -> String {
        let ringing = state.timers.ringing
        if !ringing.isEmpty {
            let names = ringing.map(\.displayName).joined(separator: ", ")
            return (glyphs.isASCII ? "! " : "🔔 ") + names + " done - noodle"
        }
        guard let nearest = nearestRunning(state) else { return "noodle" }
        return (glyphs.isASCII ? "" : "🍜 ") + nearest.displayName + " " + minutesLeft(nearest.remaining(at: state.now.instant)) + " - noodle"
    }

    /// When the title's minutes next change: the nearest countdown crossing a whole minute.
    public static func nextChange(for state: AppState) -> ContinuousClock.Instant? {
        guard let nearest = nearestRunning(state) else { return nil }
        let remaining = nearest.remaining(at: state.now.instant)
        guard remaining > .zero else { return nil }
        let (seconds, attoseconds) = remaining.components
        let intoMinute = Duration.seconds(seconds % 60) + Duration(secondsComponent: 0, attosecondsComponent: attoseconds)
        return state.now.instant.advanced(by: intoMinute == .zero ? .seconds(60) : intoMinute)
    }

    private static func nearestRunning(_ state: AppState) -> Countdown? {
        state.timers.countdowns.filter(\.isRunning).min { ($0.deadline ?? state.now.instant) < ($1.deadline ?? state.now.instant) }
    }

    /// Whole minutes left, rounded up: 2:31 reads 3m, and the last minute reads <1m.
    static func minutesLeft(_ remaining: Duration) -> String {
        let (seconds, attoseconds) = remaining.components
        if seconds < 60 { return "<1m" }
        return "\((seconds + (attoseconds > 0 ? 1 : 0) + 59) / 60)m"
    }
}
