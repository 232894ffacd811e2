import Testing
@testable import NoodleCore

@Suite("Quitting while saves fail")
struct QuitWhileUnsavedTests {
    @Test("q quits at once, with status 0, when everything is stored")
    func quitsWhenSaved() {
        var state = freshState()
        #expect(press(.character("q"), &state, at: 1) == [.quit(exitCode: 0)])
    }

    @Test("while saves fail, q first only warns; q again within 10 s quits with status 1")
    func warnsThenQuits() {
        var state = freshState()
        _ = update(&state, .saveFailed("not saved, retrying every 5 s: disk full"), at: at(1))
        #expect(press(.character("q"), &state, at: 2) == [])
        #expect(state.status?.text == "Not saved yet: q again quits and loses what is not stored")
        // The writer's retry fails again meanwhile: the warning stays in the header.
        _ = update(&state, .saveFailed("not saved, retrying every 5 s: disk full"), at: at(2))
        #expect(state.status?.text == "Not saved yet: q again quits and loses what is not stored")
        #expect(state.status?.tone == .error)
        #expect(press(.control("c"), &state, at: 11.9) == [.quit(exitCode: 1)])
    }

    @Test("a second q after the warning has gone warns again")
    func warningExpires() {
        var state = freshState()
        _ = update(&state, .saveFailed("disk full"), at: at(1))
        #expect(press(.character("q"), &state, at: 2) == [])
        #expect(press(.character("q"), &state, at: 12) == [])
        #expect(press(.character("q"), &state, at: 13) == [.quit(exitCode: 1)])
    }

    @Test("once a save goes through again, q quits at once with status 0 and the header says so")
    func recovered() {
        var state = freshState()
        _ = update(&state, .saveFailed("disk full"), at: at(1))
        #expect(press(.character("q"), &state, at: 2) == [])
        _ = update(&state, .saveRecovered, at: at(3))
        #expect(state.status?.text == "Saved again: everything on screen is stored")
        #expect(!state.isUnsaved)
        #expect(press(.character("q"), &state, at: 4) == [.quit(exitCode: 0)])
    }

    @Test("the save error stays in the header past the usual few seconds")
    func errorStays() {
        var state = freshState()
        _ = update(&state, .saveFailed("disk full"), at: at(1))
        _ = update(&state, .ticked, at: at(60))
        #expect(state.unsavedReason == "disk full")
        // Said whatever else is said meanwhile.
        press(.character("n"), &state, at: 61)
        type("5m tea", &state, at: 61)
        press(.enter, &state, at: 61)
        #expect(state.unsavedReason == "disk full")
    }

    @Test("Ctrl-C in an overlay follows the same rule")
    func overlayQuit() {
        var state = freshState()
        state.focus = .timers
        press(.character("n"), &state, at: 0)
        _ = update(&state, .saveFailed("disk full"), at: at(1))
        #expect(press(.control("c"), &state, at: 2) == [])
        #expect(press(.control("c"), &state, at: 3) == [.quit(exitCode: 1)])
    }
}
