import Testing
@testable import NoodleCore

@Suite("Timers: the order of the rows, clearing finished countdowns")
struct TimerOrderTests {
    /// Countdowns `a` … made at 0 s with the given lengths in seconds, `focus` on Timers.
    private func timers(_ lengths: [Int], order: TimerOrder = .status) -> AppState {
        var state = freshState()
        state.timers.order = order
        state.focus = .timers
        for (index, seconds) in lengths.enumerated() {
            press(.character("n"), &state, at: 0)
            type("\(seconds)s \(Character(Unicode.Scalar(UInt8(97 + index))))", &state, at: 0)
            press(.enter, &state, at: 0)
        }
        return state
    }

    private func select(_ label: String, _ state: inout AppState) {
        let id = state.timers.countdowns.first { $0.label == label }!.id
        state.timers.select(id: id)
    }

    @Test("ringing, then running by time left, then paused by time left, then finished, the latest first")
    func status() {
        var state = timers([300, 5, 120, 600, 2, 3, 900])
        select("d", &state)
        press(.space, &state, at: 1) // d paused, 599 s left
        select("g", &state)
        press(.space, &state, at: 1) // g paused, 899 s left
        _ = update(&state, .ticked, at: at(4)) // e (2 s) and f (3 s) ring
        select("e", &state)
        press(.enter, &state, at: 4) // e done, finished at 2 s
        select("f", &state)
        press(.enter, &state, at: 4) // f done, finished at 3 s
        _ = update(&state, .ticked, at: at(6)) // b rings
        #expect(state.timers.displayOrder.map(\.label) == ["b", "c", "a", "d", "g", "f", "e"])
    }

    @Test("the creation order keeps ringing ones on top and the rest as made")
    func created() {
        var state = timers([300, 5, 120], order: .created)
        _ = update(&state, .ticked, at: at(6))
        #expect(state.timers.displayOrder.map(\.label) == ["b", "a", "c"])
    }

    @Test("the selection stays on its countdown as rows reorder")
    func selectionFollows() {
        var state = timers([300, 5, 120])
        select("a", &state)
        press(.character("-"), &state, at: 0) // a: 240 s, still after c? no: c has 120 s
        #expect(state.timers.selected?.label == "a")
        for _ in 0 ..< 4 { press(.character("-"), &state, at: 0) } // a: 0 s: finishes and rings
        #expect(state.timers.selected?.label == "a")
        #expect(state.timers.displayOrder.first?.label == "a")
    }

    @Test("c clears finished countdowns that no longer ring; u brings them back")
    func clearFinished() {
        var state = timers([1, 2, 300])
        _ = update(&state, .ticked, at: at(3))
        #expect(press(.character("c"), &state, at: 3) == [])
        #expect(state.status?.text == "Nothing finished to clear: Enter stops what rings first")
        press(.enter, &state, at: 3)
        let effects = press(.character("c"), &state, at: 4)
        #expect(effects.count == 1)
        #expect(state.timers.countdowns.map(\.label) == ["b", "c"], "b still rings")
        press(.enter, &state, at: 4)
        #expect(press(.character("c"), &state, at: 5) == [.store(.removeCountdown(id: -2))])
        #expect(state.status?.text == "Cleared b: u undoes")
        #expect(state.timers.countdowns.map(\.label) == ["c"])
        press(.character("u"), &state, at: 6)
        press(.character("u"), &state, at: 6)
        #expect(state.timers.countdowns.map(\.label) == ["a", "b", "c"])
        #expect(!state.timers.isAnyRinging, "undo brings them back acknowledged, as they were cleared")
    }

    @Test("auto_clear takes acknowledged countdowns away that long after they were acknowledged, waking for it")
    func autoClear() {
        var state = timers([1, 300])
        state.timers.autoClear = .seconds(600)
        _ = update(&state, .ticked, at: at(2))
        #expect(state.timers.isAnyRinging)
        let ringingUntil = state.timers.nextEvent
        press(.character("s"), &state, at: 100) // acknowledged at 100 s
        #expect(state.timers.nextEvent == at(300).instant, "b's deadline first")
        #expect(ringingUntil != nil)
        _ = update(&state, .ticked, at: at(300)) // b rings
        press(.enter, &state, at: 300)
        #expect(state.timers.nextEvent == at(700).instant, "a's clearing is what is due next")
        #expect(update(&state, .ticked, at: at(699.9)).isEmpty)
        #expect(update(&state, .ticked, at: at(700)) == [.store(.removeCountdown(id: -1))])
        #expect(state.timers.countdowns.map(\.label) == ["b"])
        #expect(update(&state, .ticked, at: at(900)) == [.store(.removeCountdown(id: -2))])
        #expect(state.timers.nextEvent == nil)
    }
}
