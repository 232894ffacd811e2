import NoodleCore

/// The top line: the name, a one-line status, and the local time.
enum HeaderView {
    static func draw(_ state: AppState, in rect: Rect, glyphs: Glyphs, into grid: inout Grid) {
        grid.fill(rect, role: .header)
        let clock = state.now.wall.hourMinute
        let clockX = rect.maxX - clock.count - 1
        grid.write(clock, x: clockX, y: rect.y, role: .header)
        var x = rect.x + 1
        x += grid.write("noodle", x: x, y: rect.y, role: .header, limit: clockX - 1)
        let (text, role) = status(of: state)
        let room = clockX - 1 - x - glyphs.separator.count
        guard room > 3 else { return }
        x += grid.write(glyphs.separator, x: x, y: rect.y, role: .header)
        grid.write(TextWidth.truncate(text, to: room, ellipsis: glyphs.ellipsis), x: x, y: rect.y, role: role, limit: clockX - 1)
    }

    private static func status(of state: AppState) -> (String, StyleRole) {
        let ringing = ringingText(state)
        // An error is news the user has not seen yet; what is ringing stays true after it expires,
        // and while it rings it is said first: the key that stops it must not scroll away.
        if let status = state.status, status.tone == .error {
            return ringing.map { ($0 + " · " + status.text, .ringing) } ?? (status.text, .error)
        }
        // Work that is not stored must not look as if it were, whatever was said since.
        if let reason = state.unsavedReason {
            return (reason + (state.status.map { " · " + $0.text } ?? ""), .error)
        }
        if let ringing { return (ringing, .ringing) }
        if let status = state.status {
            return (status.text, status.tone == .error ? .error : .header)
        }
        let stopwatch = state.stopwatch
        let laps = stopwatch.laps.count
        let lapNote = laps == 0 ? "" : laps == 1 ? ", 1 lap" : ", \(laps) laps"
        if stopwatch.isRunning { return ("stopwatch running" + lapNote, .header) }
        if stopwatch.isPaused {
            return ("stopwatch stopped at " + state.display.stopwatch(stopwatch.accumulated) + lapNote, .header)
        }
        return ("ready", .header)
    }

    /// What rings and the key that stops it; nil when nothing rings.
    private static func ringingText(_ state: AppState) -> String? {
        guard state.timers.isAnyRinging else { return nil }
        let ringing = state.timers.ringing
        let names = ringing.map(\.displayName)
        let next = state.timers.nextToAcknowledge?.displayName ?? ""
        let keys = ringing.count == 1 ? " (Enter stops it)" : " (Enter stops \(next), s all)"
        return "done: " + names.joined(separator: ", ") + keys
    }
}
