import Testing
import NoodleCore
@testable import NoodleViews

/// An idle stopwatch and three countdowns: 신라면 with steps, running 100 s into its 4:30 (due
/// next), Jin Ramen paused, and tea running longer. The header clock reads 07:14 (UTC+9).
func kitchenState(width: Int, height: Int, zoomed: Bool = false) -> AppState {
    var state = AppState(size: Size(width: width, height: height), now: origin)
    let steps = try! TimedSteps.parse("[0:00] noodles and soup base into 550 ml boiling water\n[4:00] stir, heat off\n[4:20] serve").get()
    state.timers.add(DurationInput(duration: .seconds(270), label: "신라면"), id: 1, steps: steps, at: at(0).instant)
    state.timers.add(DurationInput(duration: .seconds(240), label: "Jin Ramen 진라면"), id: 2, at: at(0).instant)
    state.timers.add(DurationInput(duration: .seconds(600), label: "tea"), id: 3, at: at(0).instant)
    _ = update(&state, .keyPressed(.character("2")), at: at(30))
    state.timers.select(id: 2)
    _ = update(&state, .keyPressed(.space), at: at(30))
    _ = update(&state, .keyPressed(.character("1")), at: at(30))
    if zoomed { _ = update(&state, .keyPressed(.character("f")), at: at(30)) }
    _ = update(&state, .ticked, at: at(100.5))
    return state
}

let sizes = [(200, 60), (120, 40), (80, 24), (60, 16), (20, 6)]

@Suite("Big countdown snapshots, text and roles")
struct BigCountdownSnapshotTests {
    @Test("every style role has a letter of its own in the role block")
    func roleLettersAreDistinct() {
        #expect(Set(StyleRole.allCases.map { roleLetters[$0] }).count == StyleRole.allCases.count)
    }

    @Test("the dashboard with an idle stopwatch gives its column to the countdowns, the next one big", arguments: sizes)
    func dashboard(width: Int, height: Int) {
        assertSnapshot(Dashboard.render(kitchenState(width: width, height: height)), named: "kitchen-\(width)x\(height)", roles: true)
    }

    @Test("f zooms the countdown due next to fill the screen", arguments: sizes)
    func zoomed(width: Int, height: Int) {
        let state = kitchenState(width: width, height: height, zoomed: true)
        #expect(state.overlay == .zoom)
        assertSnapshot(Dashboard.render(state), named: "zoom-\(width)x\(height)", roles: true)
    }

    @Test("in ASCII the zoomed digits are drawn in #")
    func zoomedASCII() {
        let grid = Dashboard.render(kitchenState(width: 80, height: 24, zoomed: true), glyphs: .ascii)
        #expect(grid.lines.contains { $0.contains("######") })
        assertSnapshot(grid, named: "zoom-ascii-80x24", roles: true)
    }

    @Test("a ringing countdown zoomed shows its overtime in the ringing role")
    func ringingZoomed() {
        var state = kitchenState(width: 80, height: 24, zoomed: true)
        _ = update(&state, .ticked, at: at(275))
        let grid = Dashboard.render(state)
        let text = grid.lines.joined(separator: "\n")
        #expect(text.contains("finished at 07:17"))
        #expect(grid.cells.contains { $0.role == .ringing && $0.scalar == "█" })
    }

    @Test("every countdown row shows when it finishes, or that it is paused")
    func finishTimes() {
        let lines = Dashboard.render(kitchenState(width: 120, height: 40)).lines
        #expect(lines.contains { $0.contains("신라면") && $0.contains("2:50 → 07:17") })
        #expect(lines.contains { $0.contains("Jin Ramen 진라면") && $0.contains("paused") })
        #expect(lines.contains { $0.contains("tea") && $0.contains("→ 07:23") })
    }

    @Test("the step in force counts down to the next one")
    func stepCountsDown() {
        var state = kitchenState(width: 120, height: 40)
        state.focus = .timers
        state.timers.select(id: 1)
        let text = Dashboard.render(state).lines.joined(separator: "\n")
        #expect(text.contains("▶ [0:00] noodles and soup base into") && text.contains("· next in 2:20"))
    }
}

@Suite("Big digits at every size")
struct BigDigitsSnapshotTests {
    @Test("the three smallest sizes in each glyph set, as drawn", arguments: [false, true])
    func smallestSizes(ascii: Bool) {
        let rows = BigDigits.scales(ascii: ascii).prefix(3).flatMap { BigDigits.rows("12:34-5678:90", scale: $0) + [""] }
        var grid = Grid(size: Size(width: rows.map(\.count).max()!, height: rows.count), isASCII: ascii)
        for (y, row) in rows.enumerated() { grid.write(row, x: 0, y: y, role: .stopwatchDigits) }
        assertSnapshot(grid, named: "digits-\(ascii ? "ascii" : "blocks")", roles: true)
    }
}
