import NoodleCore

/// A fixed origin for test time: read once, then every later moment is an exact offset from it.
let origin = Now(instant: ContinuousClock.now, wall: WallTime(secondsSinceEpoch: 1_700_000_000, utcOffsetSeconds: 0))

func at(_ seconds: Double) -> Now {
    origin.advanced(by: .milliseconds(Int64((seconds * 1000).rounded())))
}

func freshState(width: Int = 120, height: Int = 40) -> AppState {
    AppState(size: Size(width: width, height: height), now: origin)
}

@discardableResult
func press(_ key: Key, _ state: inout AppState, at seconds: Double) -> [Effect] {
    update(&state, .keyPressed(key), at: at(seconds))
}
