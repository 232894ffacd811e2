import Testing
@testable import NoodleCore

@Suite("Update: catalog, bookmarks, own time, memo")
struct BookmarkUpdateTests {
    @Test("the catalog opens with a or /, takes every printable key as search text, and Enter toggles without closing")
    func catalogOverlay() {
        var state = catalogState()
        press(.character("/"), &state, at: 0)
        type("q ㅈ", &state, at: 0)
        #expect(state.overlay == .catalog(CatalogPicker(query: "q ㅈ")))
        press(.control("u"), &state, at: 0)
        type("ㅈㄹㅁ", &state, at: 0)
        #expect(press(.enter, &state, at: 1) == [.store(.addBookmark(localID: -1, catalogID: "jin-ramen"))])
        #expect(state.bookmarks.items.map(\.catalogID) == ["jin-ramen"])
        #expect(state.bookmarks.items.map(\.id) == [-1])
        press(.control("u"), &state, at: 1)
        press(.down, &state, at: 1)
        #expect(press(.enter, &state, at: 1) == [.store(.removeBookmark(id: -1))]) // Jin Ramen is the second row: toggled off
        #expect(state.bookmarks.isEmpty)
        press(.up, &state, at: 1)
        #expect(press(.enter, &state, at: 1) == [.store(.addBookmark(localID: -2, catalogID: "shin-ramyun"))])
        #expect(state.bookmarks.items.map(\.catalogID) == ["shin-ramyun"])
        press(.escape, &state, at: 2)
        #expect(state.overlay == nil)
    }

    @Test("K/J, Shift-arrows and [ ] move the selected bookmark and store the order; the ends do not wrap")
    func reorder() {
        var state = catalogState()
        state.bookmarks.add(catalogID: "shin-ramyun", id: 1)
        state.bookmarks.add(catalogID: "jin-ramen", id: 2)
        #expect(press(.character("K"), &state, at: 0) == [.store(.moveBookmark(id: 2, by: -1))])
        #expect(state.bookmarks.items.map(\.catalogID) == ["jin-ramen", "shin-ramyun"])
        #expect(state.bookmarks.selected?.catalogID == "jin-ramen")
        #expect(press(.shiftUp, &state, at: 0) == [])
        #expect(press(.character("]"), &state, at: 0) == [.store(.moveBookmark(id: 2, by: 1))])
        #expect(press(.shiftDown, &state, at: 0) == [])
        #expect(press(.character("J"), &state, at: 0) == [])
        #expect(press(.character("["), &state, at: 0) == [.store(.moveBookmark(id: 2, by: -1))])
        #expect(state.bookmarks.items.map(\.catalogID) == ["jin-ramen", "shin-ramyun"])
    }

    @Test("Enter starts a countdown named for the ramen at the effective time, with catalog and memo steps")
    func startCountdown() {
        var state = catalogState()
        state.bookmarks.add(catalogID: "shin-ramyun", id: 1)
        state.bookmarks.changeSelected { $0.memo = "[02:00] egg" }
        let steps = [TimedStep(offset: .zero, text: "everything in"), TimedStep(offset: .seconds(120), text: "egg")]
        #expect(press(.enter, &state, at: 0) == [.store(.addCountdown(
            localID: -1, label: "Shin Ramyun", total: nanoseconds(270), deadline: wall(270), steps: steps, cuedSteps: 1
        ))])
        let countdown = state.timers.countdowns[0]
        #expect(countdown.id == -1)
        #expect(countdown.label == "Shin Ramyun")
        #expect(countdown.total == .seconds(270))
        #expect(countdown.steps == steps)
        press(.character("e"), &state, at: 1)
        type("4:15", &state, at: 1)
        #expect(press(.enter, &state, at: 1) == [.store(.setOwnTime(id: 1, ownTime: nanoseconds(255)))])
        #expect(state.bookmarks.selected?.ownTime == .seconds(255))
        #expect(press(.enter, &state, at: 2) == [.store(.addCountdown(
            localID: -2, label: "Shin Ramyun", total: nanoseconds(255), deadline: wall(257), steps: steps, cuedSteps: 1
        ))])
        #expect(state.timers.countdowns[1].total == .seconds(255))
    }

    @Test("the own-time prompt shows the current own time, refuses labels, and empty goes back to the pack's time")
    func ownTime() {
        var state = catalogState()
        state.bookmarks.add(catalogID: "jin-ramen", id: 1)
        state.bookmarks.changeSelected { $0.ownTime = .seconds(200) }
        press(.character("e"), &state, at: 0)
        guard case .ownTime(let id, "3:20") = state.overlay else {
            Issue.record("prompt not prefilled: \(String(describing: state.overlay))")
            return
        }
        #expect(id == state.bookmarks.selectedID)
        type(" chewy", &state, at: 0)
        #expect(press(.enter, &state, at: 0) == [])
        #expect(OwnTimeInput.read("3:20 chewy") == .invalid("just a time here, like 4:15"))
        press(.control("u"), &state, at: 0)
        #expect(press(.enter, &state, at: 0) == [.store(.setOwnTime(id: 1, ownTime: nil))])
        #expect(state.bookmarks.selected?.ownTime == nil)
        #expect(state.bookmarks.selected?.effectiveTime(in: testCatalog) == .seconds(240))
    }

    @Test("p cycles the packs 1 to 5; d removes and u undoes; E asks the app for the external editor")
    func packsRemoveEditor() {
        var state = catalogState()
        state.bookmarks.add(catalogID: "jin-ramen", id: 3)
        for expected in [2, 3, 4, 5, 1] {
            #expect(press(.character("p"), &state, at: 0) == [.store(.cyclePacks(id: 3))])
            #expect(state.bookmarks.selected?.packs == expected)
        }
        let id = state.bookmarks.selectedID!
        #expect(press(.character("E"), &state, at: 0) == [.editMemoExternally(bookmarkID: id, memo: "")])
        #expect(update(&state, .memoEditedExternally(bookmarkID: id, text: "soft\n\n", problem: nil), at: at(1)) == [.store(.setMemo(id: 3, memo: "soft"))])
        #expect(state.bookmarks.selected?.memo == "soft")
        #expect(update(&state, .memoEditedExternally(bookmarkID: id, text: "soft\n", problem: nil), at: at(1)) == [], "the same memo stores nothing")
        #expect(press(.character("d"), &state, at: 2) == [.store(.removeBookmark(id: 3))])
        #expect(state.bookmarks.isEmpty)
        #expect(press(.character("u"), &state, at: 2) == [.store(.restoreBookmark(SavedBookmark(id: 3, catalogID: "jin-ramen", memo: "soft"), position: 0))])
        #expect(state.bookmarks.selected?.memo == "soft")
        #expect(press(.character("u"), &state, at: 2) == [.store(.setMemo(id: 3, memo: ""))], "then the memo edit")
        #expect(press(.character("u"), &state, at: 2) == [], "the packs are not undone: nothing left")
    }

    @Test("the memo editor saves with ^S, and Esc with unsaved text asks before discarding")
    func memoEditor() {
        var state = catalogState()
        state.bookmarks.add(catalogID: "shin-ramyun", id: 1)
        press(.character("m"), &state, at: 0)
        type("less water", &state, at: 0)
        press(.enter, &state, at: 0)
        type("q?", &state, at: 0)
        press(.escape, &state, at: 0)
        guard case .memo(let editor) = state.overlay else {
            Issue.record("editor closed without asking")
            return
        }
        #expect(editor.isConfirmingDiscard)
        press(.character("n"), &state, at: 0)
        #expect(press(.control("s"), &state, at: 0) == [.store(.setMemo(id: 1, memo: "less water\nq?"))])
        #expect(state.bookmarks.selected?.memo == "less water\nq?")
        press(.character("m"), &state, at: 1)
        press(.backspace, &state, at: 1)
        press(.escape, &state, at: 1)
        press(.character("y"), &state, at: 1)
        #expect(state.overlay == nil)
        #expect(state.bookmarks.selected?.memo == "less water\nq?")
        press(.character("m"), &state, at: 2)
        press(.escape, &state, at: 2)
        #expect(state.overlay == nil, "nothing changed, nothing to ask")
    }
}

