import Testing
@testable import NoodleCore

@Suite("Undo and redo across countdowns, bookmarks and the stopwatch")
struct UndoTests {
    @discardableResult
    private func newTimer(_ text: String, _ state: inout AppState, at seconds: Double) -> [Effect] {
        press(.character("2"), &state, at: seconds)
        press(.character("n"), &state, at: seconds)
        type(text, &state, at: seconds)
        return press(.enter, &state, at: seconds)
    }

    /// Stores `effects` ask for, applied in order to `saved`: what the database would hold.
    private func stored(_ effects: [Effect], onto saved: inout SavedState) {
        for case .store(let operation) in effects { operation.apply(to: &saved) }
    }

    @Test("every change says what it did in the header")
    func feedback() {
        var state = catalogState()
        press(.enter, &state, at: 0)
        #expect(state.status == nil, "no bookmarks: Enter does nothing and says nothing")
        state.bookmarks.add(catalogID: "jin-ramen", id: 1)
        press(.enter, &state, at: 0)
        #expect(state.status?.text == "Started Jin Ramen 4:00")
        newTimer("5m egg", &state, at: 1)
        #expect(state.status?.text == "Started egg 5:00")
        press(.space, &state, at: 2)
        #expect(state.status?.text == "Paused egg, 4:59 left")
        press(.space, &state, at: 3)
        #expect(state.status?.text == "Resumed egg, 4:59 left")
        press(.character("+"), &state, at: 3)
        #expect(state.status?.text == "egg +1:00, 5:59 left")
        press(.character("-"), &state, at: 3)
        #expect(state.status?.text == "egg -1:00, 4:59 left")
        press(.character("r"), &state, at: 4)
        #expect(state.status?.text == "Restarted egg 5:00")
        press(.character("x"), &state, at: 4)
        #expect(state.status?.text == "Removed egg: u undoes")
        press(.character("1"), &state, at: 5)
        press(.space, &state, at: 5)
        #expect(state.status?.text == "Stopwatch started")
        press(.character("l"), &state, at: 46.2)
        #expect(state.status?.text == "Lap 1 00:41.20")
        press(.space, &state, at: 50)
        #expect(state.status?.text == "Stopwatch stopped at 00:45.00")
        press(.character("r"), &state, at: 51)
        #expect(state.status?.text == "Reset the stopwatch: u undoes")
    }

