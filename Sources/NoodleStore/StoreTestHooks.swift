import GRDB

// Internal views into the database for NoodleStoreTests (`@testable import NoodleStore`), so the
// tests need not import GRDB themselves.
extension Store {
    /// Rows inserted, updated or deleted by this connection since it opened.
    var totalChangesCount: Int {
        queue.inDatabase { $0.totalChangesCount }
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
