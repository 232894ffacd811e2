/// What the Bookmarks panel's keys do.
func performBookmarkAction(_ action: Action, on state: inout AppState) -> [Effect] {
    switch action {
    case .catalogOpened:
        state.overlay = .catalog(CatalogPicker())
    case .bookmarkSelectionMovedUp:
        state.bookmarks.moveSelection(by: -1)
    case .bookmarkSelectionMovedDown:
        state.bookmarks.moveSelection(by: 1)
    case .bookmarkMovedUp, .bookmarkMovedDown:
        let offset = action == .bookmarkMovedUp ? -1 : 1
        let before = state.saved
        guard let bookmark = state.bookmarks.selected, state.bookmarks.moveSelected(by: offset) else { return [] }
        let place = (state.bookmarks.selectedIndex ?? 0) + 1
        return state.changed("Moved \(state.catalog.name(of: bookmark)) to \(place) of \(state.bookmarks.count)",
                             by: [.moveBookmark(id: bookmark.id, by: offset)], before: before)
    case .bookmarkCountdownStartPressed:
        return startCountdown(&state)
    case .bookmarkOwnTimeEditPressed:
        guard let bookmark = state.bookmarks.selected else { return [] }
        state.overlay = .ownTime(bookmarkID: bookmark.id, text: TextField(bookmark.ownTime.map(DurationFormat.countdown) ?? ""))
    case .bookmarkMemoEditPressed:
        guard let bookmark = state.bookmarks.selected else { return [] }
        state.overlay = .memo(MemoEditor(bookmarkID: bookmark.id, text: bookmark.memo))
    case .bookmarkMemoExternalEditPressed:
        guard let bookmark = state.bookmarks.selected else { return [] }
        return [.editMemoExternally(bookmarkID: bookmark.id, memo: bookmark.memo)]
    case .bookmarkPacksCycled:
        guard let bookmark = state.bookmarks.selected else { return [] }
        state.bookmarks.changeSelected { $0.packs = $0.packs % Bookmark.maxPacks + 1 }
        let packs = state.bookmarks.selected?.packs ?? 1
        state.say("\(state.catalog.name(of: bookmark)): water for \(packs) pack\(packs == 1 ? "" : "s")")
        return [.store(.cyclePacks(id: bookmark.id))]
    case .bookmarkRemovePressed:
        let before = state.saved
        guard let removed = state.bookmarks.removeSelected() else { return [] }
        return state.changed("Removed \(state.catalog.name(of: removed))", by: [.removeBookmark(id: removed.id)], before: before, remindUndo: true)
    default:
        break
    }
    return []
}

/// Enter on a bookmark: a countdown named for the ramen, at the effective time, with its steps.
private func startCountdown(_ state: inout AppState) -> [Effect] {
    guard let bookmark = state.bookmarks.selected else { return [] }
    let now = state.now.instant
    let name = state.catalog.name(of: bookmark)
    guard let time = bookmark.effectiveTime(in: state.catalog) else {
        state.status = StatusMessage("\(name) is not in this catalog: set your own time with e", tone: .error, shownAt: now)
        return []
    }
    let before = state.saved
    let countdown = state.timers.add(DurationInput(duration: time, label: name), id: state.takeLocalID(), steps: bookmark.steps(in: state.catalog), at: now)
    let effects = state.changed("Started \(name) \(DurationFormat.countdown(time))", by: [state.added(countdown)], before: before)
    state.sayMemoStepProblems(of: bookmark, after: "Started \(name) \(DurationFormat.countdown(time))")
    return effects
}

/// A bookmark returns from the external editor, or the editor could not run.
func memoEditedExternally(_ state: inout AppState, bookmarkID: Int, text: String?, problem: String?) -> [Effect] {
    let now = state.now.instant
    if let problem {
        state.status = StatusMessage(problem, tone: .error, shownAt: now)
    }
    guard var memo = text else { return [] }
    // Editors end a file with a newline the user never typed as part of the memo.
    while memo.hasSuffix("\n") { memo.removeLast() }
    // SQLite text ends at a NUL, so one would cut the stored memo short: keep it visible instead.
    memo = memo.replacingNUL
    let cut = TextLimit.memo.cut(memo)
    memo = cut ?? memo
    guard let current = state.bookmarks.items.first(where: { $0.id == bookmarkID }), current.memo != memo else { return [] }
    let before = state.saved
    state.bookmarks.change(id: bookmarkID) { $0.memo = memo }
    let effects = state.changed("Saved the memo of \(state.catalog.name(of: current))", by: [.setMemo(id: bookmarkID, memo: memo)], before: before)
    if let saved = state.bookmarks.items.first(where: { $0.id == bookmarkID }) {
        state.sayMemoStepProblems(of: saved, after: "Saved the memo of \(state.catalog.name(of: current))")
    }
    if cut != nil { state.sayTextCut(at: .memo) }
    return effects
}

extension AppState {
    /// Follows `what` with what is wrong with the memo's steps, when anything is: for longer, so
    /// there is time to read it.
    mutating func sayMemoStepProblems(of bookmark: Bookmark, after what: String) {
        let problems = bookmark.memoStepProblems(end: bookmark.effectiveTime(in: catalog))
        guard let first = problems.first else { return }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        status = StatusMessage("\(what); memo \(first)\(more)", tone: .hint, shownAt: now.instant, lifetime: .seconds(10))
    }
}

extension Catalog {
    /// A bookmark's name for labels and messages, even when the catalog no longer lists it.
    public func name(of bookmark: Bookmark) -> String {
        self[bookmark.catalogID]?.name ?? bookmark.catalogID
    }
}

private extension String {
    var replacingNUL: String {
        guard unicodeScalars.contains("\0") else { return self }
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\0" ? "\u{2400}" : $0 }))
    }
}
