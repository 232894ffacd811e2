import GRDB

/// The tables, as versioned migrations: a database made by any earlier noodle is brought forward
/// step by step. A migration, once released, is never edited; a change is a new "v2", "v3", ...
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            // No secondary indexes: every query reads a whole table, and rows are found by their
            // primary key. An index on `position` would be rewritten by every move and would only
            // replace a sort of rows already being read (it is slower than the scan plus sort).
            try db.execute(sql: """
                CREATE TABLE bookmark (
                    id INTEGER PRIMARY KEY,
                    position INTEGER NOT NULL,
                    catalogID TEXT NOT NULL,
                    ownTime INTEGER,
                    memo TEXT NOT NULL DEFAULT '',
                    packs INTEGER NOT NULL DEFAULT 1
                );
                CREATE TABLE countdown (
                    id INTEGER PRIMARY KEY,
                    position INTEGER NOT NULL,
                    label TEXT NOT NULL,
                    total INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    deadline INTEGER,
                    remaining INTEGER,
                    steps TEXT NOT NULL DEFAULT '',
                    cuedSteps INTEGER NOT NULL DEFAULT 0
                );
                CREATE TABLE stopwatch (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    accumulated INTEGER NOT NULL,
                    runningSince INTEGER
                );
                CREATE TABLE lap (
                    number INTEGER PRIMARY KEY,
                    total INTEGER NOT NULL
                );
                """)
        }
        migrator.registerMigration("v2") { db in
            // Ids come from SQLite and are never reused (AUTOINCREMENT), so an undo can bring an
            // item back under its own id and no concurrent add can take another's. Bookmark
            // positions are UNIQUE, and the operations keep them 0..n-1. Countdowns are kept in
            // creation order, which is their id order, so they need no position of their own:
            // v1's positions are folded into renumbered ids (nothing refers to a countdown's id).
            // `clock` holds, for the current boot, the wall-clock time the boot clock counts
            // from (see StoredClock), so setting the wall clock moves no stored time.
            try db.execute(sql: """
                CREATE TABLE bookmark_v2 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    position INTEGER NOT NULL UNIQUE,
                    catalogID TEXT NOT NULL,
                    ownTime INTEGER,
                    memo TEXT NOT NULL DEFAULT '',
                    packs INTEGER NOT NULL DEFAULT 1
                );
                INSERT INTO bookmark_v2 (id, position, catalogID, ownTime, memo, packs)
                    SELECT id, ROW_NUMBER() OVER (ORDER BY position, id) - 1, catalogID, ownTime, memo, packs FROM bookmark;
                DROP TABLE bookmark;
                ALTER TABLE bookmark_v2 RENAME TO bookmark;
                CREATE TABLE countdown_v2 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    label TEXT NOT NULL,
                    total INTEGER NOT NULL,
                    state TEXT NOT NULL,
                    deadline INTEGER,
                    remaining INTEGER,
                    steps TEXT NOT NULL DEFAULT '',
                    cuedSteps INTEGER NOT NULL DEFAULT 0
                );
                INSERT INTO countdown_v2 (id, label, total, state, deadline, remaining, steps, cuedSteps)
                    SELECT ROW_NUMBER() OVER (ORDER BY position, id), label, total, state, deadline, remaining, steps, cuedSteps
                    FROM countdown;
                DROP TABLE countdown;
                ALTER TABLE countdown_v2 RENAME TO countdown;
                CREATE TABLE clock (
                    bootID TEXT PRIMARY KEY,
                    wallAtBoot INTEGER NOT NULL
                );
                """)
        }
        return migrator
    }

    /// Brings the database up to the current schema. Refuses a database a newer noodle has
    /// migrated further, rather than writing rows that newer schema may not expect.
    static func migrate(_ queue: DatabaseQueue, path: String) throws {
        let migrator = self.migrator
        let (completed, superseded) = try queue.read { db in
            (try migrator.hasCompletedMigrations(db), try migrator.hasBeenSuperseded(db))
        }
        if superseded {
            throw StoreError.cannotOpen(path: path, reason: "it was written by a newer version of noodle")
        }
        if completed { return }
        do {
            try migrator.migrate(queue)
        } catch {
            // Two noodles opening a new database at once both see it unmigrated; the slower one's
            // CREATE TABLE then fails. The schema is what counts, not who made it.
            if try queue.read({ db in try migrator.hasCompletedMigrations(db) }) { return }
            throw error
        }
    }
}
