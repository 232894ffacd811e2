import NoodleCore

/// The cap on how often a running centisecond display is redrawn; the only place the rate is set.
public enum FrameRate {
    public static let cap = 30
    public static var interval: Duration { .seconds(1) / cap }
}

/// When the screen would next look different if nothing else happened.
/// The loop sleeps until then, so nothing running means no wake-ups but the header's minute flip.
public enum RedrawSchedule {
    public static func next(after state: AppState) -> ContinuousClock.Instant? {
        let now = state.now.instant
        let layout = Layout.compute(for: state.size)
        var candidates: [ContinuousClock.Instant] = []
        if layout != .tooSmall {
            candidates.append(now.advanced(by: state.now.wall.untilNextMinute))
            if let status = state.status { candidates.append(status.expires) }
        }
        if state.stopwatch.isRunning, layout.rect(of: .stopwatch, focus: state.focus) != nil {
            candidates.append(now.advanced(by: FrameRate.interval))
        }
        return candidates.min()
    }
}
