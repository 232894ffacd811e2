import GRDB
import NoodleCore

/// The SQL that turns rows into a SavedState and changes into rows.
enum StoreRows {
    // MARK: Reading

    /// Everything stored. Values a hand edit or a future version could have left in an unexpected
    /// shape are read as something sensible instead of stopping noodle: an unknown countdown state
    /// as missed, unreadable steps as none, a non-number as 0.
    static func read(_ db: Database) throws -> SavedState {
        var state = SavedState()

        let bookmarks = try Row.fetchCursor(db, sql: """
            SELECT id, catalogID, ownTime, memo, packs FROM bookmark ORDER BY position, id
            """)
        while let row = try bookmarks.next() {
            guard let id = row.int(0) else { continue }
            state.bookmarks.append(SavedBookmark(
                id: id, catalogID: row.text(1) ?? "", ownTime: row.int64(2), memo: row.text(3) ?? "", packs: row.int(4) ?? 1
            ))
        }

        let countdowns = try Row.fetchCursor(db, sql: """
            SELECT id, label, total, state, deadline, remaining, steps, cuedSteps FROM countdown ORDER BY position, id
            """)
        while let row = try countdowns.next() {
            guard let id = row.int(0) else { continue }
            let steps = (try? TimedSteps.parse(row.text(6) ?? "").get()) ?? []
            state.countdowns.append(SavedCountdown(
                id: id, label: row.text(1) ?? "", total: row.int64(2) ?? 0,
                state: row.text(3).flatMap(SavedCountdown.State.init(rawValue:)) ?? .missed,
                deadline: row.int64(4), remaining: row.int64(5), steps: steps, cuedSteps: row.int(7) ?? 0
            ))
        }

        if let row = try Row.fetchOne(db, sql: "SELECT accumulated, runningSince FROM stopwatch WHERE id = 1") {
            state.stopwatch = SavedStopwatch(accumulated: row.int64(0) ?? 0, runningSince: row.int64(1))
        }

        let laps = try Row.fetchCursor(db, sql: "SELECT total FROM lap ORDER BY number")
        while let row = try laps.next() {
            state.laps.append(row.int64(0) ?? 0)
        }
        return state
    }

    // MARK: Writing

    /// Writes `changes`; the caller provides the transaction.
    static func apply(_ changes: StoreChanges, _ db: Database) throws {
        if !changes.bookmarkDeletions.isEmpty {
            let delete = try db.cachedStatement(sql: "DELETE FROM bookmark WHERE id = ?")
            for id in changes.bookmarkDeletions { try delete.execute(arguments: [id]) }
        }
        if !changes.bookmarkUpserts.isEmpty {
            let upsert = try db.cachedStatement(sql: """
                INSERT INTO bookmark (id, position, catalogID, ownTime, memo, packs) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET position = excluded.position, catalogID = excluded.catalogID,
                    ownTime = excluded.ownTime, memo = excluded.memo, packs = excluded.packs
                """)
            for item in changes.bookmarkUpserts {
                let bookmark = item.row
                try upsert.execute(arguments: [bookmark.id, item.position, bookmark.catalogID, bookmark.ownTime, bookmark.memo, bookmark.packs])
            }
        }

        if !changes.countdownDeletions.isEmpty {
            let delete = try db.cachedStatement(sql: "DELETE FROM countdown WHERE id = ?")
            for id in changes.countdownDeletions { try delete.execute(arguments: [id]) }
        }
        if !changes.countdownUpserts.isEmpty {
            let upsert = try db.cachedStatement(sql: """
                INSERT INTO countdown (id, position, label, total, state, deadline, remaining, steps, cuedSteps)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (id) DO UPDATE SET position = excluded.position, label = excluded.label,
                    total = excluded.total, state = excluded.state, deadline = excluded.deadline,
                    remaining = excluded.remaining, steps = excluded.steps, cuedSteps = excluded.cuedSteps
                """)
            for item in changes.countdownUpserts {
                let countdown = item.row
                try upsert.execute(arguments: [
                    countdown.id, item.position, countdown.label, countdown.total, countdown.state.rawValue,
                    countdown.deadline, countdown.remaining, TimedSteps.format(countdown.steps), countdown.cuedSteps,
                ])
            }
        }

        if let stopwatch = changes.stopwatch {
            try db.execute(
                sql: """
                    INSERT INTO stopwatch (id, accumulated, runningSince) VALUES (1, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET accumulated = excluded.accumulated, runningSince = excluded.runningSince
                    """,
                arguments: [stopwatch.accumulated, stopwatch.runningSince]
            )
        }

        switch changes.laps {
        case .none:
            break
        case .append(let totals):
            // After the highest stored number rather than at our own count: laps another noodle
            // appended meanwhile are kept, and ours follow them.
            let last = try Int64.fetchOne(db, sql: "SELECT max(number) FROM lap") ?? 0
            try insertLaps(totals, after: last, db)
        case .replaceAll(let totals):
            try db.execute(sql: "DELETE FROM lap")
            try insertLaps(totals, after: 0, db)
        }
    }

    /// Laps numbered from `after + 1`: lap 1 is the first press.
    private static func insertLaps(_ totals: [Int64], after last: Int64, _ db: Database) throws {
        let insert = try db.cachedStatement(sql: "INSERT INTO lap (number, total) VALUES (?, ?)")
        for (offset, total) in totals.enumerated() {
            try insert.execute(arguments: [last + 1 + Int64(offset), total])
        }
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
