import Glibc
import NoodleCore
@testable import NoodleStore
import NoodleTestSupport
import Testing

@Suite("Store: operations apply to the rows as they are")
struct OperationTests {
    @Test("ids come from SQLite, in creation order, and a removed id is never given again")
    func ids() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            func add(_ label: String) throws -> Int? {
                try store.apply(.addCountdown(localID: -1, label: label, total: second, deadline: aWallTime, steps: [], cuedSteps: 0))
            }
            let a = try #require(try add("a"))
            let b = try #require(try add("b"))
            #expect(b > a)
            try store.apply(.removeCountdown(id: b))
            #expect(try #require(try add("c")) > b)
            let bookmark = try #require(try store.apply(.addBookmark(localID: -4, catalogID: "x")))
            try store.apply(.removeBookmark(id: bookmark))
            #expect(try #require(try store.apply(.addBookmark(localID: -5, catalogID: "y"))) > bookmark)
        }
    }

    @Test("undo brings an item back under its own id, and only once")
    func restore() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            try store.seed(fullState())
            let countdown = fullState().countdowns[2]
            let bookmark = fullState().bookmarks[1]
            try store.apply(.removeCountdown(id: countdown.id))
            try store.apply(.removeBookmark(id: bookmark.id))
            try store.apply(.restoreCountdown(countdown))
            try store.apply(.restoreCountdown(countdown))
            try store.apply(.restoreBookmark(bookmark, position: 1))
            try store.apply(.restoreBookmark(bookmark, position: 0))
            #expect(try store.load() == fullState())
            #expect(try store.bookmarkPositions == [0, 1, 2])
        }
    }

    @Test("a removed countdown stays removed when another noodle then adds a minute to it")
    func removedStaysRemoved() throws {
        try withTemporaryFolder { folder in
            let mine = try Store(directory: folder)
            let theirs = try Store(directory: folder)
            try mine.seed(fullState())
            try mine.apply(.removeCountdown(id: 3))
            try theirs.apply(.addTime(id: 3, amount: 60 * second, at: aWallTime))
            #expect(try !theirs.load().countdowns.contains { $0.id == 3 })
        }
    }

    @Test("a reset after another noodle's lap leaves no laps; a lap after a reset is refused while stopped")
    func resetAndLap() throws {
        try withTemporaryFolder { folder in
            let mine = try Store(directory: folder)
            let theirs = try Store(directory: folder)
            try mine.apply(.startStopwatch(at: aWallTime))
            try theirs.apply(.recordLap(at: aWallTime + second))
            try mine.apply(.stopStopwatch(at: aWallTime + 2 * second))
            try theirs.apply(.recordLap(at: aWallTime + 3 * second))
            try mine.apply(.resetStopwatch)
            #expect(try theirs.load().laps == [])
            #expect(try theirs.load().stopwatch == SavedStopwatch())
        }
    }

    /// Random operations on both sides: the database ends exactly where the same operations,
    /// applied one at a time to a value, end; positions stay 0..n-1.
    @Test("random operations from two connections give what applying them in order gives", arguments: 0 ..< 6)
    func matchesSerialApplication(round: Int) throws {
        var random = SplitMix(seed: 0x5EED_0000 + UInt64(round))
        try withTemporaryFolder { folder in
            let stores = [try Store(directory: folder), try Store(directory: folder)]
            var expected = fullState()
            try stores[0].seed(expected)
            for step in 0 ..< 300 {
                let operation = Self.randomOperation(in: expected, step: step, &random)
                let store = stores[Int(random.next() % 2)]
                let id = try store.apply(operation)
                operation.apply(to: &expected, newID: id)
                if step % 50 == 49 {
                    #expect(try store.load() == expected, "round \(round), step \(step), after \(operation)")
                    #expect(try store.bookmarkPositions == Array(0 ..< expected.bookmarks.count))
                }
            }
            #expect(try stores[1].load() == expected)
            #expect(try stores[0].integrityCheck() == "ok")
        }
    }

    @Test("threads adding at once on their own connections lose nothing")
    func concurrentAdds() throws {
        try withTemporaryFolder { folder in
            _ = try Store(directory: folder)
            let threads = 8, each = 25
            let failures = UnsafeMutablePointer<Int>.allocate(capacity: threads)
            defer { failures.deallocate() }
            var handles: [pthread_t] = []
            for index in 0 ..< threads {
                failures[index] = 0
                let context = UnsafeMutablePointer<(String, Int, UnsafeMutablePointer<Int>)>.allocate(capacity: 1)
                context.initialize(to: (folder, index, failures + index))
                var thread = pthread_t()
                pthread_create(&thread, nil, { raw in
                    let context = raw!.assumingMemoryBound(to: (String, Int, UnsafeMutablePointer<Int>).self)
                    let (folder, index, failures) = context.pointee
                    context.deallocate()
                    guard let store = try? Store(directory: folder) else { failures.pointee += 1; return nil }
                    for count in 0 ..< 25 {
                        let label = "t\(index)-\(count)"
                        if (try? store.apply(.addCountdown(localID: -1, label: label, total: 1, deadline: 1, steps: [], cuedSteps: 0))) == nil {
                            failures.pointee += 1
                        }
                    }
                    return nil
                }, context)
                handles.append(thread)
            }
            for thread in handles { pthread_join(thread, nil) }
            #expect((0 ..< threads).map { failures[$0] }.reduce(0, +) == 0)
            let labels = try Store(directory: folder).load().countdowns.map(\.label)
            #expect(Set(labels).count == threads * each)
            #expect(labels.count == threads * each)
        }
    }

    private static func randomOperation(in state: SavedState, step: Int, _ random: inout SplitMix) -> StoreOperation {
        let at = aWallTime + Int64(step) * second
        func pick<T>(_ items: [T]) -> T? { items.isEmpty ? nil : items[Int(random.next() % UInt64(items.count))] }
        let countdown = pick(state.countdowns)?.id ?? 999
        let bookmark = pick(state.bookmarks)?.id ?? 999
        switch random.next() % 22 {
        case 0: return .addCountdown(localID: -1, label: "c\(step)", total: Int64(random.next() % 600) * second, deadline: at + 100 * second, steps: [], cuedSteps: 0)
        case 1: return .removeCountdown(id: countdown)
        case 2: return .pauseCountdown(id: countdown, at: at)
        case 3: return .resumeCountdown(id: countdown, at: at)
        case 4: return .addTime(id: countdown, amount: (Int64(random.next() % 5) - 2) * 60 * second, at: at)
        case 5: return .restartCountdown(id: countdown, at: at)
        case 6: return .acknowledgeCountdown(id: countdown)
        case 7: return .silenceAll
        case 8:
            let deadline = state.countdowns.first { $0.id == countdown }?.deadline ?? at
            return .advanceCountdown(id: countdown, deadline: deadline, state: random.next() % 2 == 0 ? .ringing : .missed, cuedSteps: Int(random.next() % 4))
        case 9: return .startStopwatch(at: at)
        case 10: return .stopStopwatch(at: at)
        case 11: return .recordLap(at: at)
        case 12: return .resetStopwatch
        case 13: return .addBookmark(localID: -1, catalogID: "b\(step)")
        case 14: return .removeBookmark(id: bookmark)
        case 15: return .restoreBookmark(SavedBookmark(id: 10_000 + step, catalogID: "back", memo: "m"), position: Int(random.next() % 6))
        case 16, 17: return .moveBookmark(id: bookmark, by: Int(random.next() % 7) - 3)
        case 18: return random.next() % 2 == 0 ? .setMemo(id: bookmark, memo: "메모 \(step)") : .setOwnTime(id: bookmark, ownTime: Int64(step) * second)
        case 19:
            // Undo of a change to a countdown's time: a row as it could have been, in any state.
            guard var revised = pick(state.countdowns) else { return .cyclePacks(id: bookmark) }
            revised.state = pick(SavedCountdown.State.allCases) ?? .running
            revised.deadline = revised.state == .paused ? nil : at + Int64(random.next() % 200) * second - 100 * second
            revised.remaining = revised.state == .paused ? Int64(random.next() % 300) * second : nil
            revised.total += 60 * second
            return .reviseCountdown(revised)
        case 20:
            // Undo of a reset: applies only while the stopwatch is still reset.
            let laps = (0 ..< Int(random.next() % 3)).map { Int64($0 + 1) * second }
            return .restoreStopwatch(SavedStopwatch(accumulated: 5 * second), laps: laps)
        default: return .cyclePacks(id: bookmark)
        }
    }
}

