import NoodleCore

/// 2026-11-22 10:15:00 UTC in wall-clock nanoseconds.
let aWallTime: Int64 = 1_795_342_500 * 1_000_000_000
let second: Int64 = 1_000_000_000

/// A state with every kind of stored value: own times and none, Hangul and newlines in memos,
/// several packs, a countdown in each state with steps, a running stopwatch and laps.
func fullState() -> SavedState {
    let steps = [
        TimedStep(offset: .seconds(30), text: "스프 넣기"),
        TimedStep(offset: .milliseconds(150_250), text: "drain the water, keep 3 spoons"),
        TimedStep(offset: .seconds(240), text: "불 끄기"),
    ]
    return SavedState(
        bookmarks: [
            SavedBookmark(id: 4, catalogID: "shin-ramyun", ownTime: 270 * second, memo: "계란 하나\n파 조금\n\n  끝 ", packs: 2),
            SavedBookmark(id: 1, catalogID: "jin-ramen"),
            SavedBookmark(id: 9, catalogID: "neoguri", ownTime: nil, memo: "tab\there, quote ' and \" too", packs: 3),
        ],
        countdowns: [
            SavedCountdown(id: 3, label: "신라면", total: 270 * second, state: .running, deadline: aWallTime + 200 * second, remaining: nil, steps: steps, cuedSteps: 1),
            SavedCountdown(id: 5, label: "paused one", total: 180 * second, state: .paused, deadline: nil, remaining: 123_456_789_012, steps: steps, cuedSteps: 2),
            SavedCountdown(id: 6, label: "ringing", total: 60 * second, state: .ringing, deadline: aWallTime - 5 * second, remaining: nil),
            SavedCountdown(id: 7, label: "missed\nwhile away", total: 90 * second, state: .missed, deadline: aWallTime - 3600 * second, remaining: nil, steps: steps, cuedSteps: 3),
            SavedCountdown(id: 8, label: "", total: 1, state: .done, deadline: aWallTime - 1, remaining: nil),
        ],
        stopwatch: SavedStopwatch(accumulated: 12 * second + 345, runningSince: aWallTime - 7 * second),
        laps: [1 * second + 1, 2 * second + 500_000_000, 9 * second, 12 * second + 345]
    )
}

/// `count` bookmarks with ids 1...count, in id order.
func manyBookmarks(_ count: Int) -> [SavedBookmark] {
    (1 ... count).map { SavedBookmark(id: $0, catalogID: "ramen-\($0)", ownTime: $0.isMultiple(of: 3) ? Int64($0) * second : nil, memo: "memo \($0)") }
}