@Suite("Memo editor")
struct MemoEditorTests {
    @Test("deletion works by grapheme: Hangul, emoji with modifiers and combining marks go whole")
    func graphemes() {
        var editor = MemoEditor(bookmarkID: 1, text: "")
        for character in ["라", "면", "👍🏽", "e"] as [Character] { editor.insert(character) }
        editor.insert("\u{301}") // a combining acute typed after e joins it
        #expect(editor.text == "라면👍🏽é")
        #expect(editor.cursorColumn == 4)
        editor.deleteBackward()
        #expect(editor.text == "라면👍🏽")
        editor.deleteBackward()
        #expect(editor.text == "라면")
        editor.moveLeft()
        editor.deleteForward()
        #expect(editor.text == "라")
    }

    @Test("lines split and join at the cursor; up and down keep the column where they can")
    func lines() {
        var editor = MemoEditor(bookmarkID: 1, text: "first line\nsecond")
        #expect(editor.cursorLine == 1 && editor.cursorColumn == 6)
        editor.moveVertically(by: -1)
        #expect(editor.cursorColumn == 6)
        editor.insertNewline()
        #expect(editor.lines == ["first ", "line", "second"])
        editor.deleteBackward()
        #expect(editor.lines == ["first line", "second"])
        editor.moveToLineEnd()
        editor.deleteForward()
        #expect(editor.text == "first linesecond")
        #expect(editor.isModified)
    }

    @Test("the length the cap reads follows every edit, also where characters join or come apart")
    func countFollowsEdits() {
        var editor = MemoEditor(bookmarkID: 1, text: "\u{301}x\n🇰")
        func check(_ step: String) {
            #expect(editor.count == editor.text.count && editor.byteCount == editor.text.utf8.count, "after \(step): \(editor.text.debugDescription)")
            let line = editor.lines[editor.cursorLine]
            #expect(editor.cursorColumn <= line.count, "after \(step)")
        }
        editor.insert("🇷")  // the flag's second letter joins the first
        check("a flag completed")
        #expect(editor.cursorColumn == 1)
        editor.deleteBackward()
        check("the flag deleted")
        editor.deleteBackward()
        check("the lines joined")
        editor.moveToLineStart()
        editor.insert("e")  // joins the lone accent that starts the line
        check("a letter before a lone mark")
        #expect(editor.text == "éx" && editor.cursorColumn == 1)
        editor.insert("\u{301}")
        check("a mark after a letter")
        editor.deleteForward()
        check("a forward delete")
        editor.insertNewline()
        check("a new line")
        #expect(editor.lines == ["e\u{301}\u{301}", ""])
    }

    @Test("a pile of combining marks stops at one long character, so no edit walks a huge one")
    func markPile() {
        var editor = MemoEditor(bookmarkID: 1, text: "e")
        for _ in 0 ..< 1000 { editor.insert("\u{301}") }
        #expect(editor.count == 1)
        #expect(editor.byteCount <= 64)
        editor.insert("x")
        #expect(editor.text.hasSuffix("x") && editor.count == 2)
    }
}
