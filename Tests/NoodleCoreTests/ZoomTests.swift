import Testing
@testable import NoodleCore

@Suite("f: one countdown full screen")
struct ZoomTests {
    func withCountdowns(_ labels: [(String, Int)]) -> AppState {
        var state = freshState()
        for (id, (label, seconds)) in labels.enumerated() {
            state.timers.add(DurationInput(duration: .seconds(seconds), label: label), id: id + 1, at: origin.instant)
        }
        return state
    }

    @Test("with no countdown, f says so in the status line and opens nothing")
    func nothingToZoom() {
        var state = freshState()
        #expect(press(.character("f"), &state, at: 1) == [])
        #expect(state.overlay == nil)
        #expect(state.status?.text.contains("No countdown") == true)
        #expect(state.status?.tone == .hint)
    }

    @Test("f opens the zoom from any panel; Esc and f close it; other keys do nothing there")
    func openAndClose() {
        var state = withCountdowns([("tea", 180)])
        for panel in Panel.allCases {
            state.focus = panel
            press(.character("f"), &state, at: 1)
            #expect(state.overlay == .zoom)
            #expect(press(.character("n"), &state, at: 1) == [])
            #expect(press(.space, &state, at: 1) == [])
            #expect(state.overlay == .zoom && state.timers.countdowns[0].isRunning)
            press(panel == .timers ? .escape : .character("f"), &state, at: 2)
            #expect(state.overlay == nil)
        }
    }

    @Test("q and ^C quit from the zoom")
    func quits() {
        var state = withCountdowns([("tea", 180)])
        press(.character("f"), &state, at: 1)
        #expect(press(.character("q"), &state, at: 1) == [.quit(exitCode: 0)])
        #expect(press(.control("c"), &state, at: 1) == [.quit(exitCode: 0)])
    }

    @Test("Enter while zoomed acknowledges the ringing countdown, as Enter in Timers does, and stays zoomed")
    func enterAcknowledges() {
        var state = withCountdowns([("egg", 2), ("tea", 180)])
        state.focus = .bookmarks
        press(.character("f"), &state, at: 1)
        #expect(update(&state, .ticked, at: at(2)).contains(.bell))
        #expect(state.timers.isAnyRinging)
        #expect(press(.enter, &state, at: 3) == [.store(.acknowledgeCountdown(id: 1)), .alarmsEnded(ids: [1], quiet: true)])
        #expect(!state.timers.isAnyRinging)
        #expect(state.overlay == .zoom)
        #expect(press(.enter, &state, at: 4) == [])
        #expect(state.timers.countdowns.count == 2)
    }

    @Test("s silences everything from the zoom")
    func silences() {
        var state = withCountdowns([("egg", 2), ("tea", 2)])
        press(.character("f"), &state, at: 1)
        _ = update(&state, .ticked, at: at(2))
        #expect(press(.character("s"), &state, at: 3) == [.store(.silenceAll), .alarmsEnded(ids: [1, 2], quiet: true)])
        #expect(!state.timers.isAnyRinging)
    }

    @Test("the featured countdown: the selection while Timers is focused, else ringing, then the soonest running, then paused")
    func featured() {
        var state = withCountdowns([("long", 600), ("short", 120), ("paused", 60)])
        state.focus = .timers
        #expect(state.featuredCountdownIndex == 2)
        press(.space, &state, at: 1)
        state.focus = .stopwatch
        #expect(state.featuredCountdownIndex == 1)
        press(.character("2"), &state, at: 1)
        state.timers.select(id: state.timers.countdowns[0].id)
        #expect(state.featuredCountdownIndex == 0)
        press(.character("1"), &state, at: 1)
        _ = update(&state, .ticked, at: at(600))
        #expect(state.timers.countdowns[0].isRinging)
        #expect(state.featuredCountdownIndex == 0)
    }

    @Test("the finish clock is local time to the minute by the zone's rules, and none while paused")
    func finishClock() {
        var state = withCountdowns([("tea", 270)])
        let seoul = LocalZone(builtAt: 0, offsetSeconds: 9 * 3600, coversUntil: .max)
        // 1_700_000_000 is 22:13:20 UTC, 07:13:20 at UTC+9; 4:30 later is 07:17:50.
        #expect(state.timers.countdowns[0].finishClock(now: origin, zone: seoul) == "07:17")
        // The clocks go back an hour two minutes from now: the kitchen clock will then say 06:17.
        let changing = LocalZone(builtAt: 1_700_000_000, offsetSeconds: 9 * 3600,
                                 transitions: [LocalZone.Transition(at: 1_700_000_120, offsetSeconds: 8 * 3600)])
        #expect(state.timers.countdowns[0].finishClock(now: origin, zone: changing) == "06:17")
        state.focus = .timers
        press(.space, &state, at: 10)
        #expect(state.timers.countdowns[0].finishClock(now: origin, zone: seoul) == nil)
    }
}
