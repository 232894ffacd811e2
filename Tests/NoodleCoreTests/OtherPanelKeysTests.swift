import Testing
@testable import NoodleCore

@Suite("Keys pressed in a panel that does not use them")
struct OtherPanelKeysTests {
    @Test("a key another panel uses says where it works, and changes nothing")
    func saysWhere() {
        var state = catalogState()
        state.focus = .timers
        let before = state
        #expect(press(.character("l"), &state, at: 0) == [])
        #expect(state.status?.text == "l works in Stopwatch (1)")
        #expect(state.status?.tone == .hint)
        #expect(press(.character("e"), &state, at: 0) == [])
        #expect(state.status?.text == "e works in Stopwatch (1) and Bookmarks (3)")
        #expect(state.timers.countdowns == before.timers.countdowns && state.timers.selectedID == before.timers.selectedID && state.stopwatch == before.stopwatch && state.focus == .timers)
        state.status = nil
        #expect(press(.character("Z"), &state, at: 0) == [])
        #expect(state.status == nil, "a key nothing uses stays silent")
    }

    @Test("n starts a countdown from any panel: it can only mean that")
    func newFromAnywhere() {
        for panel in [Panel.stopwatch, .bookmarks] {
            var state = catalogState()
            state.focus = panel
            press(.character("n"), &state, at: 0)
            #expect(state.focus == .timers)
            #expect(state.overlay == .newTimer(text: ""))
        }
    }
}
