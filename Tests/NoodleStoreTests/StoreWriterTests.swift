import Glibc
import NoodleCore
@testable import NoodleStore
import Testing

@Suite("StoreWriter: operations stored in order, off the caller's thread")
struct StoreWriterTests {
    /// Reports until `done` says enough, waiting on the writer's descriptor as the loop does.
    private func reports(from writer: StoreWriter, timeout: Double = 5, until done: ([StoreWriter.Report]) -> Bool) -> [StoreWriter.Report] {
        var all: [StoreWriter.Report] = []
        let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(timeout * 1000)))
        while !done(all), ContinuousClock.now < deadline {
            var entry = pollfd(fd: writer.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, 50)
            all += writer.takeReports()
        }
        return all
    }

    private func storedThrough(_ reports: [StoreWriter.Report]) -> Int {
        var highest = 0
        for case .stored(let through, _) in reports { highest = max(highest, through) }
        return highest
    }

    private func assignedIDs(_ reports: [StoreWriter.Report]) -> [Int: Int] {
        var ids: [Int: Int] = [:]
        for case .stored(_, let assigned) in reports { ids.merge(assigned) { $1 } }
        return ids
    }

    private func isWaiting(_ report: StoreWriter.Report) -> Bool {
        if case .waiting = report { return true }
        return false
    }

    private func droppedReason(_ reports: [StoreWriter.Report]) -> String? {
        for case .dropped(_, let reason) in reports { return reason }
        return nil
    }

    @Test("operations on items made moments before use the ids SQLite gave them")
    func localIDs() throws {
        try withTemporaryFolder { folder in
            let writer = StoreWriter(store: try Store(directory: folder))
            writer.enqueue(.addBookmark(localID: -1, catalogID: "a"))
            writer.enqueue(.addBookmark(localID: -2, catalogID: "b"))
            writer.enqueue(.moveBookmark(id: -2, by: -1))
            let last = writer.enqueue(.setMemo(id: -1, memo: "memo"))
            let seen = reports(from: writer) { storedThrough($0) == last }
            let assigned = assignedIDs(seen)
            #expect(assigned.keys.sorted() == [-2, -1])
            let state = try Store(directory: folder).load()
            #expect(state.bookmarks.map(\.catalogID) == ["b", "a"])
            #expect(state.bookmarks.map(\.id) == [assigned[-2], assigned[-1]])
            #expect(state.bookmarks[1].memo == "memo")
        }
    }

    @Test("a locked database: the caller never waits, the writer says so, and stores everything in order once free")
    func locked() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder, busyTimeout: 0.1)
            let path = store.path
            let writer = StoreWriter(store: store)
            var seen: [StoreWriter.Report] = []
            try Store.whileLocked(databaseAt: path) {
                let clock = ContinuousClock()
                let enqueueing = clock.measure {
                    for index in 0 ..< 20 { writer.enqueue(.addCountdown(localID: -1 - index, label: "c\(index)", total: 1, deadline: 1, steps: [], cuedSteps: 0)) }
                }
                #expect(enqueueing < .milliseconds(50), "enqueueing took \(enqueueing)")
                seen += reports(from: writer) { $0.contains(where: isWaiting) }
                #expect(writer.pendingCount == 20)
                #expect(!writer.flush(timeout: .milliseconds(100)))
            }
            #expect(writer.flush(timeout: .seconds(5)))
            seen += reports(from: writer) { storedThrough($0) == 20 }
            #expect(seen.first == .waiting("the database is locked by another program"))
            #expect(seen.contains(.recovered))
            #expect(try Store(directory: folder).load().countdowns.map(\.label) == (0 ..< 20).map { "c\($0)" })
        }
    }

    @Test("another connection's write is read back on request, with what this writer stored so far")
    func refresh() throws {
        try withTemporaryFolder(refresh(in:))
    }

    private func refresh(in folder: String) throws {
        let writer = StoreWriter(store: try Store(directory: folder))
        let first = writer.enqueue(.startStopwatch(at: aWallTime))
        let stored = reports(from: writer) { storedThrough($0) == first }
        #expect(storedThrough(stored) == first)
        writer.requestRefresh()
        // Only its own write so far: nothing to read back.
        let quiet = reports(from: writer, timeout: 0.3) { !$0.isEmpty }
        #expect(quiet.isEmpty)
        let other = try Store(directory: folder)
        try other.apply(.addBookmark(localID: -1, catalogID: "theirs"))
        writer.requestRefresh()
        let seen = reports(from: writer) { !$0.isEmpty }
        let expected = SavedState(bookmarks: [SavedBookmark(id: 1, catalogID: "theirs")], stopwatch: SavedStopwatch(runningSince: aWallTime))
        #expect(seen == [.loaded(expected, through: first)])
    }

    @Test("an operation the database refuses is dropped and said, and the ones after it still go through")
    func dropped() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            try Store.executeRawSQL("CREATE TRIGGER no_memo BEFORE UPDATE ON bookmark WHEN NEW.memo = 'refused' BEGIN SELECT RAISE(ABORT, 'memos are off'); END;",
                                    inDatabaseAt: store.path)
            let writer = StoreWriter(store: store)
            writer.enqueue(.addBookmark(localID: -1, catalogID: "a"))
            writer.enqueue(.setMemo(id: -1, memo: "refused"))
            let last = writer.enqueue(.cyclePacks(id: -1))
            let seen = reports(from: writer) { storedThrough($0) == last }
            #expect(droppedReason(seen)?.contains("memos are off") == true, "\(seen)")
            #expect(try Store(directory: folder).load().bookmarks.map(\.packs) == [2])
        }
    }
}
