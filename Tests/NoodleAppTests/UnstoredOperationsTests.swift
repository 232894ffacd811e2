import NoodleCore
import Testing
@testable import noodle

@Suite("What another window's write brings back, with this window's unstored changes on top")
struct UnstoredOperationsTests {
    @Test("operations not yet stored are applied to what was read; stored ones are not applied twice")
    func rebase() {
        var unstored = UnstoredOperations()
        unstored.append(.addBookmark(localID: -1, catalogID: "mine"), sequence: 1)
        unstored.append(.moveBookmark(id: -1, by: -5), sequence: 2)
        unstored.append(.startStopwatch(at: 100), sequence: 3)
        // The writer stored the add (as id 7) before the read; the move and the start were still queued.
        unstored.stored(through: 1, assignedIDs: [-1: 7])
        let read = SavedState(bookmarks: [SavedBookmark(id: 3, catalogID: "theirs"), SavedBookmark(id: 7, catalogID: "mine")])
        let shown = unstored.applied(to: read, storedThrough: 1)
        #expect(shown.bookmarks.map(\.id) == [7, 3])
        #expect(shown.stopwatch == SavedStopwatch(runningSince: 100))
        unstored.stored(through: 3, assignedIDs: [:])
        #expect(unstored.applied(to: read, storedThrough: 1) == read)
    }

    @Test("a product another window bookmarked first takes this window's later changes to it")
    func bookmarkedElsewhere() {
        var unstored = UnstoredOperations()
        unstored.append(.addBookmark(localID: -1, catalogID: "shin-ramyun"), sequence: 1)
        unstored.append(.setMemo(id: -1, memo: "egg"), sequence: 2)
        let read = SavedState(bookmarks: [SavedBookmark(id: 7, catalogID: "shin-ramyun")])
        #expect(unstored.applied(to: read, storedThrough: 0).bookmarks == [SavedBookmark(id: 7, catalogID: "shin-ramyun", memo: "egg")])
    }

    @Test("an add still queued keeps its local id, as the dashboard shows it")
    func localAdd() {
        var unstored = UnstoredOperations()
        unstored.append(.addCountdown(localID: -2, label: "tea", total: 60, deadline: 160, steps: [], cuedSteps: 0), sequence: 4)
        let shown = unstored.applied(to: SavedState(), storedThrough: 3)
        #expect(shown.countdowns.map(\.id) == [-2])
    }
}
