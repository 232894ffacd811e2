import Testing
@testable import NoodleCore

@Suite("Update: focus, overlays, signals")
struct UpdateTests {
    @Test("Tab and Shift-Tab cycle focus; 1, 2 and 3 jump to a panel")
    func focus() {
        var state = freshState()
        press(.tab, &state, at: 0)
        #expect(state.focus == .timers)
        press(.tab, &state, at: 0)
        press(.tab, &state, at: 0)
        #expect(state.focus == .stopwatch)
        press(.backTab, &state, at: 0)
        #expect(state.focus == .bookmarks)
        press(.character("1"), &state, at: 0)
        #expect(state.focus == .stopwatch)
        press(.character("2"), &state, at: 0)
        #expect(state.focus == .timers)
    }

    @Test("panel keys act only when their panel is focused")
    func scopedKeys() {
        var state = freshState()
        press(.character("2"), &state, at: 0)
        #expect(press(.space, &state, at: 1) == [])
        #expect(state.stopwatch.isIdle)
    }

    @Test("help takes the keys while open, scrolls no further than its last line, and Esc closes it")
    func helpOverlay() {
        var state = freshState(width: 80, height: 12)
        press(.character("?"), &state, at: 0)
        #expect(state.overlay == .help(scroll: 0))
        #expect(press(.space, &state, at: 1) == [])
        #expect(state.stopwatch.isIdle)
        press(.home, &state, at: 1)
        press(.down, &state, at: 1)
        #expect(state.overlay == .help(scroll: 1))
        for _ in 0 ..< 50 { press(.pageDown, &state, at: 1) }
        guard case .help(let bottom) = state.overlay else { return }
        #expect(bottom == max(0, Keymap.helpLineCount - (state.size.height - 4)))
        press(.up, &state, at: 1)
        #expect(state.overlay == .help(scroll: max(0, bottom - 1)))
        press(.character("1"), &state, at: 1)
        #expect(state.focus == .stopwatch && state.overlay != nil)
        press(.escape, &state, at: 1)
        #expect(state.overlay == nil)
        press(.function(1), &state, at: 1)
        #expect(state.overlay != nil)
        press(.function(1), &state, at: 1)
        #expect(state.overlay == nil)
    }

    @Test("q and Ctrl-C quit with status 0: every change was already handed to the store")
    func quit() {
        var state = freshState()
        #expect(press(.character("q"), &state, at: 0) == [.quit(exitCode: 0)])
        #expect(press(.control("c"), &state, at: 0) == [.quit(exitCode: 0)])
    }

    @Test("INT, TERM and HUP exit with 128+n; TSTP and Ctrl-Z suspend; none adds a store", arguments: [
        (Signal.interrupt, [Effect.quit(exitCode: 130)]),
        (.terminate, [.quit(exitCode: 143)]),
        (.hangup, [.quit(exitCode: 129)]),
        (.terminalStop, [.suspend]),
    ])
    func signals(signal: Signal, effects: [Effect]) {
        var state = freshState()
        #expect(update(&state, .signalReceived(signal), at: at(1)) == effects)
        // With a countdown just finished, the clock's own operation still comes first.
        var ringing = freshState()
        ringing.timers.add(DurationInput(duration: .seconds(1), label: ""), id: 4, at: origin.instant)
        let finished = update(&ringing, .signalReceived(signal), at: at(1))
        #expect(finished == [
            .bell, doneNotice(4, "Countdown is done", "0:01 finished"),
            .runDoneHook(label: "", duration: .seconds(1), overtime: .zero),
            .store(.advanceCountdown(id: 4, deadline: wall(1), state: .ringing, cuedSteps: 0)),
        ] + effects)
    }

    @Test("Ctrl-Z suspends without a store")
    func suspendKey() {
        var state = freshState()
        #expect(press(.control("z"), &state, at: 0) == [.suspend])
    }

    @Test("Ctrl-L and resuming repaint; a resize is remembered")
    func repaintAndResize() {
        var state = freshState()
        #expect(press(.control("l"), &state, at: 0) == [.repaint])
        #expect(update(&state, .resumed, at: at(1)) == [.repaint])
        _ = update(&state, .resized(Size(width: 1, height: 1)), at: at(2))
        #expect(state.size == Size(width: 1, height: 1))
    }

    @Test("every binding's keys are unique within the scopes that can see them")
    func keymapHasNoShadowedKeys() {
        for panel in Panel.allCases {
            var seen: [Key: Action] = [:]
            for binding in Keymap.bindings where binding.scope == .panel(panel) {
                for key in binding.keys {
                    #expect(seen[key] == nil, "\(key) bound twice in \(panel)")
                    seen[key] = binding.action
                }
            }
            for binding in Keymap.bindings where binding.scope == .global {
                for key in binding.keys {
                    #expect(Keymap.action(for: key, focus: panel) == binding.action, "\(key) is shadowed in \(panel)")
                }
            }
        }
    }
}
