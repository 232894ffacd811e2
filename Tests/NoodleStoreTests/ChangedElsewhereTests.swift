import Glibc
import NoodleCore
@testable import NoodleStore
import Testing

@Suite("Store: telling other processes' writes from our own")
struct ChangedElsewhereTests {
    @Test("a write in one store is seen once by the other, and never by the one that wrote")
    func twoStores() throws {
        try withTemporaryFolder { folder in
            let mine = try Store(directory: folder)
            let theirs = try Store(directory: folder)
            _ = try mine.load()
            _ = try theirs.load()
            #expect(try !theirs.hasChangedElsewhere())

            try mine.apply(.addBookmark(localID: -1, catalogID: "shin-ramyun"))
            #expect(try !mine.hasChangedElsewhere())
            #expect(try theirs.hasChangedElsewhere())
            #expect(try !theirs.hasChangedElsewhere())
            #expect(try theirs.load().bookmarks.map(\.catalogID) == ["shin-ramyun"])

            try theirs.apply(.startStopwatch(at: aWallTime))
            #expect(try !theirs.hasChangedElsewhere())
            #expect(try mine.hasChangedElsewhere())
            #expect(try mine.load().stopwatch == SavedStopwatch(runningSince: aWallTime))
            #expect(try !mine.hasChangedElsewhere())
        }
    }

    @Test("another store's write is still reported after this store writes on top of it")
    func ownWriteDoesNotHideAnother() throws {
        try withTemporaryFolder { folder in
            let mine = try Store(directory: folder)
            let theirs = try Store(directory: folder)
            _ = try mine.load()
            _ = try theirs.load()
            try mine.apply(.addBookmark(localID: -1, catalogID: "a"))
            try theirs.apply(.addBookmark(localID: -1, catalogID: "b"))
            #expect(try theirs.hasChangedElsewhere())
            #expect(try theirs.load().bookmarks.map(\.catalogID) == ["a", "b"])
        }
    }
}

@Suite("StoreWatcher: another process's write wakes the poll loop")
struct StoreWatcherTests {
    private func isReadable(_ fd: Int32, within milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    @Test("a write from another Store makes the descriptor readable, and drain() empties it")
    func saveWakes() throws {
        try withTemporaryFolder { folder in
            let mine = try Store(directory: folder)
            let other = try Store(directory: folder)
            _ = try mine.load()
            let watcher = try StoreWatcher(directory: mine.directory)
            watcher.drain()  // nothing pending: returns at once
            #expect(!isReadable(watcher.fileDescriptor, within: 0))

            try other.seed(fullState())
            #expect(isReadable(watcher.fileDescriptor, within: 2000))
            watcher.drain()
            #expect(!isReadable(watcher.fileDescriptor, within: 0))
            #expect(try mine.hasChangedElsewhere())
        }
    }

    @Test("a folder that does not exist cannot be watched")
    func missingFolder() throws {
        try withTemporaryFolder { folder in
            #expect(throws: StoreError.cannotWatch(path: folder + "/gone", reason: "No such file or directory")) {
                try StoreWatcher(directory: folder + "/gone")
            }
        }
    }
}
