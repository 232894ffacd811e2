/// What takes a change back. Undo is itself a change to the rows as they are then, so it works
/// like any other operation when several windows act at once: it restores what this window
/// changed and nothing another window did meanwhile.
extension StoreOperation {
    /// The operation that takes this one back, read from `saved` as it is before this one applies;
    /// nil when there is nothing to take back (the item is gone, or the change is not one a person
    /// would undo: the clock's own moves, an alarm stopped, the stopwatch started).
    public func undoing(in saved: SavedState) -> StoreOperation? {
        func countdown(_ id: Int) -> SavedCountdown? { saved.countdowns.first { $0.id == id } }
        func bookmark(_ id: Int) -> (SavedBookmark, Int)? {
            saved.bookmarks.firstIndex { $0.id == id }.map { (saved.bookmarks[$0], $0) }
        }
        switch self {
        case .addCountdown(let id, _, _, _, _, _):
            return .removeCountdown(id: id)
        case .restoreCountdown(let restored):
            return countdown(restored.id) == nil ? .removeCountdown(id: restored.id) : nil
        case .removeCountdown(let id):
            return countdown(id).map(StoreOperation.restoreCountdown)
        case .pauseCountdown(let id, _), .resumeCountdown(let id, _), .addTime(let id, _, _), .restartCountdown(let id, _):
            return countdown(id).map(StoreOperation.reviseCountdown)
        case .reviseCountdown(let revised):
            return countdown(revised.id).map(StoreOperation.reviseCountdown)
        case .addBookmark(let id, let catalogID):
            return saved.bookmarks.contains { $0.catalogID == catalogID } ? nil : .removeBookmark(id: id)
        case .restoreBookmark(let restored, _):
            return saved.bookmarks.contains { $0.id == restored.id || $0.catalogID == restored.catalogID } ? nil : .removeBookmark(id: restored.id)
        case .removeBookmark(let id):
            return bookmark(id).map { .restoreBookmark($0.0, position: $0.1) }
        case .moveBookmark(let id, let by):
            guard let (_, from) = bookmark(id) else { return nil }
            let to = Self.moveTarget(from: from, by: by, count: saved.bookmarks.count)
            return to == from ? nil : .moveBookmark(id: id, by: from - to)
        case .setOwnTime(let id, _):
            return bookmark(id).map { .setOwnTime(id: id, ownTime: $0.0.ownTime) }
        case .setMemo(let id, _):
            return bookmark(id).map { .setMemo(id: id, memo: $0.0.memo) }
        case .resetStopwatch:
            guard saved.stopwatch.runningSince == nil, saved.stopwatch.accumulated > 0 || !saved.laps.isEmpty else { return nil }
            return .restoreStopwatch(saved.stopwatch, laps: saved.laps)
        case .restoreStopwatch:
            return saved.stopwatch == SavedStopwatch() && saved.laps.isEmpty ? .resetStopwatch : nil
        case .acknowledgeCountdown, .silenceAll, .advanceCountdown, .clampToClock, .startStopwatch, .stopStopwatch,
             .recordLap, .cyclePacks:
            return nil
        }
    }
}
