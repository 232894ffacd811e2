import NoodleCore
@testable import NoodleStore
import Testing

@Suite("Store: an operation that cannot be written changes nothing, and goes through once it can")
struct FailedSaveTests {
    @Test("an operation while another connection holds the write lock is .locked; the same operation applies later")
    func lockedThenRetried() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder, busyTimeout: 0.1)
            let state = SavedState(bookmarks: manyBookmarks(10), laps: [1, 2])
            try store.seed(state)
            try Store.whileLocked(databaseAt: store.path) {
                #expect(throws: StoreError.locked(path: store.path)) { try store.apply(.moveBookmark(id: 1, by: 1)) }
            }
            #expect(try Store(directory: folder).load() == state)
            try store.apply(.moveBookmark(id: 1, by: 1))
            #expect(try Store(directory: folder).load().bookmarks.map(\.id) == [2, 1] + Array(3 ... 10))
        }
    }

    @Test("a lock or a full disk may pass; a refusal cannot")
    func retryable() {
        #expect(StoreError.locked(path: "/x").isRetryable)
        #expect(StoreError.failed(path: "/x", reason: "database or disk is full").isRetryable)
        #expect(!StoreError.rejected(path: "/x", reason: "UNIQUE constraint failed: bookmark.position").isRetryable)
    }

    @Test("every error reads as one sentence naming the file")
    func descriptions() {
        #expect(StoreError.locked(path: "/x/noodle.sqlite").description == "the database stayed locked by another program: /x/noodle.sqlite")
        #expect(StoreError.folderNotWritable(path: "/x/noodle", reason: "Permission denied").description == "cannot write to /x/noodle: Permission denied")
        #expect(StoreError.cannotOpen(path: "/x/noodle.sqlite", reason: "it was written by a newer version of noodle").description
            == "cannot open the database /x/noodle.sqlite: it was written by a newer version of noodle")
        #expect(StoreError.failed(path: "/x/noodle.sqlite", reason: "database or disk is full").description
            == "database or disk is full, reading or writing the database /x/noodle.sqlite")
        #expect(StoreError.cannotWatch(path: "/x/noodle", reason: "Too many open files").description
            == "cannot watch /x/noodle for changes saved by other noodle windows: Too many open files")
    }
}
