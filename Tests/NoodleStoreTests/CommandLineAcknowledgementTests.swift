import NoodleCore
@testable import NoodleStore
import NoodleTestSupport
import Testing

/// `noodle ack` reads the rows, then writes its acknowledgement in one transaction: the ring it
/// saw must stop whether or not a dashboard had stored it, and what others did in between wins.
@Suite("Store: an acknowledgement from the command line")
struct CommandLineAcknowledgementTests {
    private func seeded(_ folder: String, state: SavedCountdown.State) throws -> (Store, SavedCountdown) {
        let store = try Store(directory: folder)
        let id = try #require(try store.apply(.addCountdown(localID: -1, label: "tea", total: 60 * second, deadline: aWallTime, steps: [], cuedSteps: 0)))
        var row = try #require(try store.load().countdowns.first { $0.id == id })
        row.state = state
        try store.apply(.reviseCountdown(row))
        return (store, row)
    }

    @Test("a ring no dashboard stored (the row still says running) is stopped, and a dashboard storing it later does not start it again",
          arguments: [SavedCountdown.State.running, .ringing])
    func stopsTheRingItSaw(state: SavedCountdown.State) throws {
        try withTemporaryFolder { folder in
            let (store, seen) = try seeded(folder, state: state)
            try store.apply(seen.acknowledgement)
            #expect(try store.load().countdowns.first?.state == .done)
            try store.apply(.advanceCountdown(id: seen.id, deadline: aWallTime, state: .ringing, cuedSteps: 0))
            #expect(try store.load().countdowns.first?.state == .done)
        }
    }

    @Test("removed or snoozed by another noodle after it was read, the acknowledgement does nothing")
    func othersWin() throws {
        try withTemporaryFolder { folder in
            let (store, seen) = try seeded(folder, state: .running)
            let theirs = try Store(directory: folder)
            try theirs.apply(.addTime(id: seen.id, amount: 60 * second, at: aWallTime + 5 * second))
            try store.apply(seen.acknowledgement)
            let snoozed = try #require(try store.load().countdowns.first)
            #expect(snoozed.state == .running)
            #expect(snoozed.deadline == aWallTime + 65 * second)

            try theirs.apply(.removeCountdown(id: seen.id))
            try store.apply(seen.acknowledgement)
            #expect(try store.load().countdowns.isEmpty)
        }
    }
}
