import NoodleCore

let origin = Now(instant: ContinuousClock.now, wall: WallTime(secondsSinceEpoch: 1_700_000_000, utcOffsetSeconds: 9 * 3600))

func at(_ seconds: Double) -> Now {
    origin.advanced(by: .milliseconds(Int64((seconds * 1000).rounded())))
}

/// A stopwatch that ran 1:23.45 with four laps (best lap 2, worst lap 3) and is still running,
/// with a Hangul status in the header so every snapshot shows two-column glyphs.
func busyState(width: Int, height: Int) -> AppState {
    var state = AppState(size: Size(width: width, height: height), now: origin)
    for (key, t) in [(Key.space, 0.0), (.character("l"), 20.5), (.character("l"), 35.75), (.character("l"), 65), (.character("l"), 82)] {
        _ = update(&state, .keyPressed(key), at: at(t))
    }
    _ = update(&state, .ticked, at: at(83.45))
    state.status = StatusMessage("신라면 4:30 준비", shownAt: at(83).instant)
    return state
}
