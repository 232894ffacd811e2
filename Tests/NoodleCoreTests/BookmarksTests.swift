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

    @Test("random adds, removes, moves and undos keep positions unique and contiguous and the selection on the moved item")
    func property() {
        var generator = SplitMix(seed: 0x5EED)
        for _ in 0 ..< 300 {
            var bookmarks = Bookmarks()
            var model: [Int] = [] // ids in order: the reference the real list must match
            var removed: (Int, Int)?
            for _ in 0 ..< 60 {
                switch Int(generator.next() % 6) {
                case 0:
                    let added = bookmarks.add(catalogID: "p\(generator.next() % 5)")
                    model.append(added.id)
                case 1:
                    let selected = bookmarks.selectedIndex
                    if let gone = bookmarks.removeSelected(), let index = selected {
                        #expect(model.remove(at: index) == gone.id)
                        removed = (gone.id, index)
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
                case 4:
                    if bookmarks.undoRemove(), let (id, index) = removed {
                        model.insert(id, at: min(index, model.count))
                        #expect(bookmarks.selectedID == id)
                        removed = nil
                    }
                default:
                    bookmarks.moveSelection(by: generator.next() % 2 == 0 ? -1 : 1)
                }
                #expect(bookmarks.items.map(\.id) == model)
                checkInvariants(bookmarks)
            }
        }
    }

    @Test("toggling a product off removes its bookmark and can be undone in place")
    func removeByProduct() {
        var bookmarks = Bookmarks()
        bookmarks.add(catalogID: "a")
        bookmarks.add(catalogID: "b")
        bookmarks.add(catalogID: "c")
        bookmarks.remove(catalogID: "b")
        #expect(bookmarks.items.map(\.catalogID) == ["a", "c"])
        #expect(bookmarks.selected?.catalogID == "c")
        let undone = bookmarks.undoRemove()
        #expect(undone)
        #expect(bookmarks.items.map(\.catalogID) == ["a", "b", "c"])
    }

    @Test("ids stay above a floor, so two processes adding at once do not collide")
    func idFloor() {
        var bookmarks = Bookmarks()
        let first = bookmarks.add(catalogID: "a", idFloor: 1_700_000_000_000_000)
        let second = bookmarks.add(catalogID: "b", idFloor: 5)
        #expect(first.id == 1_700_000_000_000_000)
        #expect(second.id == first.id + 1)
    }

    @Test("taking in another instance's list keeps the selection on the same bookmark")
    func replace() {
        var bookmarks = Bookmarks()
        let a = bookmarks.add(catalogID: "a")
        let b = bookmarks.add(catalogID: "b")
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
