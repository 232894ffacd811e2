import NoodleCore
@testable import NoodleStore
import Testing

@Suite("Store: what is stored is what a new Store loads")
struct RoundTripTests {
    @Test("every bookmark, countdown state, the running stopwatch and laps come back exactly")
    func everything() throws {
        try withTemporaryFolder { folder in
            let state = fullState()
            try Store(directory: folder).seed(state)
            let reopened = try Store(directory: folder)
            #expect(try reopened.load() == state)
            #expect(try reopened.integrityCheck() == "ok")
        }
    }

    @Test("a stopped stopwatch and cleared laps come back as stopped and empty")
    func stoppedStopwatch() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            try store.seed(fullState())
            try store.apply(.stopStopwatch(at: aWallTime))
            try store.apply(.resetStopwatch)
            var state = fullState()
            state.stopwatch = SavedStopwatch()
            state.laps = []
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

    @Test("countdowns come back in creation order, which is id order, and bookmarks in the user's order")
    func order() throws {
        try withTemporaryFolder { folder in
            let store = try Store(directory: folder)
            var state = fullState()
            state.bookmarks.reverse()
            try store.seed(state)
            #expect(try Store(directory: folder).load() == state)
            #expect(state.countdowns.map(\.id) == state.countdowns.map(\.id).sorted())
        }
    }
}
