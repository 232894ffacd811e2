import Glibc
import NoodleCore
@testable import NoodleStore
import Testing

@Suite("StoredClock: stored times follow the boot clock within a boot")
struct StoredClockTests {
    @Test("the first noodle of a boot records the clock, and every later one reads it back")
    func recordedOnce() throws {
        try withTemporaryFolder { folder in
            let first = try Store(directory: folder).storedClock()
            #expect(abs(first.now() - StoredClock.reading(CLOCK_REALTIME)) < 1_000_000_000)
            // A wall clock set 10 minutes back since then, as a later noodle would find it.
            try Store.executeRawSQL("UPDATE clock SET wallAtBoot = wallAtBoot + 600000000000", inDatabaseAt: folder + "/noodle.sqlite")
            let later = try Store(directory: folder).storedClock()
            #expect(later.wallAtBoot == first.wallAtBoot + 600 * second)
            #expect(try Store(directory: folder).recordedClock() == later)
        }
    }

    @Test("a clock recorded in another boot is replaced by this boot's")
    func otherBoot() throws {
        try withTemporaryFolder { folder in
            _ = try Store(directory: folder).storedClock()
            try Store.executeRawSQL("UPDATE clock SET bootID = 'an earlier boot', wallAtBoot = 5", inDatabaseAt: folder + "/noodle.sqlite")
            let store = try Store(directory: folder)
            #expect(try store.recordedClock().wallAtBoot != 5)
            #expect(try store.storedClock().wallAtBoot != 5)
        }
    }

    @Test("times from a wall clock set back across a reboot are brought within reason")
    func clamp() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            let future = aWallTime + 3600 * second
            try store.seed(SavedState(
                countdowns: [
                    SavedCountdown(id: 1, label: "ahead", total: 300 * second, state: .running, deadline: future, remaining: nil),
                    SavedCountdown(id: 2, label: "fine", total: 300 * second, state: .running, deadline: aWallTime + 60 * second, remaining: nil),
                    SavedCountdown(id: 3, label: "done later", total: 60 * second, state: .done, deadline: future, remaining: nil),
                ],
                stopwatch: SavedStopwatch(accumulated: 5 * second, runningSince: future)
            ))
            var expected = try store.load()
            StoreOperation.clampToClock(at: aWallTime).apply(to: &expected)
            try store.apply(.clampToClock(at: aWallTime))
            let state = try store.load()
            #expect(state == expected)
            #expect(state.countdowns.map(\.deadline) == [aWallTime + 300 * second, aWallTime + 60 * second, aWallTime])
            #expect(state.stopwatch == SavedStopwatch(accumulated: 5 * second, runningSince: aWallTime))
        }
    }
}
