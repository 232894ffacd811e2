import Glibc
import NoodleCore
@testable import NoodleStore
import Testing

@Suite("Store: telling other processes' saves from our own")
struct ChangedElsewhereTests {
    @Test("a save in one store is seen once by the other, and never by the one that saved")
    func twoStores() throws {
        try withTemporaryFolder { folder in
            let mine = try Store(directory: folder)
            let theirs = try Store(directory: folder)
            _ = try mine.load()
            _ = try theirs.load()
            #expect(try !theirs.hasChangedElsewhere())

            try mine.save(fullState())
            #expect(try !mine.hasChangedElsewhere())
            #expect(try theirs.hasChangedElsewhere())
            #expect(try !theirs.hasChangedElsewhere())
            #expect(try theirs.load() == fullState())

            var state = fullState()
            state.laps.append(99 * second)
            try theirs.save(state)
            #expect(try !theirs.hasChangedElsewhere())
            #expect(try mine.hasChangedElsewhere())
            #expect(try mine.load() == state)
            #expect(try !mine.hasChangedElsewhere())
        }
    }

    @Test("another store's save is still reported after this store saves on top of it")
    func ownSaveDoesNotHideAnother() throws {
        try withTemporaryFolder { folder in
            let mine = try Store(directory: folder)
            let theirs = try Store(directory: folder)
            _ = try mine.load()
            _ = try theirs.load()
            try mine.save(SavedState(bookmarks: [SavedBookmark(id: 1, catalogID: "a")]))
            try theirs.save(SavedState(bookmarks: [SavedBookmark(id: 2, catalogID: "b")]))
            #expect(try theirs.hasChangedElsewhere())
            // Only changed rows were written, so both bookmarks are there for the reload.
            #expect(try theirs.load().bookmarks.map(\.id).sorted() == [1, 2])
        }
    }
}

@Suite("StoreWatcher: another process's save wakes the poll loop")
struct StoreWatcherTests {
    private func isReadable(_ fd: Int32, within milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, milliseconds) == 1 && entry.revents & Int16(POLLIN) != 0
    }

    @Test("a save from another Store makes the descriptor readable, and drain() empties it")
    func saveWakes() throws {
        try withTemporaryFolder { folder in
            let mine = try Store(directory: folder)
            let other = try Store(directory: folder)
            _ = try mine.load()
            let watcher = try StoreWatcher(directory: mine.directory)
            watcher.drain()  // nothing pending: returns at once
            #expect(!isReadable(watcher.fileDescriptor, within: 0))

            try other.save(fullState())
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
