import NoodleCore

/// A fixed origin for test time: read once, then every later moment is an exact offset from it.
let origin = Now(instant: ContinuousClock.now, wall: WallTime(secondsSinceEpoch: 1_700_000_000, utcOffsetSeconds: 0))

func at(_ seconds: Double) -> Now {
    origin.advanced(by: .milliseconds(Int64((seconds * 1000).rounded())))
}

/// A moment as a state made at `origin` stores it: wall-clock nanoseconds, `seconds` after the origin.
func wall(_ seconds: Double) -> Int64 {
    1_700_000_000_000_000_000 + Int64((seconds * 1000).rounded()) * 1_000_000
}

/// Whole seconds as stored lengths: nanoseconds.
func nanoseconds(_ seconds: Int64) -> Int64 {
    seconds * 1_000_000_000
}

func freshState(width: Int = 120, height: Int = 40) -> AppState {
    AppState(size: Size(width: width, height: height), now: origin)
}

@discardableResult
func press(_ key: Key, _ state: inout AppState, at seconds: Double) -> [Effect] {
    update(&state, .keyPressed(key), at: at(seconds))
}

/// A small catalog for core tests; the shipped one is tested with its data file.
let testCatalog = Catalog(entries: [
    CatalogEntry(id: "shin-ramyun", name: "Shin Ramyun", koreanName: "신라면", brand: "Nongshim", time: .seconds(270),
                 water: Water(millilitres: 550, byPacks: [550, 880, 1400, 1800, 2300]),
                 steps: [TimedStep(offset: .zero, text: "everything in")], confidence: .high),
    CatalogEntry(id: "jin-ramen", name: "Jin Ramen", koreanName: "진라면", brand: "Ottogi", time: .seconds(240),
                 water: Water(millilitres: 550, byPacks: [550, 1050, 1550, 2050]), confidence: .medium),
    CatalogEntry(id: "cup-noodles", name: "Cup Noodles", koreanName: "컵누들", brand: "Nissin", time: .seconds(180),
                 water: Water(millilitres: nil, instruction: "to the inner line"), confidence: .high),
])

func catalogState(width: Int = 120, height: Int = 40) -> AppState {
    var state = AppState(size: Size(width: width, height: height), now: origin, catalog: testCatalog)
    state.focus = .bookmarks
    return state
}

func type(_ text: String, _ state: inout AppState, at seconds: Double) {
    for character in text { press(.character(character), &state, at: seconds) }
}

/// The notification a countdown's end sends, with the default snooze.
func doneNotice(_ id: Int, _ title: String, _ body: String) -> Effect {
    .notify(AlarmNotice(countdownID: id, kind: .finished, title: title, body: body, snooze: .seconds(60)))
}
