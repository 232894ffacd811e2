import Testing
import NoodleCore
@testable import NoodleViews

let viewCatalog = Catalog(entries: [
    CatalogEntry(id: "shin-ramyun", name: "Shin Ramyun", koreanName: "신라면", brand: "Nongshim", time: .seconds(270),
                 water: Water(millilitres: 550, byPacks: [550, 880, 1400, 1800, 2300]), note: "Soup, flakes and noodles go in together.",
                 steps: [TimedStep(offset: .zero, text: "soup, flakes and noodles in")], confidence: .high),
    CatalogEntry(id: "chapagetti", name: "Chapagetti", koreanName: "짜파게티", brand: "Nongshim", time: .seconds(300),
                 water: Water(millilitres: 600), note: "Drain, leaving 8 spoons of water.",
                 steps: [TimedStep(offset: .seconds(300), text: "drain, keep 8 spoons, mix in the soup and oil")], confidence: .high),
    CatalogEntry(id: "jin-ramen", name: "Jin Ramen", koreanName: "진라면", brand: "Ottogi", time: .seconds(240),
                 water: Water(millilitres: 550, byPacks: [550, 1050, 1550, 2050]), confidence: .medium),
    CatalogEntry(id: "king-cup", name: "King Cup with an unusually long English product name", koreanName: "왕뚜껑", brand: "Paldo",
                 time: .seconds(210), water: Water(millilitres: nil, instruction: "to the inner line (~400 ml)"),
                 note: "Low-confidence figures: the pack is the authority.", confidence: .low),
])

/// Four bookmarks: an own time with a Hangul memo, several packs, a long name, and a product the catalog lost.
func bookmarksState(width: Int, height: Int) -> AppState {
    var state = AppState(size: Size(width: width, height: height), now: origin, catalog: viewCatalog)
    state.focus = .bookmarks
    for (index, id) in ["shin-ramyun", "chapagetti", "king-cup", "gone-product"].enumerated() {
        state.bookmarks.add(catalogID: id, id: index + 1)
    }
    state.bookmarks.moveSelection(by: -3)
    state.bookmarks.changeSelected {
        $0.ownTime = .seconds(255)
        $0.memo = "물 500 ml, 계란은 3분에\n[03:00] egg in\nfirm noodles"
    }
    state.bookmarks.moveSelection(by: 1)
    state.bookmarks.changeSelected { $0.packs = 3 }
    return state
}

@Suite("Bookmarks snapshots")
struct BookmarksSnapshotTests {
    @Test("the panel at each reference size, and tabbed", arguments: [(120, 40), (80, 24), (60, 16), (50, 14)])
    func sizes(width: Int, height: Int) {
        assertSnapshot(Dashboard.render(bookmarksState(width: width, height: height)), named: "bookmarks-\(width)x\(height)")
    }

    @Test("the selected row shows the own time in its role, and the rows keep their columns with Hangul")
    func roles() {
        var state = bookmarksState(width: 120, height: 40)
        state.bookmarks.moveSelection(by: -1)
        let grid = Dashboard.render(state)
        let rows = (0 ..< grid.height).filter { grid.text(row: $0).contains("Shin Ramyun 신라면") }
        let row = try! #require(rows.first)
        let text = grid.text(row: row)
        #expect(text.contains("*4:15"))
        #expect(grid.lines.contains { $0.contains("your time 4:15") })
        // Chapagetti's row below has its time in the same column as Shin's, Hangul counted as two.
        let next = grid.text(row: row + 1)
        #expect(TextWidth.columns(of: String(text[..<text.range(of: "4:15")!.lowerBound])) ==
                TextWidth.columns(of: String(next[..<next.range(of: "5:00")!.lowerBound])))
    }

    @Test("the catalog overlay, searched by initial consonant")
    func catalogOverlay() {
        var state = bookmarksState(width: 100, height: 30)
        for key in [Key.character("a"), .character("ㅈ")] { _ = update(&state, .keyPressed(key), at: origin) }
        assertSnapshot(Dashboard.render(state), named: "catalog-search-100x30")
        _ = update(&state, .keyPressed(.character("q")), at: origin)
        assertSnapshot(Dashboard.render(state), named: "catalog-nothing-100x30")
    }

    @Test("the memo editor with the cursor inside Hangul, and its discard question")
    func memoEditor() {
        var state = bookmarksState(width: 100, height: 30)
        _ = update(&state, .keyPressed(.up), at: origin)
        for key in [Key.character("m"), .up, .up, .end, .left, .left] { _ = update(&state, .keyPressed(key), at: origin) }
        assertSnapshot(Dashboard.render(state), named: "memo-editor-100x30")
        for key in [Key.backspace, .escape] { _ = update(&state, .keyPressed(key), at: origin) }
        assertSnapshot(Dashboard.render(state), named: "memo-discard-100x30")
    }

    @Test("the own-time prompt previews what Enter will store")
    func ownTimePrompt() {
        var state = bookmarksState(width: 100, height: 30)
        for key in [Key.character("e"), .character("5"), .character("m")] { _ = update(&state, .keyPressed(key), at: origin) }
        assertSnapshot(Dashboard.render(state), named: "own-time-100x30")
    }

    @Test("a countdown that finished while noodle was closed says how long ago")
    func missedAfterRestart() {
        let deadline = Int64(origin.wall.secondsSinceEpoch * 1e9) - 12 * 60_000_000_000
        let saved = SavedState(countdowns: [SavedCountdown(
            id: 1, label: "Shin Ramyun", total: 270_000_000_000, state: .running, deadline: deadline, remaining: nil
        )])
        var state = AppState(size: Size(width: 100, height: 30), now: origin, catalog: viewCatalog)
        #expect(state.restore(saved, reason: .startup) == [.bell, .store(.advanceCountdown(id: 1, deadline: deadline, state: .missed, cuedSteps: 0))])
        #expect(Dashboard.render(state).lines.contains { $0.contains("Shin Ramyun") && $0.contains("finished 12 min ago") })
    }
}
