/// Keys in the memo editor. ^S saves; Esc closes, asking first when there is unsaved text;
/// ^C is Esc here, so a habit from the shell never throws a memo away.
func memoKeyPressed(_ state: inout AppState, _ editor: MemoEditor, _ key: Key) -> [Effect] {
    var editor = editor
    if editor.isConfirmingDiscard {
        switch key {
        case .character("y"), .character("Y"):
            state.overlay = nil
            return []
        case .control("s"):
            return saveMemo(&state, editor)
        case .character("n"), .character("N"), .escape, .control("c"):
            editor.isConfirmingDiscard = false
        default:
            return []
        }
        state.overlay = .memo(editor)
        return []
    }
    switch key {
    case .control("s"):
        return saveMemo(&state, editor)
    case .escape, .control("c"):
        if !editor.isModified {
            state.overlay = nil
            return []
        }
        editor.isConfirmingDiscard = true
    case .enter, .character:
        guard editor.count < TextLimit.memo.characters, editor.byteCount < TextLimit.memo.bytes else {
            state.sayTextCut(at: .memo)
            return []
        }
        if case .character(let character) = key { editor.insert(character) } else { editor.insertNewline() }
    case .backspace: editor.deleteBackward()
    case .delete: editor.deleteForward()
    case .left: editor.moveLeft()
    case .right: editor.moveRight()
    case .up: editor.moveVertically(by: -1)
    case .down: editor.moveVertically(by: 1)
    case .home, .control("a"): editor.moveToLineStart()
    case .end, .control("e"): editor.moveToLineEnd()
    default: return []
    }
    state.overlay = .memo(editor)
    return []
}

private func saveMemo(_ state: inout AppState, _ editor: MemoEditor) -> [Effect] {
    state.overlay = nil
    guard editor.isModified else { return [] }
    let memo = editor.text
    let before = state.saved
    state.bookmarks.change(id: editor.bookmarkID) { $0.memo = memo }
    guard let bookmark = state.bookmarks.items.first(where: { $0.id == editor.bookmarkID }) else { return [] }
    let what = "Saved the memo of \(state.catalog.name(of: bookmark))"
    let effects = state.changed(what, by: [.setMemo(id: editor.bookmarkID, memo: memo)], before: before)
    state.sayMemoStepProblems(of: bookmark, after: what)
    return effects
}
