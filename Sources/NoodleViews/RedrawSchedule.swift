import NoodleCore

/// When the screen would next look different if nothing else happened.
/// The loop sleeps until then, so nothing running means no wake-ups but the header's minute flip.
public enum RedrawSchedule {
    public static func next(after state: AppState, glyphs: Glyphs = .unicode) -> ContinuousClock.Instant? {
        let now = state.now.instant
        let layout = Layout.compute(for: state)
        var candidates: [ContinuousClock.Instant] = []
        if layout != .tooSmall {
            candidates.append(now.advanced(by: state.now.wall.untilNextMinute))
            if let status = state.status { candidates.append(status.expires) }
        }
        if state.stopwatch.isRunning, layout.rect(of: .stopwatch, focus: state.focus) != nil {
            if state.display.showCentiseconds {
                candidates.append(now.advanced(by: .seconds(1) / state.display.frameRateCap))
            } else {
                candidates.append(now.advanced(by: untilWholeSecond(state.stopwatch.elapsed(at: now))))
            }
        }
        // Deadlines, steps, the alarm cap and the repeat bell are due whatever is on screen.
        if let due = state.timers.nextEvent { candidates.append(due) }
        if let titleChange = WindowTitle.nextChange(for: state) { candidates.append(titleChange) }
        // The countdowns whose seconds are on screen: the rows shown, and the big one when drawn.
        // Step countdowns and finish times change with those seconds or on a key, never between.
        var shown: [Int] = []
        if state.overlay == .zoom {
            shown += state.featuredCountdownIndex.map { [$0] } ?? []
        } else if layout != .tooSmall, let rect = layout.rect(of: .timers, focus: state.focus) {
            let parts = TimersView.Parts(state, in: rect, ascii: glyphs.isASCII)
            shown += parts.visible
            if parts.big != nil, let featured = state.featuredCountdownIndex { shown.append(featured) }
        }
        let countdowns = state.timers.countdowns
        var soonest: Duration?
        for index in shown where countdowns[index].deadline != nil {
            let flip = untilSecondFlip(countdowns[index].remaining(at: now))
            if soonest.map({ flip < $0 }) ?? true { soonest = flip }
        }
        if let soonest { candidates.append(now.advanced(by: soonest)) }
        // A clock time in the n prompt previews how long until it, which changes every second.
        if case .newTimer(let field) = state.overlay,
           case .success(let input) = DurationInput.parse(field.text, at: state.now.wall, zone: state.zone), input.until != nil {
            candidates.append(now.advanced(by: untilSecondFlip(input.duration)))
        }
        return candidates.min()
    }

    /// How long until a stopwatch reading without centiseconds turns to its next second.
    static func untilWholeSecond(_ elapsed: Duration) -> Duration {
        let attoseconds = elapsed.components.attoseconds
        return .seconds(1) - Duration(secondsComponent: 0, attosecondsComponent: attoseconds)
    }

    /// How long until a countdown's `m:ss` changes: time left shows rounded up, overtime rounded
    /// down, so the flips fall on whole seconds before and after the deadline itself.
    static func untilSecondFlip(_ remaining: Duration) -> Duration {
        let attoseconds = remaining.components.attoseconds
        let fraction = Duration(secondsComponent: 0, attosecondsComponent: attoseconds)
        if remaining > .zero {
            return attoseconds == 0 ? .seconds(1) : fraction
        }
        // Overtime: the fraction is negative, and what is left of the current second is 1 + fraction.
        return attoseconds == 0 ? .seconds(1) : .seconds(1) + fraction
    }
}
