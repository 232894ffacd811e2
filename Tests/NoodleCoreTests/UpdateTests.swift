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

    @Test("q and Ctrl-C quit with status 0 after saving")
    func quit() {
        var state = freshState()
        #expect(press(.character("q"), &state, at: 0) == [.save, .quit(exitCode: 0)])
        #expect(press(.control("c"), &state, at: 0) == [.save, .quit(exitCode: 0)])
    }

    @Test("INT, TERM and HUP save and exit with 128+n; TSTP saves and suspends", arguments: [
        (Signal.interrupt, [Effect.save, .quit(exitCode: 130)]),
        (.terminate, [.save, .quit(exitCode: 143)]),
        (.hangup, [.save, .quit(exitCode: 129)]),
        (.terminalStop, [.save, .suspend]),
    ])
    func signals(signal: Signal, effects: [Effect]) {
        var state = freshState()
        #expect(update(&state, .signalReceived(signal), at: at(1)) == effects)
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