@Suite("Store: rows left odd by others still take operations as the dashboard shows them")
struct OddRowsTests {
    @Test("bookmark positions with gaps (an older noodle still running) are closed before the next move")
    func gaps() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            try store.seed(SavedState(bookmarks: manyBookmarks(4)))
            try Store.executeRawSQL("UPDATE bookmark SET position = -position - 1; UPDATE bookmark SET position = (-position - 1) * 3 + 1",
                                    inDatabaseAt: store.path)
            try store.apply(.moveBookmark(id: 4, by: -1))
            #expect(try store.load().bookmarks.map(\.id) == [1, 2, 4, 3])
            #expect(try store.bookmarkPositions == [0, 1, 2, 3])
        }
    }

    @Test("a running countdown without a deadline reads as paused, and resumes as one")
    func noDeadline() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            try store.seed(SavedState(countdowns: [SavedCountdown(id: 1, label: "odd", total: 60 * second, state: .running, deadline: nil, remaining: nil)]))
            #expect(try store.load().countdowns[0].state == .paused)
            try store.apply(.resumeCountdown(id: 1, at: aWallTime))
            #expect(try store.load().countdowns[0].deadline == aWallTime + 60 * second)
        }
    }

    @Test("undo does not bookmark a product a second time")
    func undoOnce() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            let first = try #require(try store.apply(.addBookmark(localID: -1, catalogID: "shin-ramyun")))
            try store.apply(.removeBookmark(id: first))
            let again = try #require(try store.apply(.addBookmark(localID: -2, catalogID: "shin-ramyun")))
            try store.apply(.restoreBookmark(SavedBookmark(id: first, catalogID: "shin-ramyun"), position: 0))
            #expect(try store.load().bookmarks.map(\.id) == [again])
            #expect(try store.apply(.addBookmark(localID: -3, catalogID: "shin-ramyun")) == again)
        }
    }

    @Test("a dashboard starts while another program holds the database, on the wall clock")
    func clockUnderLock() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder, busyTimeout: 0.1)
            let clock = try Store.whileLocked(databaseAt: store.path) { try store.storedClock() }
            #expect(abs(clock.wallAtBoot - StoredClock.fromWallClock.wallAtBoot) < 1_000_000_000)
        }
    }
}
