/// Changes a person makes to stored data: each says what it did, and can be undone and redone.
extension AppState {
    /// Records a change already made on screen: `operations` store it, and what takes it back is
    /// read from `before`, the stored form of the state as it was. The header says `what`, with
    /// a reminder that u undoes it where losing it would hurt (`remindUndo`).
    mutating func changed(_ what: String, by operations: [StoreOperation], before: SavedState, remindUndo: Bool = false) -> [Effect] {
        let undo = Self.undoing(operations, from: before)
        history.record(what, undoneBy: undo)
        say(what + (remindUndo && !undo.isEmpty ? ": u undoes" : ""))
        return operations.map(Effect.store)
    }

    /// u: takes the newest change back, and keeps what redoes it.
    mutating func undo() -> [Effect] {
        replay(history.takeUndo(), nothing: "Nothing to undo", verb: ("undo", "Undid"), hint: " (U redoes)") {
            $0.history.pushRedo($1)
        }
    }

    /// U or Ctrl-R: does again what u took back.
    mutating func redo() -> [Effect] {
        replay(history.takeRedo(), nothing: "Nothing to redo", verb: ("redo", "Redid"), hint: "") {
            $0.history.pushUndo($1)
        }
    }

    /// Replays `step` and keeps what takes it back with `keep`; says what happened either way.
    private mutating func replay(_ step: UndoHistory.Step?, nothing: String, verb: (plain: String, past: String), hint: String,
                                 keep: (inout AppState, UndoHistory.Step) -> Void) -> [Effect] {
        guard let step else {
            say(nothing, tone: .hint)
            return []
        }
        guard let (effects, reverse) = replay(step) else {
            say("Cannot \(verb.plain) \(step.what.lowercasedFirst): it is gone", tone: .hint)
            return []
        }
        keep(&self, UndoHistory.Step(what: step.what, operations: reverse))
        say("\(verb.past): \(step.what)\(hint)")
        return effects
    }

    mutating func say(_ text: String, tone: StatusMessage.Tone = .info) {
        status = StatusMessage(text, tone: tone, shownAt: now.instant)
    }

    /// Applies a step's operations here as the store will, and returns the effects that store them
    /// with what takes them back; nil when they would change nothing (another window removed
    /// the item meanwhile), so nothing is stored.
    private mutating func replay(_ step: UndoHistory.Step) -> ([Effect], [StoreOperation])? {
        let before = saved
        let nowWall = clock.wall(of: now.instant)
        let operations = step.operations.map { $0.quietlyFinished(at: nowWall) }
        let inverse = Self.undoing(operations, from: before)
        guard !inverse.isEmpty else { return nil }
        var after = before
        for operation in operations { operation.apply(to: &after) }
        _ = restore(after, reason: .sharedChange)
        for operation in operations { select(touchedBy: operation) }
        return (operations.map(Effect.store), inverse)
    }

    /// What takes `operations` back, newest first, each read from the state just before it applies.
    private static func undoing(_ operations: [StoreOperation], from before: SavedState) -> [StoreOperation] {
        var state = before
        var undo: [StoreOperation] = []
        for operation in operations {
            if let inverse = operation.undoing(in: state) { undo.insert(inverse, at: 0) }
            operation.apply(to: &state)
        }
        return undo
    }

    /// Undo shows what it changed: the countdown or bookmark it brought back or changed is selected.
    private mutating func select(touchedBy operation: StoreOperation) {
        switch operation {
        case .restoreCountdown(let countdown), .reviseCountdown(let countdown):
            timers.select(id: countdown.id)
        case .restoreBookmark(let bookmark, _):
            bookmarks.select(id: bookmark.id)
        case .moveBookmark(let id, _), .setOwnTime(let id, _), .setMemo(let id, _):
            bookmarks.select(id: id)
        default:
            break
        }
    }
}

private extension StoreOperation {
    /// Undo puts a countdown's time back, but never sounds an alarm: the person pressing u is
    /// looking at it. A time whose deadline has passed comes back finished and acknowledged,
    /// with every step cued, rather than ringing (again, or for a run that has already rung).
    func quietlyFinished(at now: Int64) -> StoreOperation {
        guard case .reviseCountdown(var countdown) = self, countdown.state != .paused, countdown.state != .done,
              let deadline = countdown.deadline, deadline <= now
        else { return self }
        countdown.state = .done
        countdown.cuedSteps = countdown.steps.count
        return .reviseCountdown(countdown)
    }
}

private extension String {
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
