import GRDB
import NoodleCore

// Internal views into the database for NoodleStoreTests (`@testable import NoodleStore`), so the
// tests need not import GRDB themselves.
extension Store {
    /// Every bookmark's stored position, in order.
    var bookmarkPositions: [Int] {
        get throws { try queue.read { db in try Int.fetchAll(db, sql: "SELECT position FROM bookmark ORDER BY position") } }
    }

    /// Writes `state` as its rows, ids and order included, into an empty database: a database as
    /// earlier operations would have left it, in one step.
    func seed(_ state: SavedState) throws {
        try write { db in
            for (position, bookmark) in state.bookmarks.enumerated() {
                _ = try StoreRows.insert(bookmark, id: bookmark.id, at: position, db)
            }
            for countdown in state.countdowns { _ = try StoreRows.insert(countdown, id: countdown.id, db) }
            try StoreRows.update(state.stopwatch, db)
            for total in state.laps { try StoreRows.appendLap(total, db) }
        }
    }

    /// Runs raw SQL on the file at `path` through a separate, short-lived connection: a database
    /// as an older noodle or another program would have left it.
    static func executeRawSQL(_ sql: String, inDatabaseAt path: String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { RetiredConnections.retire(queue) }
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
    }

    /// Runs `body` while another connection holds the database's write lock (BEGIN EXCLUSIVE).
    @discardableResult
    static func whileLocked<T>(databaseAt path: String, _ body: () throws -> T) throws -> T {
        let queue = try DatabaseQueue(path: path)
        defer { RetiredConnections.retire(queue) }
        var result: T?
        try queue.writeWithoutTransaction { db in
            try db.inTransaction(.exclusive) {
                result = try body()
                return .rollback
            }
        }
        return result!
    }
}
