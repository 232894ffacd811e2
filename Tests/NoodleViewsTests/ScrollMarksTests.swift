import Testing
@testable import NoodleCore
@testable import NoodleViews

@Suite("Lists say how many rows they hide")
struct ScrollMarksTests {
    /// A stopped stopwatch with `count` laps, the lap list scrolled `scroll` rows from the newest.
    private func laps(_ count: Int, scroll: Int, width: Int, height: Int) -> [String] {
        var state = AppState(size: Size(width: width, height: height), now: origin)
        _ = update(&state, .keyPressed(.space), at: at(0))
        for lap in 1 ... count { _ = update(&state, .keyPressed(.character("l")), at: at(Double(lap))) }
        _ = update(&state, .keyPressed(.space), at: at(Double(count) + 0.5))
        state.status = nil
        for _ in 0 ..< scroll { _ = update(&state, .keyPressed(.down), at: at(Double(count) + 1)) }
        return Dashboard.render(state).lines
    }

    @Test("the lap list: newer laps above in its header line, older ones on the frame below")
    func lapList() {
        let top = laps(30, scroll: 0, width: 60, height: 16)
        #expect(!top.joined().contains("↑"))
        #expect(top.contains { $0.contains("↓ ") && $0.contains(" more") && $0.hasPrefix("└") })
        let scrolled = laps(30, scroll: 5, width: 60, height: 16)
        #expect(scrolled.contains { $0.contains("Lap time") && $0.contains("↑ 5 more") })
        let hidden = scrolled.first { $0.hasPrefix("└") && $0.contains("↓") }
        #expect(hidden != nil)
        // Every lap is either shown or counted: shown rows plus both counts make all 31 rows.
        let shown = scrolled.filter { $0.contains(/Lap \d/) }.count
        let below = Int(hidden?.split(separator: "↓").last?.split(separator: " ").first ?? "") ?? -1
        #expect(shown + 5 + below == 31, "shown \(shown), above 5, below \(below)")
    }

    @Test("the catalog and the help say it on their frames, in ASCII too")
    func overlays() {
        var state = AppState(size: Size(width: 80, height: 14), now: origin, catalog: Catalog(entries: (0 ..< 30).map {
            CatalogEntry(id: "p\($0)", name: "Product \($0)", koreanName: "", brand: "B", time: .seconds(240),
                         water: Water(millilitres: 500), confidence: .high)
        }))
        state.overlay = .catalog(CatalogPicker(query: "", row: 20))
        let catalog = Dashboard.render(state, glyphs: .ascii).lines
        #expect(catalog.contains { $0.contains("^ ") && $0.contains(" more") })
        #expect(catalog.contains { $0.contains("v ") && $0.contains(" more") })
        state.overlay = .help(scroll: 3)
        let help = Dashboard.render(state).lines
        #expect(help.contains { $0.contains("↑ 3 more") })
        #expect(help.contains { $0.contains("↓ ") && $0.contains(" more") })
    }

    @Test("nine countdowns at 60x16: the rows shown and the count below make all nine", arguments: [(60, 16), (80, 24), (20, 6)])
    func countdowns(width: Int, height: Int) {
        var state = AppState(size: Size(width: width, height: height), now: origin)
        let labels = ["라면", "egg", "tea", "rice", "pasta", "udon", "soba", "pho", "신라면"]
        for (index, label) in labels.enumerated() {
            state.timers.add(DurationInput(duration: .seconds(60 * (index + 1)), label: label), id: index + 1, at: origin.instant)
        }
        state.timers.select(id: 1)
        state.focus = .timers
        let grid = Dashboard.render(state)
        assertSnapshot(grid, named: "nine-countdowns-\(width)x\(height)", roles: true)
        let lines = grid.lines
        // A row: the label, then its time left (and, where it fits, when it finishes).
        let shown = labels.filter { label in lines.contains { $0.hasPrefix("│") && $0.contains(" \(label) ") && $0.contains(/\d:\d\d/) } }
        let below = lines.compactMap { $0.firstMatch(of: /↓ (\d+) more/).map { Int($0.1)! } }.first ?? 0
        #expect(shown.count + below == 9, "shown \(shown), \(below) more below:\n\(lines.joined(separator: "\n"))")
        #expect(below > 0 || shown.count == 9)
        #expect(below > 0 || width >= 80, "at \(width)x\(height) not all nine fit")
    }
}
