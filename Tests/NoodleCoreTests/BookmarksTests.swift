import NoodleTestSupport
import Testing
@testable import NoodleCore

@Suite("Bookmarks: order, selection, undo")
struct BookmarksTests {
    /// Checks what must hold after any sequence of operations.
    private func checkInvariants(_ bookmarks: Bookmarks) {
        let ids = bookmarks.items.map(\.id)
        #expect(Set(ids).count == ids.count, "ids unique")
        if bookmarks.isEmpty {
            #expect(bookmarks.selectedID == nil)
        } else {
            #expect(bookmarks.selectedIndex != nil, "the selection is on an item")
        }
    }

    @Test("random adds, removes and moves keep positions unique and contiguous and the selection on the moved item")
    func property() {
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0 ..< 300 {
            var bookmarks = Bookmarks()
            var model: [Int] = [] // ids in order: the reference the real list must match
            var lastID = 0
            for _ in 0 ..< 60 {
                switch Int(generator.next() % 5) {
                case 0:
                    lastID -= 1
                    let added = bookmarks.add(catalogID: "p\(lastID)", id: lastID)
                    #expect(added.id == lastID)
                    model.append(added.id)
                case 1:
                    let selected = bookmarks.selectedIndex
                    if let gone = bookmarks.removeSelected(), let index = selected {
                        #expect(model.remove(at: index) == gone.id)
                    }
                case 2, 3:
                    let offset = generator.next() % 2 == 0 ? -1 : 1
                    let before = bookmarks.selectedIndex
                    let selectedID = bookmarks.selectedID
                    let moved = bookmarks.moveSelected(by: offset)
                    if let before {
                        let target = before + offset
                        #expect(moved == model.indices.contains(target), "stops at the ends without wrapping")
                        if moved { model.swapAt(before, target) }
                        #expect(bookmarks.selectedID == selectedID, "the selection moves with the item")
                        #expect(bookmarks.selectedIndex == (moved ? target : before))
                    }
                default:
                    bookmarks.moveSelection(by: generator.next() % 2 == 0 ? -1 : 1)
                }
                #expect(bookmarks.items.map(\.id) == model)
                checkInvariants(bookmarks)
            }
        }
    }

    @Test("toggling a product off removes its bookmarks")
    func removeByProduct() {
        var bookmarks = Bookmarks()
        bookmarks.add(catalogID: "a", id: 1)
        bookmarks.add(catalogID: "b", id: 2)
        bookmarks.add(catalogID: "c", id: 3)
        bookmarks.add(catalogID: "b", id: 4)
        #expect(bookmarks.remove(catalogID: "b") == [4, 2])
        #expect(bookmarks.remove(catalogID: "gone") == [])
        #expect(bookmarks.items.map(\.catalogID) == ["a", "c"])
        #expect(bookmarks.selected?.catalogID == "c")
    }

    @Test("ids made here are local: negative and distinct, whatever ids the store gave")
    func localIDs() {
        var state = catalogState()
        state.bookmarks.replaceItems([Bookmark(id: 7, catalogID: "jin-ramen")])
        let ids = (0 ..< 100).map { _ in state.takeLocalID() }
        #expect(ids == Array((1 ... 100).map { -$0 }))
        #expect(Set(ids).count == ids.count)
        // Made through update too: the next local id, never one already in use.
        press(.character("a"), &state, at: 0)
        let effects = press(.enter, &state, at: 0) // Shin Ramyun, the first row
        #expect(effects == [.store(.addBookmark(localID: -101, catalogID: "shin-ramyun"))])
        #expect(state.bookmarks.items.map(\.id) == [7, -101])
    }

    @Test("renaming ids moves the items and the selection to the stored ids")
    func renameIDs() {
        var bookmarks = Bookmarks()
        bookmarks.add(catalogID: "a", id: 5)
        bookmarks.add(catalogID: "b", id: -1)
        bookmarks.add(catalogID: "c", id: -2)
        bookmarks.add(catalogID: "d", id: -3)
        let revision = bookmarks.revision
        bookmarks.removeSelected() // d, -3
        bookmarks.moveSelection(by: -1) // b, -1
        bookmarks.renameIDs([-1: 6, -3: 8, -9: 99])
        #expect(bookmarks.revision > revision, "a view cache must see the change")
        #expect(bookmarks.items.map(\.id) == [5, 6, -2])
        #expect(bookmarks.items.map(\.catalogID) == ["a", "b", "c"])
        #expect(bookmarks.selectedID == 6)
        bookmarks.renameIDs([:])
        #expect(bookmarks.items.map(\.id) == [5, 6, -2])
    }

    @Test("taking in another instance's list keeps the selection on the same bookmark")
    func replace() {
        var bookmarks = Bookmarks()
        let a = bookmarks.add(catalogID: "a", id: 1)
        let b = bookmarks.add(catalogID: "b", id: 2)
        bookmarks.replaceItems([b, a])
        #expect(bookmarks.selectedID == b.id)
        bookmarks.replaceItems([a])
        #expect(bookmarks.selectedID == a.id)
        bookmarks.replaceItems([])
        #expect(bookmarks.selectedID == nil)
    }

    @Test("memo steps join the catalog's in time order; a bad step line loses only itself")
    func steps() {
        let bookmark = Bookmark(id: 1, catalogID: "shin-ramyun", memo: "extra egg\n[03:00] egg in\n[9:99] typo\n[01:00] stir")
        #expect(bookmark.steps(in: testCatalog).map(\.text) == ["everything in", "stir", "egg in"])
        #expect(bookmark.memoProse == ["extra egg", "[9:99] typo"])
        #expect(bookmark.memoHeadline == "extra egg")
    }
}

@Suite("Catalog search")
struct CatalogSearchCoreTests {
    @Test("words match in any order, and the whole query still matches without its spaces")
    func words() {
        #expect(testCatalog.search("nongshim shin") == [0])
        #expect(testCatalog.search("ramen jin") == [1])
        #expect(testCatalog.search("shinramyun") == [0])
        #expect(testCatalog.search("ottogi shin") == [])
    }
}
