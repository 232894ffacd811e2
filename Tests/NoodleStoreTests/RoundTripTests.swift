import NoodleCore
@testable import NoodleStore
import Testing

@Suite("Store: what is saved is what a new Store loads")
struct RoundTripTests {
    @Test("every bookmark, countdown state, the running stopwatch and laps come back exactly")
    func everything() throws {
        try withTemporaryFolder { folder in
            let state = fullState()
            try Store(directory: folder).save(state)
            let reopened = try Store(directory: folder)
            #expect(try reopened.load() == state)
            #expect(try reopened.integrityCheck() == "ok")
        }
    }

    @Test("a stopped stopwatch and cleared laps come back as stopped and empty")
    func stoppedStopwatch() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            _ = try store.load()
            try store.save(fullState())
            var state = fullState()
            state.stopwatch = SavedStopwatch(accumulated: 42 * second, runningSince: nil)
            state.laps = []
            try store.save(state)
            #expect(try Store(directory: folder).load() == state)
        }
    }

    @Test("a new folder loads as the empty state")
    func empty() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder + "/new")
            #expect(try store.load() == SavedState())
        }
    }

    @Test("a first save without a load replaces whatever is stored")
    func saveWithoutLoad() throws {
        try withTemporaryFolder { folder in
            try Store(directory: folder).save(fullState())
            var other = SavedState(bookmarks: [SavedBookmark(id: 4, catalogID: "shin-ramyun"), SavedBookmark(id: 77, catalogID: "new")])
            other.laps = [5]
            try Store(directory: folder).save(other)
            #expect(try Store(directory: folder).load() == other)
        }
    }

    @Test("countdowns keep creation order, not id order, and bookmarks keep the user's order")
    func order() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            _ = try store.load()
            var state = fullState()
            state.countdowns.reverse()
            state.bookmarks.reverse()
            try store.save(state)
            #expect(try Store(directory: folder).load() == state)
        }
    }
}
