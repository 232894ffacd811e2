import Testing
@testable import NoodleCore

@Suite("Every prompt edits the same way")
struct TextFieldTests {
    /// Types `keys` into a field holding `text`, returning the text with `|` at the cursor.
    private func edited(_ text: String, _ keys: [Key]) -> String {
        var state = freshState()
        var field = TextField(text)
        for key in keys { _ = field.edit(key, limit: .prompt, &state) }
        let (before, after) = field.split
        return before + "|" + after
    }

    @Test("moving, inserting and deleting by characters as a person counts them")
    func editing() {
        #expect(edited("4:30 tea", [.left, .left, .left, .character("x")]) == "4:30 x|tea")
        #expect(edited("신라면", [.home, .right, .delete]) == "신|면")
        #expect(edited("신라면", [.control("a"), .character("🍜")]) == "🍜|신라면")
        #expect(edited("tea", [.home, .control("e"), .backspace]) == "te|")
        #expect(edited("tea", [.home, .backspace, .left]) == "|tea", "nothing before the start")
        #expect(edited("tea", [.end, .delete, .right]) == "tea|", "nothing after the end")
        #expect(edited("5m green tea", [.left, .left, .left, .control("u")]) == "|tea")
        #expect(edited("5m green tea", [.home, .right, .right, .control("k")]) == "5m|")
        #expect(edited("5m green tea  ", [.control("w")]) == "5m green |")
        #expect(edited("5m green tea", [.left, .left, .left, .control("w")]) == "5m |tea")
        #expect(edited("e\u{301}x", [.left, .left, .delete]) == "|x", "an accented letter is one character")
    }

    @Test("the limit holds wherever the cursor is, and says so")
    func limit() {
        var state = freshState()
        var field = TextField(String(repeating: "a", count: 199))
        _ = field.edit(.home, limit: .prompt, &state)
        _ = field.edit(.character("b"), limit: .prompt, &state)
        _ = field.edit(.character("c"), limit: .prompt, &state)
        #expect(field.text == "b" + String(repeating: "a", count: 199))
        #expect(state.status?.text == TextLimit.prompt.cutMessage)
    }

    @Test("the same keys work in the new-countdown prompt, the own-time prompt and the catalog search")
    func everyPrompt() {
        let keys: [Key] = [.character("4"), .character("0"), .left, .character(":"), .character("3"), .end, .character("0")]
        var state = catalogState()
        state.bookmarks.add(catalogID: "jin-ramen", id: 1)
        state.focus = .timers
        press(.character("n"), &state, at: 0)
        for key in keys { press(key, &state, at: 0) }
        #expect(state.overlay == .newTimer(text: "4:300"))
        press(.control("w"), &state, at: 0)
        type("4:30 tea", &state, at: 0)
        press(.left, &state, at: 0)
        press(.control("k"), &state, at: 0)
        #expect({ if case .newTimer(let field) = state.overlay { field.text == "4:30 te" } else { false } }())
        press(.escape, &state, at: 0)

        state.focus = .bookmarks
        press(.character("e"), &state, at: 0)
        press(.control("u"), &state, at: 0)
        for key in keys { press(key, &state, at: 0) }
        #expect(state.overlay == .ownTime(bookmarkID: 1, text: "4:300"))
        press(.escape, &state, at: 0)

        press(.character("a"), &state, at: 0)
        for key in [Key.character("s"), .character("h"), .character("n"), .left, .character("i")] { press(key, &state, at: 0) }
        guard case .catalog(let picker) = state.overlay else {
            Issue.record("the catalog is not open")
            return
        }
        #expect(picker.query == "shin")
        #expect(picker.selectedEntry(in: state.catalog).map { state.catalog.entries[$0].id } == "shin-ramyun")
    }
}
