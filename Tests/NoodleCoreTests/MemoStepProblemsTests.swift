import Testing
@testable import NoodleCore

@Suite("Memo steps that cannot be used are said, not kept quietly")
struct MemoStepProblemsTests {
    @Test("a line that looks like a step but cannot be read, and a step after the end, are named with their lines")
    func problems() {
        let bookmark = Bookmark(id: 1, catalogID: "jin-ramen", memo: "less water\n[1:00] egg\n[4:7x] stir\n[5:00] too late")
        #expect(bookmark.memoStepProblems(end: .seconds(240)) == [
            "line 3: '[4:7x]' is not a time like [04:30]",
            "line 4: [5:00] is after the end (4:00)",
        ])
        #expect(bookmark.memoStepProblems(end: nil) == ["line 3: '[4:7x]' is not a time like [04:30]"])
        #expect(bookmark.steps(in: testCatalog) == [TimedStep(offset: .seconds(60), text: "egg")], "the late step is left out")
    }

    @Test("saving the memo and starting the countdown both say so; a clean memo says nothing more")
    func said() {
        var state = catalogState()
        state.bookmarks.add(catalogID: "jin-ramen", id: 1)
        press(.character("m"), &state, at: 0)
        type("[9:00] drain", &state, at: 0)
        press(.control("s"), &state, at: 0)
        #expect(state.status?.text == "Saved the memo of Jin Ramen; memo line 1: [9:00] is after the end (4:00)")
        press(.enter, &state, at: 1)
        #expect(state.status?.text == "Started Jin Ramen 4:00; memo line 1: [9:00] is after the end (4:00)")
        #expect(state.timers.countdowns[0].steps.isEmpty)
        press(.character("m"), &state, at: 2)
        for _ in 0 ..< 12 { press(.backspace, &state, at: 2) }
        type("[1:00] egg", &state, at: 2)
        press(.control("s"), &state, at: 2)
        #expect(state.status?.text == "Saved the memo of Jin Ramen")
    }
}
