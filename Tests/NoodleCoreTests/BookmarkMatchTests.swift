import Testing
@testable import NoodleCore

@Suite("matching a bookmark named on the command line")
struct BookmarkMatchTests {
    let catalog = Catalog(entries: [
        CatalogEntry(id: "shin-ramyun", name: "Shin Ramyun", koreanName: "신라면", brand: "Nongshim", time: .seconds(270), water: Water(millilitres: 550), confidence: .high),
        CatalogEntry(id: "shin-ramyun-black", name: "Shin Ramyun Black", koreanName: "신라면 블랙", brand: "Nongshim", time: .seconds(270), water: Water(millilitres: 550), confidence: .high),
        CatalogEntry(id: "jin-ramen", name: "Jin Ramen", koreanName: "진라면", brand: "Ottogi", time: .seconds(240), water: Water(millilitres: 500), confidence: .high),
    ])
    let bookmarks = [SavedBookmark(id: 1, catalogID: "shin-ramyun"), SavedBookmark(id: 2, catalogID: "shin-ramyun-black"),
                     SavedBookmark(id: 3, catalogID: "jin-ramen"), SavedBookmark(id: 4, catalogID: "gone-from-catalog")]

    @Test("by name, Korean name or id, ignoring case; a prefix of one; several; none")
    func find() {
        #expect(BookmarkMatch.find("shin ramyun", in: bookmarks, catalog: catalog) == .one(bookmarks[0]))
        #expect(BookmarkMatch.find("진라면", in: bookmarks, catalog: catalog) == .one(bookmarks[2]))
        #expect(BookmarkMatch.find("SHIN-RAMYUN-BLACK", in: bookmarks, catalog: catalog) == .one(bookmarks[1]))
        #expect(BookmarkMatch.find("jin", in: bookmarks, catalog: catalog) == .one(bookmarks[2]))
        #expect(BookmarkMatch.find("shin", in: bookmarks, catalog: catalog) == .several([bookmarks[0], bookmarks[1]]))
        #expect(BookmarkMatch.find("gone", in: bookmarks, catalog: catalog) == .one(bookmarks[3]))
        #expect(BookmarkMatch.find("neoguri", in: bookmarks, catalog: catalog) == .none)
    }
}
