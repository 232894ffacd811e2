import GRDB
import NoodleCore

/// The SQL that turns rows into a SavedState, and single rows into values and back.
enum StoreRows {
    // MARK: Reading

    /// Everything stored. Values a hand edit or a future version could have left in an unexpected
    /// shape are read as something sensible instead of stopping noodle: an unknown countdown state
    /// as missed, unreadable steps as none, a non-number as 0.
    static func read(_ db: Database) throws -> SavedState {
        var state = SavedState()
        let bookmarks = try Row.fetchCursor(db, sql: "\(bookmarkColumns) ORDER BY position")
        while let row = try bookmarks.next() {
            if let bookmark = bookmark(row) { state.bookmarks.append(bookmark) }
        }
        state.countdowns = try countdowns(db)
        state.stopwatch = try stopwatch(db)
        let laps = try Row.fetchCursor(db, sql: "SELECT total FROM lap ORDER BY number")
        while let row = try laps.next() {
            state.laps.append(row.int64(0) ?? 0)
        }
        return state
    }

    /// Every countdown, in creation order.
    static func countdowns(_ db: Database) throws -> [SavedCountdown] {
        var countdowns: [SavedCountdown] = []
        let rows = try Row.fetchCursor(db, sql: "\(countdownColumns) ORDER BY id")
        while let row = try rows.next() {
            if let countdown = countdown(row) { countdowns.append(countdown) }
        }
        return countdowns
    }

    static func countdown(id: Int, _ db: Database) throws -> SavedCountdown? {
        try Row.fetchOne(db, sql: "\(countdownColumns) WHERE id = ?", arguments: [id]).flatMap(countdown(_:))
    }

    static func bookmark(id: Int, _ db: Database) throws -> SavedBookmark? {
        try Row.fetchOne(db, sql: "\(bookmarkColumns) WHERE id = ?", arguments: [id]).flatMap(bookmark(_:))
    }

    static func stopwatch(_ db: Database) throws -> SavedStopwatch {
        guard let row = try Row.fetchOne(db, sql: "SELECT accumulated, runningSince FROM stopwatch WHERE id = 1") else { return SavedStopwatch() }
        return SavedStopwatch(accumulated: row.int64(0) ?? 0, runningSince: row.int64(1))
    }