    @Test("u takes back every kind of change in turn, newest first, and U does them again")
    func acrossKinds() {
        var state = catalogState()
        var saved = SavedState()
        // A bookmark from the catalog, moved, timed and removed; a countdown; a stopwatch reset.
        stored(press(.character("a"), &state, at: 0), onto: &saved)
        stored(press(.enter, &state, at: 0), onto: &saved)
        stored(press(.down, &state, at: 0), onto: &saved)
        stored(press(.enter, &state, at: 0), onto: &saved)
        stored(press(.escape, &state, at: 0), onto: &saved)
        stored(press(.character("K"), &state, at: 0), onto: &saved)
        stored(press(.character("e"), &state, at: 0), onto: &saved)
        type("3:30", &state, at: 0)
        stored(press(.enter, &state, at: 0), onto: &saved)
        stored(newTimer("2m tea", &state, at: 1), onto: &saved)
        stored(press(.space, &state, at: 2), onto: &saved)
        stored(press(.character("1"), &state, at: 3), onto: &saved)
        stored(press(.space, &state, at: 3), onto: &saved)
        stored(press(.character("l"), &state, at: 4), onto: &saved)
        stored(press(.space, &state, at: 5), onto: &saved)
        stored(press(.character("r"), &state, at: 6), onto: &saved)
        #expect(state.saved == saved)
        let finished = state.saved

        // Back through all of it: each undo is a stored operation, and says what it undid.
        var undone: [String] = []
        var snapshots: [SavedState] = [state.saved]
        for step in 0 ..< 7 {
            stored(press(.character("u"), &state, at: 7 + Double(step)), onto: &saved)
            undone.append(state.status?.text ?? "")
            #expect(state.saved == saved, "after undo \(step + 1) the store holds what the screen shows")
            snapshots.append(state.saved)
        }
        #expect(undone == [
            "Undid: Reset the stopwatch (U redoes)",
            "Undid: Paused tea, 1:59 left (U redoes)",
            "Undid: Started tea 2:00 (U redoes)",
            "Undid: Jin Ramen: your time 3:30 (U redoes)",
            "Undid: Moved Jin Ramen to 1 of 2 (U redoes)",
            "Undid: Bookmarked Jin Ramen (U redoes)",
            "Undid: Bookmarked Shin Ramyun (U redoes)",
        ])
        #expect(state.bookmarks.isEmpty && state.timers.countdowns.isEmpty)
        #expect(state.stopwatch.laps.count == 1, "the reset came back with its lap")
        press(.character("u"), &state, at: 20)
        #expect(state.status?.text == "Nothing to undo")

        // And forward again with U and Ctrl-R, to exactly where it was.
        for step in 0 ..< 7 {
            let key: Key = step % 2 == 0 ? .character("U") : .control("r")
            stored(press(key, &state, at: 21), onto: &saved)
            #expect(state.saved == snapshots[6 - step], "redo \(step + 1)")
        }
        #expect(state.saved.bookmarks == finished.bookmarks)
        #expect(state.saved.laps.isEmpty && state.stopwatch.isIdle, "the reset is done again")
        #expect(state.saved == saved)
        press(.control("r"), &state, at: 22)
        #expect(state.status?.text == "Nothing to redo")
    }

    @Test("a new change after an undo drops what could be redone")
    func newChangeDropsRedo() {
        var state = freshState()
        newTimer("5m a", &state, at: 0)
        press(.character("x"), &state, at: 1)
        press(.character("u"), &state, at: 2)
        #expect(state.history.redoSteps.count == 1)
        newTimer("5m b", &state, at: 3)
        #expect(state.history.redoSteps.isEmpty)
        press(.character("U"), &state, at: 4)
        #expect(state.status?.text == "Nothing to redo")
    }

    @Test("at least 20 steps are kept; the oldest go first")
    func depth() {
        var state = freshState()
        for index in 0 ..< 60 { newTimer("\(index + 1)s t\(index)", &state, at: 0) }
        #expect(state.history.undoSteps.count == UndoHistory.depth)
        #expect(UndoHistory.depth >= 20)
        for _ in 0 ..< UndoHistory.depth { press(.character("u"), &state, at: 0.5) }
        #expect(state.timers.countdowns.map(\.label) == (0 ..< 10).map { "t\($0)" })
        press(.character("u"), &state, at: 0.5)
        #expect(state.status?.text == "Nothing to undo")
    }

    @Test("undoing a time change whose deadline has passed brings it back finished, without an alarm")
    func undoNeverRings() {
        var state = freshState()
        newTimer("10s egg", &state, at: 0)
        press(.character("+"), &state, at: 1) // due at 70 s
        let effects = update(&state, .ticked, at: at(20))
        #expect(!effects.contains(.bell))
        let undo = press(.character("u"), &state, at: 20) // back to due at 10 s, already passed
        #expect(!undo.contains(.bell) && !undo.contains { if case .notify = $0 { true } else { false } })
        guard case .done = state.timers.countdowns[0].phase else {
            Issue.record("egg should be finished and quiet: \(state.timers.countdowns[0].phase)")
            return
        }
        #expect(!state.timers.isAnyRinging)
    }

    @Test("an item another window removed meanwhile cannot be undone, and nothing is stored")
    func goneElsewhere() {
        var state = freshState()
        newTimer("5m tea", &state, at: 0)
        state.timers.renameIDs([-1: 4])
        press(.space, &state, at: 1)
        var elsewhere = state.saved
        elsewhere.countdowns = []
        _ = update(&state, .storeChanged(elsewhere), at: at(2))
        #expect(press(.character("u"), &state, at: 3) == [])
        #expect(state.status?.text == "Cannot undo paused tea, 4:59 left: it is gone")
    }

    @Test("ids the store assigns reach the steps kept for undo")
    func renamed() {
        var state = freshState()
        newTimer("5m tea", &state, at: 0)
        press(.character("x"), &state, at: 1)
        _ = update(&state, .idsAssigned([-1: 9]), at: at(1))
        guard case .restoreCountdown(let countdown) = press(.character("u"), &state, at: 2).first.flatMap({ effect -> StoreOperation? in
            if case .store(let operation) = effect { operation } else { nil }
        }) else {
            Issue.record("undo did not restore the countdown")
            return
        }
        #expect(countdown.id == 9)
    }
}

