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
                // v2 numbers countdowns in their v1 order: position 0 (v1 id 2) becomes 1.
                countdowns: [
                    SavedCountdown(
                        id: 1, label: "신라면", total: 270 * second, state: .running, deadline: 1_795_342_770 * second, remaining: nil,
                        steps: [TimedStep(offset: .seconds(30), text: "스프 넣기"), TimedStep(offset: .seconds(240), text: "불 끄기")], cuedSteps: 1
                    ),
                    SavedCountdown(id: 2, label: "paused", total: 60 * second, state: .paused, deadline: nil, remaining: 30 * second),
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

    @Test("a database written by the 0.1.0 release keeps every bookmark, countdown, lap and the stopwatch")
    func release010() throws {
        let here = #filePath
        let source = String(here[..<here.lastIndex(of: "/")!]) + "/Fixtures/release-0.1.0.sqlite"
        try withTemporaryFolder { folder in
            // Opening a WAL database creates files beside it: work on a copy.
            try writeFile(folder + "/noodle.sqlite", try readFile(source))
            let store = try Store(directory: folder)
            let state = try store.load()
            #expect(state.bookmarks == [
                SavedBookmark(id: 1_795_438_825_719_912, catalogID: "shin-ramyun", memo: "계란 하나, 파 조금\n[3:00] 스프 넣기"),
                SavedBookmark(id: 1_795_438_828_521_882, catalogID: "chapagetti", ownTime: 255 * second),
                SavedBookmark(id: 1_795_438_826_651_891, catalogID: "jin-ramen", packs: 3),
                SavedBookmark(id: 1_795_438_827_588_254, catalogID: "neoguri"),
            ])
            #expect(state.countdowns == [
                SavedCountdown(id: 1, label: "Shin Ramyun", total: 270 * second, state: .running, deadline: 1_795_439_116_090_050_152, remaining: nil,
                               steps: [TimedStep(offset: .zero, text: "soup base, flakes and noodles in once the water boils"),
                                       TimedStep(offset: .seconds(180), text: "스프 넣기")], cuedSteps: 1),
                SavedCountdown(id: 2, label: "신라면 끓이기", total: 2760 * second, state: .running, deadline: 1_795_441_607_378_058_435, remaining: nil),
                SavedCountdown(id: 3, label: "paused one", total: 1800 * second, state: .paused, deadline: nil, remaining: 1_796_701_996_537),
                SavedCountdown(id: 4, label: "egg", total: 3 * second, state: .done, deadline: 1_795_438_856_225_855_566, remaining: nil),
            ])
            #expect(state.stopwatch == SavedStopwatch(accumulated: 4_680_409_377))
            #expect(state.laps == [1_128_004_224, 2_647_902_055, 3_463_946_646])
            #expect(try store.bookmarkPositions == [0, 1, 2, 3])
            #expect(try store.integrityCheck() == "ok")

            // New items are numbered after the old ones, and moves keep positions whole.
            let added = try #require(try store.apply(.addCountdown(localID: -1, label: "new", total: second, deadline: 1, steps: [], cuedSteps: 0)))
            #expect(added == 5)
            let bookmark = try #require(try store.apply(.addBookmark(localID: -2, catalogID: "king-cup")))
            #expect(bookmark > 1_795_438_828_521_882)
            try store.apply(.moveBookmark(id: bookmark, by: -10))
            #expect(try store.load().bookmarks.first?.id == bookmark)
            #expect(try store.bookmarkPositions == [0, 1, 2, 3, 4])
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
