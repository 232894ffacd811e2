import NoodleCore
@testable import NoodleStore
import Testing

@Suite("Store: a save writes only what changed since the last load or save")
struct DiffSaveTests {
    /// Saves `state` and returns the rows it inserted, updated or deleted.
    private func rowsWritten(_ store: Store, _ state: SavedState) throws -> Int {
        let before = store.totalChangesCount
        try store.save(state)
        return store.totalChangesCount - before
    }

    @Test("moving one bookmark among 1,000 rewrites two rows")
    func moveOne() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            _ = try store.load()
            var state = SavedState(bookmarks: manyBookmarks(1000))
            #expect(try rowsWritten(store, state) == 1000)
            state.bookmarks.swapAt(500, 501)
            #expect(try rowsWritten(store, state) == 2)
            #expect(try Store(directory: folder).load() == state)
        }
    }

    @Test("a save with nothing changed opens no transaction")
    func nothingChanged() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            try store.save(fullState())
            let transactions = store.writeTransactions
            #expect(try rowsWritten(store, fullState()) == 0)
            #expect(store.writeTransactions == transactions)

            let reopened = try Store(directory: folder)
            let loaded = try reopened.load()
            #expect(try rowsWritten(reopened, loaded) == 0)
            #expect(reopened.writeTransactions == 0)
        }
    }

    @Test("one edited field, one removal and one addition write one row each")
    func edits() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            _ = try store.load()
            var state = fullState()
            try store.save(state)
            state.bookmarks[1].memo = "새 메모"
            #expect(try rowsWritten(store, state) == 1)
            state.countdowns.remove(at: 4)
            #expect(try rowsWritten(store, state) == 1)
            state.countdowns.append(SavedCountdown(id: 11, label: "new", total: 60 * second, state: .running, deadline: aWallTime, remaining: nil))
            #expect(try rowsWritten(store, state) == 1)
            state.stopwatch.runningSince = nil
            #expect(try rowsWritten(store, state) == 1)
            #expect(try Store(directory: folder).load() == state)
        }
    }

    @Test("a lap press inserts only the new laps")
    func lapsAppend() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            _ = try store.load()
            var state = SavedState(laps: [1, 2, 3])
            #expect(try rowsWritten(store, state) == 3)
            state.laps += [4, 5]
            #expect(try rowsWritten(store, state) == 2)
            state.laps.append(6)
            #expect(try rowsWritten(store, state) == 1)
            #expect(try Store(directory: folder).load().laps == [1, 2, 3, 4, 5, 6])
        }
    }

    @Test("a laps reset deletes them all, and laps that are not a continuation are rewritten")
    func lapsRewrite() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            _ = try store.load()
            var state = SavedState(laps: [1, 2, 3, 4, 5])
            try store.save(state)
            state.laps = [9]
            #expect(try rowsWritten(store, state) == 5 + 1)
            state.laps = []
            #expect(try rowsWritten(store, state) == 1)
            state.laps = [7, 8]
            #expect(try rowsWritten(store, state) == 2)
            #expect(try Store(directory: folder).load().laps == [7, 8])
        }
    }
}

@Suite("StoreChanges: the difference between two states")
struct StoreChangesTests {
    @Test("a swap of neighbours upserts both at their new positions and deletes nothing")
    func swap() {
        var new = SavedState(bookmarks: manyBookmarks(5))
        let old = new
        new.bookmarks.swapAt(1, 2)
        let changes = StoreChanges(from: old, to: new)
        #expect(changes.bookmarkUpserts.map(\.position) == [1, 2])
        #expect(changes.bookmarkUpserts.map(\.row.id) == [3, 2])
        #expect(changes.bookmarkDeletions.isEmpty)
        #expect(changes.laps == .none)
        #expect(changes.stopwatch == nil)
    }

    @Test("removing the first bookmark deletes it and moves every later one up")
    func removeFirst() {
        var new = SavedState(bookmarks: manyBookmarks(4))
        let old = new
        new.bookmarks.removeFirst()
        let changes = StoreChanges(from: old, to: new)
        #expect(changes.bookmarkDeletions == [1])
        #expect(changes.bookmarkUpserts.map(\.position) == [0, 1, 2])
    }

    @Test("laps: a longer continuation appends its tail; anything else replaces all")
    func laps() {
        #expect(StoreChanges(from: SavedState(laps: [1]), to: SavedState(laps: [1, 2, 3])).laps == .append([2, 3]))
        #expect(StoreChanges(from: SavedState(laps: []), to: SavedState(laps: [5])).laps == .append([5]))
        #expect(StoreChanges(from: SavedState(laps: [1, 2]), to: SavedState(laps: [1])).laps == .replaceAll([1]))
        #expect(StoreChanges(from: SavedState(laps: [1, 2]), to: SavedState(laps: [1, 3])).laps == .replaceAll([1, 3]))
        #expect(StoreChanges(from: SavedState(laps: [1, 2]), to: SavedState(laps: [1, 2])).isEmpty)
    }
}
