import Testing
import NoodleCore
@testable import NoodleViews

@Suite("Dashboard snapshots")
struct DashboardSnapshotTests {
    @Test("the busy dashboard at each reference size", arguments: [(120, 40), (80, 24), (50, 14), (10, 4)])
    func busy(width: Int, height: Int) {
        assertSnapshot(Dashboard.render(busyState(width: width, height: height)), named: "busy-\(width)x\(height)")
    }

    @Test("a fresh dashboard shows every panel's empty state at 80x24")
    func fresh() {
        let state = AppState(size: Size(width: 80, height: 24), now: origin)
        assertSnapshot(Dashboard.render(state), named: "fresh-80x24")
    }

    @Test("ASCII terminals get ASCII frames and no multibyte text")
    func ascii() {
        let grid = Dashboard.render(busyState(width: 80, height: 24), glyphs: .ascii)
        assertSnapshot(grid, named: "busy-ascii-80x24")
        #expect(grid.cells.allSatisfy { $0.scalar.isASCII })
    }

    @Test("the help overlay lists the keymap")
    func help() {
        var state = busyState(width: 80, height: 24)
        state.overlay = .help(scroll: 0)
        assertSnapshot(Dashboard.render(state), named: "help-80x24")
    }

    @Test("a small screen shows the focused panel with tabs")
    func tabs() {
        var state = busyState(width: 50, height: 14)
        _ = update(&state, .keyPressed(.character("2")), at: at(84))
        let lines = Dashboard.render(state).lines
        #expect(lines[1].contains("[2 Timers]"))
        #expect(lines.joined().contains("No countdowns: n starts one"))
        #expect(!lines.joined().contains("Lap 5"))
    }

    @Test("best and worst laps carry their roles and their words", arguments: [(120, 40), (80, 24)])
    func lapMarks(width: Int, height: Int) {
        let grid = Dashboard.render(busyState(width: width, height: height))
        let rows = (0 ..< grid.height).map { grid.text(row: $0) }
        let best = try! #require(rows.firstIndex { $0.contains("Lap 2 ") })
        let worst = try! #require(rows.firstIndex { $0.contains("Lap 3 ") })
        #expect(rows[best].contains("best"))
        #expect(rows[worst].contains("worst"))
        let bestX = try! #require((0 ..< grid.width).first { grid[$0, best].scalar == "L" })
        #expect(grid[bestX, best].role == .bestLap)
        #expect(grid[bestX, worst].role == .worstLap)
    }

    @Test("the focused panel's frame uses the focused role")
    func focusedFrame() {
        let grid = Dashboard.render(busyState(width: 80, height: 24))
        #expect(grid[0, 1].role == .focusedBorder)
        #expect(grid[79, 1].role == .border)
    }

    @Test("every size from 1x1 to 300x100 renders, and each row is exactly as wide as the grid")
    func everySize() {
        var state = busyState(width: 1, height: 1)
        for width in 1 ... 300 {
            for height in stride(from: 1, through: 100, by: width % 7 == 0 ? 1 : 33) {
                state.size = Size(width: width, height: height)
                let grid = Dashboard.render(state)
                for y in 0 ..< grid.height {
                    #expect(TextWidth.columns(of: grid.text(row: y)) == width)
                }
            }
        }
    }
}
