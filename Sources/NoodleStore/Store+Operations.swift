import GRDB
import NoodleCore

/// Operations applied to the rows as they are: each reads what it depends on inside its own
/// immediate transaction, so whatever several processes do at once, the result is one that the
/// same operations applied one at a time would give. What an operation means is
/// `StoreOperation.apply`; here it is only turned into rows.
extension Store {
    /// Applies `operation` in one transaction. Returns the id of the item it made (or found made), if any.
    @discardableResult
    public func apply(_ operation: StoreOperation) throws(StoreError) -> Int? {
        try write { db in try Self.apply(operation, db) }
    }

    /// Applies `operations` in order in one transaction, for seeding many rows at once; returns
    /// the id each made, if any.
    @discardableResult
    public func apply(_ operations: [StoreOperation]) throws(StoreError) -> [Int?] {
        try write { db in try operations.map { try Self.apply($0, db) } }
    }

    static func apply(_ operation: StoreOperation, _ db: Database) throws -> Int? {
        switch operation {
        case .addBookmark, .removeBookmark, .restoreBookmark, .moveBookmark: try StoreRows.closeBookmarkGaps(db)
        default: break
        }
        switch operation {
        case .addCountdown:
            var made = SavedState()
            operation.apply(to: &made)
            return try StoreRows.insert(made.countdowns[0], id: nil, db)
        case .restoreCountdown(let countdown):
            guard try StoreRows.countdown(id: countdown.id, db) == nil else { return nil }
            _ = try StoreRows.insert(countdown, id: countdown.id, db)
        case .reviseCountdown(let countdown):
            guard let current = try StoreRows.countdown(id: countdown.id, db), current != countdown else { return nil }
            try StoreRows.update(countdown, db)
        case .removeCountdown(let id):
            try db.execute(sql: "DELETE FROM countdown WHERE id = ?", arguments: [id])
        case .silenceAll, .clampToClock:
            // Every countdown and the stopwatch, never the bookmarks or the laps.
            let before = SavedState(countdowns: try StoreRows.countdowns(db), stopwatch: try StoreRows.stopwatch(db))
            var after = before
            operation.apply(to: &after)
            for (old, new) in zip(before.countdowns, after.countdowns) where old != new { try StoreRows.update(new, db) }
            if after.stopwatch != before.stopwatch { try StoreRows.update(after.stopwatch, db) }
        case .pauseCountdown(let id, _), .resumeCountdown(let id, _), .addTime(let id, _, _), .restartCountdown(let id, _),
             .acknowledgeCountdown(let id), .advanceCountdown(let id, _, _, _):
            guard var countdown = try StoreRows.countdown(id: id, db) else { return nil }
            let before = countdown
            operation.apply(to: &countdown)
            if countdown != before { try StoreRows.update(countdown, db) }
        case .startStopwatch, .stopStopwatch, .recordLap, .resetStopwatch, .restoreStopwatch:
            var stopwatch = try StoreRows.stopwatch(db)
            let before = stopwatch
            let laps = operation.apply(to: &stopwatch, hasLaps: try StoreRows.hasLaps(db))
            if stopwatch != before { try StoreRows.update(stopwatch, db) }
            switch laps {
            case .append(let total): try StoreRows.appendLap(total, db)
            case .clear: try StoreRows.deleteLaps(db)
            case .replace(let totals): for total in totals { try StoreRows.appendLap(total, db) }
            case nil: break
            }
        case .addBookmark(_, let catalogID):
            // Already bookmarked (by another window, say): the local item is that bookmark.
            if let id = try StoreRows.bookmarkID(catalogID: catalogID, db) { return id }
            return try StoreRows.insert(SavedBookmark(id: 0, catalogID: catalogID), id: nil, at: StoreRows.bookmarkCount(db), db)
        case .removeBookmark(let id):
            try StoreRows.deleteBookmark(id: id, db)
        case .restoreBookmark(let bookmark, let position):
            guard try StoreRows.bookmarkPosition(id: bookmark.id, db) == nil,
                  try StoreRows.bookmarkID(catalogID: bookmark.catalogID, db) == nil
            else { return nil }
            let count = try StoreRows.bookmarkCount(db)
            _ = try StoreRows.insert(bookmark, id: bookmark.id, at: min(max(0, position), count), db)
        case .moveBookmark(let id, let by):
            guard let from = try StoreRows.bookmarkPosition(id: id, db) else { return nil }
            let to = StoreOperation.moveTarget(from: from, by: by, count: try StoreRows.bookmarkCount(db))
            if to != from { try StoreRows.moveBookmark(id: id, from: from, to: to, db) }
        case .setOwnTime(let id, _), .setMemo(let id, _), .cyclePacks(let id):
            guard var bookmark = try StoreRows.bookmark(id: id, db) else { return nil }
            let before = bookmark
            operation.apply(to: &bookmark)
            if bookmark != before { try StoreRows.update(bookmark, db) }
        }
        return nil
    }
}
