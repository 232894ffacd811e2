import NoodleCore
@testable import NoodleStore
import Testing

@Suite("Store: a failed save changes nothing, and the next save writes the whole difference")
struct FailedSaveTests {
    @Test("a save while another connection holds the write lock is .locked; the retry writes everything")
    func lockedThenRetried() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder, busyTimeout: 0.1)
            _ = try store.load()
            var state = SavedState(bookmarks: manyBookmarks(10), laps: [1, 2])
            try store.save(state)

            state.bookmarks.swapAt(0, 1)
            state.bookmarks[5].packs = 4
            state.countdowns = fullState().countdowns
            state.laps.append(3)
            let failedState = state
            try Store.whileLocked(databaseAt: store.path) {
                #expect(throws: StoreError.locked(path: store.path)) { try store.save(failedState) }
            }
            #expect(try Store(directory: folder).load() == SavedState(bookmarks: manyBookmarks(10), laps: [1, 2]))

            // The next save differs from the failed one only in the stopwatch, yet writes everything.
            state.stopwatch.accumulated = 5
            let before = store.totalChangesCount
            try store.save(state)
            #expect(store.totalChangesCount - before == 2 + 1 + 5 + 1 + 1)
            #expect(try Store(directory: folder).load() == state)
        }
    }

    @Test("every error reads as one sentence naming the file")
    func descriptions() {
        #expect(StoreError.locked(path: "/x/noodle.sqlite").description == "the database is locked by another program (gave up after 2 s): /x/noodle.sqlite")
        #expect(StoreError.folderNotWritable(path: "/x/noodle", reason: "Permission denied").description == "cannot write to /x/noodle: Permission denied")
        #expect(StoreError.cannotOpen(path: "/x/noodle.sqlite", reason: "it was written by a newer version of noodle").description
            == "cannot open the database /x/noodle.sqlite: it was written by a newer version of noodle")
        #expect(StoreError.failed(path: "/x/noodle.sqlite", reason: "database or disk is full").description
            == "database or disk is full, reading or writing the database /x/noodle.sqlite")
        #expect(StoreError.cannotWatch(path: "/x/noodle", reason: "Too many open files").description
            == "cannot watch /x/noodle for changes saved by other noodle windows: Too many open files")
    }
}
