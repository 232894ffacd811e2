import NoodleCore
@testable import NoodleStore
import Testing

@Suite("Store: databases made by earlier schemas open and load")
struct MigrationTests {
    /// The database exactly as the first schema made it, written out literally so later edits to
    /// the migrations cannot change what this test checks.
    static let version1 = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations (identifier) VALUES ('v1');
        CREATE TABLE bookmark (
            id INTEGER PRIMARY KEY, position INTEGER NOT NULL, catalogID TEXT NOT NULL, ownTime INTEGER,
            memo TEXT NOT NULL DEFAULT '', packs INTEGER NOT NULL DEFAULT 1
        );
        CREATE TABLE countdown (
            id INTEGER PRIMARY KEY, position INTEGER NOT NULL, label TEXT NOT NULL, total INTEGER NOT NULL,
            state TEXT NOT NULL, deadline INTEGER, remaining INTEGER, steps TEXT NOT NULL DEFAULT '',
            cuedSteps INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE stopwatch (id INTEGER PRIMARY KEY CHECK (id = 1), accumulated INTEGER NOT NULL, runningSince INTEGER);
        CREATE TABLE lap (number INTEGER PRIMARY KEY, total INTEGER NOT NULL);
        """

    @Test("a v1 database with rows in it loads those rows")
    func version1Rows() throws {
        try withTemporaryFolder { folder in
            try Store.executeRawSQL(Self.version1 + """
                INSERT INTO bookmark (id, position, catalogID, ownTime, memo, packs) VALUES
                    (7, 1, 'neoguri', NULL, '', 1),
                    (3, 0, 'shin-ramyun', 270000000000, '계란
                파', 2);
                INSERT INTO countdown (id, position, label, total, state, deadline, remaining, steps, cuedSteps) VALUES
                    (2, 0, '신라면', 270000000000, 'running', 1795342770000000000, NULL, '[00:30] 스프 넣기
                [04:00] 불 끄기', 1),
                    (1, 1, 'paused', 60000000000, 'paused', NULL, 30000000000, '', 0);
                INSERT INTO stopwatch (id, accumulated, runningSince) VALUES (1, 5000000000, NULL);
                INSERT INTO lap (number, total) VALUES (1, 1000000000), (2, 2500000000);
                """, inDatabaseAt: folder + "/noodle.sqlite")

            let state = try Store(directory: folder).load()
            #expect(state == SavedState(
                bookmarks: [
                    SavedBookmark(id: 3, catalogID: "shin-ramyun", ownTime: 270 * second, memo: "계란\n파", packs: 2),
                    SavedBookmark(id: 7, catalogID: "neoguri"),
                ],
                countdowns: [
                    SavedCountdown(
                        id: 2, label: "신라면", total: 270 * second, state: .running, deadline: 1_795_342_770 * second, remaining: nil,
                        steps: [TimedStep(offset: .seconds(30), text: "스프 넣기"), TimedStep(offset: .seconds(240), text: "불 끄기")], cuedSteps: 1
                    ),
                    SavedCountdown(id: 1, label: "paused", total: 60 * second, state: .paused, deadline: nil, remaining: 30 * second),
                ],
                stopwatch: SavedStopwatch(accumulated: 5 * second),
                laps: [1 * second, 2_500_000_000]
            ))
        }
    }

    @Test("odd values read as something sensible: unknown state as missed, bad steps as none, junk numbers as 0 or absent")
    func oddValues() throws {
        try withTemporaryFolder { folder in
            try Store.executeRawSQL(Self.version1 + """
                INSERT INTO countdown (id, position, label, total, state, deadline, remaining, steps, cuedSteps)
                VALUES (1, 0, 'odd', 60000000000, 'exploded', 1795342770000000000, NULL, 'not steps at all', 0);
                INSERT INTO lap (number, total) VALUES (1, 'soon'), (2, 7.9), (3, '12');
                INSERT INTO bookmark (id, position, catalogID, ownTime, memo, packs) VALUES (5, 0, 42, 'long', x'00', 'many');
                """, inDatabaseAt: folder + "/noodle.sqlite")
            let state = try Store(directory: folder).load()
            let countdown = try #require(state.countdowns.first)
            #expect(countdown.state == .missed)
            #expect(countdown.steps.isEmpty)
            #expect(state.laps == [0, 7, 12])
            #expect(state.bookmarks == [SavedBookmark(id: 5, catalogID: "42", ownTime: nil, memo: "", packs: 1)])
        }
    }

    @Test("a database migrated by a newer noodle is refused rather than written to")
    func newerSchema() throws {
        try withTemporaryFolder { folder in
            let path = folder + "/noodle.sqlite"
            try Store.executeRawSQL(Self.version1 + "INSERT INTO grdb_migrations (identifier) VALUES ('v99');", inDatabaseAt: path)
            #expect(throws: StoreError.cannotOpen(path: path, reason: "it was written by a newer version of noodle")) {
                try Store(directory: folder)
            }
        }
    }
}