    static func hasLaps(_ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM lap)") ?? false
    }

    static func bookmarkCount(_ db: Database) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT count(*) FROM bookmark") ?? 0
    }

    /// Makes positions 0..n-1 again, keeping the order, should anything have left a gap (a noodle
    /// of the schema before this one still running, a hand edit): the operations count on it.
    static func closeBookmarkGaps(_ db: Database) throws {
        guard let row = try Row.fetchOne(db, sql: "SELECT count(*), coalesce(min(position), 0), coalesce(max(position), -1) FROM bookmark"),
              row.int(0) != (row.int(2) ?? -1) + 1 || row.int(1) != 0
        else { return }
        try db.execute(sql: """
            UPDATE bookmark SET position = -2 - ranked.rank
            FROM (SELECT id, ROW_NUMBER() OVER (ORDER BY position, id) - 1 AS rank FROM bookmark) AS ranked
            WHERE bookmark.id = ranked.id
            """)
        try db.execute(sql: "UPDATE bookmark SET position = -position - 2 WHERE position <= -2")
    }

    static func bookmarkID(catalogID: String, _ db: Database) throws -> Int? {
        try Int.fetchOne(db, sql: "SELECT id FROM bookmark WHERE catalogID = ? ORDER BY position LIMIT 1", arguments: [catalogID])
    }

    static func bookmarkPosition(id: Int, _ db: Database) throws -> Int? {
        try Int.fetchOne(db, sql: "SELECT position FROM bookmark WHERE id = ?", arguments: [id])
    }

    private static let countdownColumns = "SELECT id, label, total, state, deadline, remaining, steps, cuedSteps FROM countdown"
    private static let bookmarkColumns = "SELECT id, catalogID, ownTime, memo, packs FROM bookmark"

    /// A row missing its deadline reads as paused with the time it had left, as the dashboard
    /// shows it, so that operations act on it as the user sees it.
    private static func countdown(_ row: Row) -> SavedCountdown? {
        guard let id = row.int(0) else { return nil }
        let steps = (try? TimedSteps.parse(row.text(6) ?? "").get()) ?? []
        let total = row.int64(2) ?? 0
        var state = row.text(3).flatMap(SavedCountdown.State.init(rawValue:)) ?? .missed
        let deadline = row.int64(4)
        var remaining = row.int64(5)
        if deadline == nil || state == .paused {
            state = .paused
            remaining = remaining ?? total
        }
        return SavedCountdown(
            id: id, label: row.text(1) ?? "", total: total, state: state,
            deadline: state == .paused ? nil : deadline, remaining: state == .paused ? remaining : nil,
            steps: steps, cuedSteps: row.int(7) ?? 0
        )
    }

    private static func bookmark(_ row: Row) -> SavedBookmark? {
        guard let id = row.int(0) else { return nil }
        let packs = min(max(1, row.int(4) ?? 1), Bookmark.maxPacks)
        return SavedBookmark(id: id, catalogID: row.text(1) ?? "", ownTime: row.int64(2), memo: row.text(3) ?? "", packs: packs)
    }

    // MARK: Writing; the caller provides the transaction

    /// Inserts a countdown; with `id` nil (or a local id, which is negative) SQLite numbers it. Returns its id.
    static func insert(_ countdown: SavedCountdown, id: Int?, _ db: Database) throws -> Int {
        let id = id.flatMap { $0 > 0 ? $0 : nil }
        try db.execute(
            sql: "INSERT INTO countdown (id, label, total, state, deadline, remaining, steps, cuedSteps) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            arguments: [id, countdown.label, countdown.total, countdown.state.rawValue, countdown.deadline, countdown.remaining,
                        TimedSteps.format(countdown.steps), countdown.cuedSteps]
        )
        return Int(db.lastInsertedRowID)
    }

    /// Writes every column of a countdown that is already stored.
    static func update(_ countdown: SavedCountdown, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE countdown SET label = ?, total = ?, state = ?, deadline = ?, remaining = ?, steps = ?, cuedSteps = ? WHERE id = ?",
            arguments: [countdown.label, countdown.total, countdown.state.rawValue, countdown.deadline, countdown.remaining,
                        TimedSteps.format(countdown.steps), countdown.cuedSteps, countdown.id]
        )
    }

    /// Inserts a bookmark at `position` (0...count), moving the ones from there down a place.
    /// With `id` nil (or a local id, which is negative) SQLite numbers it. Returns its id.
    static func insert(_ bookmark: SavedBookmark, id: Int?, at position: Int, _ db: Database) throws -> Int {
        let id = id.flatMap { $0 > 0 ? $0 : nil }
        try shiftBookmarks(from: position, to: Int.max, by: 1, db)
        try db.execute(
            sql: "INSERT INTO bookmark (id, position, catalogID, ownTime, memo, packs) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [id, position, bookmark.catalogID, bookmark.ownTime, bookmark.memo, bookmark.packs]
        )
        return Int(db.lastInsertedRowID)
    }

    static func update(_ bookmark: SavedBookmark, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE bookmark SET catalogID = ?, ownTime = ?, memo = ?, packs = ? WHERE id = ?",
            arguments: [bookmark.catalogID, bookmark.ownTime, bookmark.memo, bookmark.packs, bookmark.id]
        )
    }

    /// Deletes a bookmark and closes the gap it leaves.
    static func deleteBookmark(id: Int, _ db: Database) throws {
        guard let position = try bookmarkPosition(id: id, db) else { return }
        try db.execute(sql: "DELETE FROM bookmark WHERE id = ?", arguments: [id])
        try shiftBookmarks(from: position + 1, to: Int.max, by: -1, db)
    }

    /// Moves a bookmark from one position to another, the ones between closing up behind it.
    static func moveBookmark(id: Int, from: Int, to: Int, _ db: Database) throws {
        // Parked outside the positions while the others shift, so no two ever share one.
        try db.execute(sql: "UPDATE bookmark SET position = -1 WHERE id = ?", arguments: [id])
        if to > from {
            try shiftBookmarks(from: from + 1, to: to, by: -1, db)
        } else {
            try shiftBookmarks(from: to, to: from - 1, by: 1, db)
        }
        try db.execute(sql: "UPDATE bookmark SET position = ? WHERE id = ?", arguments: [to, id])
    }

    /// Adds `delta` to every position in `from...to`. SQLite checks UNIQUE row by row, in no
    /// promised order, so the rows first go to negative positions of their own (below the -1
    /// `moveBookmark` parks at) and then to their new places: no two rows ever meet on the way.
    private static func shiftBookmarks(from: Int, to: Int, by delta: Int, _ db: Database) throws {
        guard from <= to else { return }
        try db.execute(sql: "UPDATE bookmark SET position = -position - 2 WHERE position BETWEEN ? AND ?", arguments: [from, to])
        try db.execute(sql: "UPDATE bookmark SET position = -position - 2 + ? WHERE position <= -2", arguments: [delta])
    }

    static func update(_ stopwatch: SavedStopwatch, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO stopwatch (id, accumulated, runningSince) VALUES (1, ?, ?)
                ON CONFLICT (id) DO UPDATE SET accumulated = excluded.accumulated, runningSince = excluded.runningSince
                """,
            arguments: [stopwatch.accumulated, stopwatch.runningSince]
        )
    }

    static func appendLap(_ total: Int64, _ db: Database) throws {
        try db.execute(sql: "INSERT INTO lap (total) VALUES (?)", arguments: [total])
    }

    static func deleteLaps(_ db: Database) throws {
        try db.execute(sql: "DELETE FROM lap")
    }
}

private extension Row {
    /// Column `index` as a whole number, from whatever SQLite holds there; nil for NULL or junk.
    func int64(_ index: Int) -> Int64? {
        let value: DatabaseValue = self[index]
        switch value.storage {
        case .int64(let number): return number
        case .double(let number): return Int64(exactly: number.rounded(.towardZero))
        case .string(let text): return Int64(text)
        case .null, .blob: return nil
        }
    }

    func int(_ index: Int) -> Int? {
        int64(index).flatMap { Int(exactly: $0) }
    }

    /// Column `index` as text; nil for NULL or a blob.
    func text(_ index: Int) -> String? {
        let value: DatabaseValue = self[index]
        switch value.storage {
        case .string(let text): return text
        case .int64(let number): return String(number)
        case .double(let number): return String(number)
        case .null, .blob: return nil
        }
    }
}
