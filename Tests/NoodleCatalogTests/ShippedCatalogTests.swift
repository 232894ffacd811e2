import NoodleCore
import Testing
@testable import NoodleCatalog

/// The catalog as built into the binary, loaded once for every test that reads it.
enum Shipped {
    static let loaded = BuiltInCatalog.load()
    static var catalog: Catalog { loaded.catalog }

    static func entry(_ id: String) throws -> CatalogEntry {
        try #require(catalog[id], "no \(id) in the shipped catalog")
    }
}

@Suite("Shipped catalog")
struct ShippedCatalogTests {
    @Test("loads with no problem, every product from the facts, in their order")
    func loads() {
        #expect(Shipped.loaded.problem == nil)
        #expect(Shipped.catalog.entries.count >= 16)
        #expect(Shipped.catalog.entries.first?.id == "shin-ramyun")
        #expect(Shipped.catalog.entries.last?.id == "maruchan-instant-lunch")
    }

    @Test("the embedded text is the text that loads")
    func embeddedText() throws {
        #expect(BuiltInCatalog.text.contains("[[ramen]]"))
        #expect(try CatalogFile.parse(BuiltInCatalog.text) == Shipped.catalog)
    }

    @Test("a broken file gives an empty catalog and the reason, never a crash")
    func brokenFile() {
        let loaded = BuiltInCatalog.load("[[ramen]]\nid = \"oops\"\nname = \n")
        #expect(loaded.catalog == .empty)
        #expect(loaded.problem?.hasPrefix("line 3") == true)
    }

    @Test("ids are unique")
    func uniqueIDs() {
        let ids = Shipped.catalog.entries.map(\.id)
        #expect(Set(ids).count == ids.count)
    }

    @Test("every product has English and Korean names, a brand, a time and a water summary")
    func everyEntryComplete() {
        for entry in Shipped.catalog.entries {
            #expect(!entry.name.isEmpty, "\(entry.id)")
            #expect(entry.koreanName.unicodeScalars.contains { (0xAC00 ... 0xD7A3).contains($0.value) }, "\(entry.id): \(entry.koreanName)")
            #expect(!entry.brand.isEmpty, "\(entry.id)")
            #expect(entry.time > .zero, "\(entry.id)")
            #expect(!entry.water.summary.isEmpty, "\(entry.id)")
        }
    }

    @Test("low confidence always sends the reader to the pack")
    func lowConfidenceNotes() {
        let low = Shipped.catalog.entries.filter { $0.confidence == .low }
        #expect(!low.isEmpty)
        for entry in low {
            #expect(entry.note.lowercased().contains("pack"), "\(entry.id): \(entry.note)")
        }
    }

    @Test("steps are in order and none comes after the cooking time")
    func stepsWithinTime() {
        for entry in Shipped.catalog.entries {
            #expect(entry.steps.map(\.offset) == entry.steps.map(\.offset).sorted(), "\(entry.id)")
            #expect(entry.steps.allSatisfy { $0.offset <= entry.time }, "\(entry.id)")
        }
    }

    @Test("Shin Ramyun: 4:30, 550 ml, Nongshim's table for several packs")
    func shinRamyun() throws {
        let shin = try Shipped.entry("shin-ramyun")
        #expect(shin.name == "Shin Ramyun")
        #expect(shin.koreanName == "신라면")
        #expect(shin.brand == "Nongshim")
        #expect(shin.time == .seconds(270))
        #expect(shin.water.millilitres == 550)
        #expect(shin.water.byPacks == [550, 880, 1400, 1800, 2300])
        #expect(shin.confidence == .high)
        #expect(shin.steps.first?.offset == .zero)
    }

    @Test("two-phase recipes carry their second step at the end of the time", arguments: [
        ("chapagetti", 300, "granule soup"),
        ("buldak-bokkeummyeon", 300, "sauce"),
        ("paldo-bibim-myeon", 180, "cold water"),
    ])
    func secondSteps(id: String, seconds: Int64, words: String) throws {
        let entry = try Shipped.entry(id)
        let last = try #require(entry.steps.last)
        #expect(entry.steps.count >= 2)
        #expect(last.offset == .seconds(seconds))
        #expect(entry.time == .seconds(seconds))
        #expect(last.text.contains(words))
    }

    @Test("the makers' tables go only where they apply", arguments: [
        ("neoguri", [550, 880, 1400, 1800, 2300]),
        ("jin-ramen", [550, 1050, 1550, 2050]),
        ("jin-jjamppong", [550, 1050, 1550, 2050]),
        ("sesame-ramen", [500, 950, 1400, 1850]),
        ("yeul-ramen", [500, 950, 1400, 1850]),
        ("chapagetti", []),
        ("samyang-ramyun", []),
        ("buldak-bokkeummyeon", []),
    ])
    func packTables(id: String, byPacks: [Int]) throws {
        #expect(try Shipped.entry(id).water.byPacks == byPacks)
    }
}
