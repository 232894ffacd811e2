import Testing
@testable import NoodleCore

@Suite("Timers in the dashboard")
struct TimersTests {
    func typeTimer(_ text: String, _ state: inout AppState, at seconds: Double) -> [Effect] {
        press(.character("2"), &state, at: seconds)
        press(.character("n"), &state, at: seconds)
        for character in text { press(.character(character), &state, at: seconds) }
        return press(.enter, &state, at: seconds)
    }

    @Test("n, a duration and Enter start a countdown; bad input keeps the prompt open")
    func prompt() {
        var state = freshState()
        #expect(typeTimer("abc", &state, at: 0) == [])
        #expect(state.overlay == .newTimer(text: "abc"))
        press(.escape, &state, at: 0)
        #expect(state.overlay == nil && state.timers.countdowns.isEmpty)
        #expect(typeTimer("2s tea", &state, at: 0) == [.store(.addCountdown(
            localID: -1, label: "tea", total: nanoseconds(2), deadline: wall(2), steps: [], cuedSteps: 0
        ))])
        #expect(state.timers.countdowns.map(\.label) == ["tea"])
        #expect(state.timers.countdowns.map(\.id) == [-1])
    }

    @Test("a finish rings at once, the bell repeats until acknowledged, and it keeps running unfocused")
    func ringing() {
        var state = freshState()
        _ = typeTimer("2s tea", &state, at: 0)
        press(.character("1"), &state, at: 0.5)
        let finish = update(&state, .ticked, at: at(2))
        #expect(finish == [
            .bell, doneNotice(-1, "tea is done", "0:02 finished"),
            .runDoneHook(label: "tea", duration: .seconds(2), overtime: .zero),
            .store(.advanceCountdown(id: -1, deadline: wall(2), state: .ringing, cuedSteps: 0)),
        ])
        #expect(update(&state, .ticked, at: at(4.9)) == [])
        // The repeat brings the notification up to date rather than stacking a new one.
        #expect(update(&state, .ticked, at: at(5)) == [.bell, .notify(AlarmNotice(
            countdownID: -1, kind: .stillRinging, title: "tea is done", body: "0:02 finished, ringing for 0:03", snooze: .seconds(60)))])
        #expect(press(.character("s"), &state, at: 6) == [.store(.silenceAll), .alarmsEnded(ids: [-1], quiet: true)])
        #expect(!state.timers.countdowns[0].isRinging)
        #expect(press(.character("s"), &state, at: 6) == [], "nothing rings: nothing to store")
        #expect(update(&state, .ticked, at: at(9)) == [])
    }

    @Test("taking off a minute past zero rings now; plus adds a minute")
    func minutes() {
        var state = freshState()
        _ = typeTimer("90s egg", &state, at: 0)
        #expect(press(.character("+"), &state, at: 1) == [.store(.addTime(id: -1, amount: nanoseconds(60), at: wall(1)))])
        #expect(state.timers.countdowns[0].remaining(at: at(1).instant) == .seconds(149))
        #expect(press(.character("-"), &state, at: 2) == [.store(.addTime(id: -1, amount: nanoseconds(-60), at: wall(2)))])
        press(.character("-"), &state, at: 2)
        // 28 s left: the third minute off finishes it now, and the ring is stored after the change.
        #expect(press(.character("-"), &state, at: 2) == [
            .bell, .store(.addTime(id: -1, amount: nanoseconds(-60), at: wall(2))),
            doneNotice(-1, "egg is done", "0:00 finished"),
            .runDoneHook(label: "egg", duration: .zero, overtime: .zero),
            .store(.advanceCountdown(id: -1, deadline: wall(2), state: .ringing, cuedSteps: 0)),
        ])
        // Taking off more from a finished countdown changes only its total, which is already zero.
        #expect(press(.character("-"), &state, at: 3) == [])
        #expect(press(.character("+"), &state, at: 3) == [.store(.addTime(id: -1, amount: nanoseconds(60), at: wall(3))), .alarmsEnded(ids: [-1], quiet: true)])
        #expect(state.timers.countdowns[0].phase == .running(deadline: at(63).instant))
    }

    @Test("remove and undo; selection follows; ringing rises to the top")
    func removeUndoOrder() {
        var state = freshState()
        _ = typeTimer("5m a", &state, at: 0)
        _ = typeTimer("1s b", &state, at: 0)
        _ = typeTimer("6m c", &state, at: 0)
        _ = update(&state, .ticked, at: at(1))
        #expect(state.timers.displayOrder.map(\.label) == ["b", "a", "c"])
        #expect(press(.character("x"), &state, at: 2) == [.store(.removeCountdown(id: -3))])
        #expect(state.timers.countdowns.map(\.label) == ["a", "b"])
        #expect(press(.character("u"), &state, at: 3) == [.store(.restoreCountdown(SavedCountdown(
            id: -3, label: "c", total: nanoseconds(360), state: .running, deadline: wall(360), remaining: nil
        )))])
        #expect(state.timers.countdowns.map(\.label) == ["a", "b", "c"])
        #expect(state.timers.displayOrder[state.timers.selectedIndex!].label == "c")
        #expect(press(.enter, &state, at: 3) == [.store(.acknowledgeCountdown(id: -2)), .alarmsEnded(ids: [-2], quiet: true)], "c does not ring: Enter stops the first that does")
        #expect(press(.enter, &state, at: 3) == [], "nothing rings any more")
        #expect(state.timers.ringing.isEmpty)
        #expect(press(.character("u"), &state, at: 3) == [.store(.removeCountdown(id: -3))], "the next undo takes back making c")
    }

    @Test("a countdown paused for 2 s finishes 2 s later")
    func pause() {
        var state = freshState()
        _ = typeTimer("10s rice", &state, at: 0)
        #expect(press(.space, &state, at: 3) == [.store(.pauseCountdown(id: -1, at: wall(3)))])
        #expect(press(.space, &state, at: 5) == [.store(.resumeCountdown(id: -1, at: wall(5)))])
        #expect(state.timers.countdowns[0].deadline == at(12).instant)
    }
}

@Suite("Timed steps in the dashboard")
struct TimedStepCueTests {
    @Test("each step gives one soft cue and says what to do, whatever is focused")
    func cues() throws {
        var state = freshState()
        let steps = try TimedSteps.parse("[00:00] noodles in\n[05:00] drain, keep 8 spoons\n[05:30] done").get()
        state.timers.add(DurationInput(duration: .seconds(330), label: "불닭볶음면"), id: 1, steps: steps, at: at(0).instant)
        #expect(update(&state, .ticked, at: at(299.9)) == [])
        #expect(update(&state, .ticked, at: at(300)) == [.stepCue, .store(.advanceCountdown(id: 1, deadline: wall(330), state: .running, cuedSteps: 2))])
        #expect(state.status?.text == "불닭볶음면: drain, keep 8 spoons")
        #expect(update(&state, .ticked, at: at(301)) == [])
        let finish = update(&state, .ticked, at: at(330))
        #expect(finish == [
            .bell, .stepCue, doneNotice(1, "불닭볶음면 is done", "5:30 finished"),
            .runDoneHook(label: "불닭볶음면", duration: .seconds(330), overtime: .zero),
            .store(.advanceCountdown(id: 1, deadline: wall(330), state: .ringing, cuedSteps: 3)),
        ])
    }
}