@Suite("Stopping the alarm from any panel")
struct RingingKeysTests {
    @Test("while something rings, Enter stops it in every panel and starts nothing", arguments: Panel.allCases)
    func enterAnywhere(panel: Panel) {
        var state = catalogState()
        state.bookmarks.add(catalogID: "jin-ramen", id: 1)
        press(.character("2"), &state, at: 0)
        press(.character("n"), &state, at: 0)
        type("1s tea", &state, at: 0)
        press(.enter, &state, at: 0)
        _ = update(&state, .ticked, at: at(2))
        #expect(state.timers.isAnyRinging)
        state.focus = panel
        let effects = press(.enter, &state, at: 3)
        #expect(effects == [.store(.acknowledgeCountdown(id: -1)), .alarmsEnded(ids: [-1], quiet: true)])
        #expect(!state.timers.isAnyRinging)
        #expect(state.timers.countdowns.count == 1, "no ramen started")
        #expect(state.status?.text == "Stopped tea's alarm")
        // Once quiet, Enter is the panel's own key again.
        if panel == .bookmarks {
            #expect(press(.enter, &state, at: 4).count == 1)
            #expect(state.timers.countdowns.count == 2)
        }
    }

    @Test("z snoozes the alarm Enter would stop, from any panel, by the configured time; u takes it back quietly", arguments: Panel.allCases)
    func snooze(panel: Panel) {
        var state = catalogState()
        state.timers.snooze = .seconds(90)
        press(.character("2"), &state, at: 0)
        press(.character("n"), &state, at: 0)
        type("1s tea", &state, at: 0)
        press(.enter, &state, at: 0)
        _ = update(&state, .ticked, at: at(2))
        state.focus = panel
        let effects = press(.character("z"), &state, at: 3)
        #expect(effects == [.store(.addTime(id: -1, amount: 90_000_000_000, at: wall(3))), .alarmsEnded(ids: [-1], quiet: true)])
        #expect(!state.timers.isAnyRinging)
        #expect(state.timers.countdowns[0].phase == .running(deadline: at(93).instant))
        #expect(state.status?.text == "Snoozed tea: rings again in 1:30")
        #expect(press(.character("z"), &state, at: 4) == [], "nothing rings: z is no key then")
        press(.character("u"), &state, at: 5)
        #expect(!state.timers.isAnyRinging, "undone, it is back finished but quiet")
        #expect(state.timers.countdowns[0].hasFinished)
    }

    @Test("Enter stops the selected ringing countdown, else the one the header names")
    func whichOne() {
        var state = freshState()
        state.focus = .timers
        for text in ["1s a", "2s b", "9m c"] {
            press(.character("n"), &state, at: 0)
            type(text, &state, at: 0)
            press(.enter, &state, at: 0)
        }
        _ = update(&state, .ticked, at: at(3))
        #expect(state.timers.ringing.count == 2)
        // c is selected and does not ring: the first ringing one is the one named and stopped.
        #expect(state.timers.nextToAcknowledge?.label == "a")
        press(.enter, &state, at: 3)
        #expect(state.timers.ringing.map(\.label) == ["b"])
        press(.character("s"), &state, at: 3)
        #expect(state.status?.text == "Silenced 1 alarm")
    }
}
