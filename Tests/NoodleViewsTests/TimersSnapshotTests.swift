import Testing
import NoodleCore
@testable import NoodleViews

/// `count` countdowns made one second apart, with Hangul labels; the first (2 s) has rung by t = 10.
func timersState(count: Int, width: Int, height: Int) -> AppState {
    var state = AppState(size: Size(width: width, height: height), now: origin)
    let labels = ["신라면", "Jin Ramen 진라면", "tea", "짜파게티 two packs with a very long label", "egg"]
    for index in 0 ..< count {
        let seconds = index == 0 ? 2 : 60 * (index + 3)
        let label = labels[index % labels.count]
        _ = update(&state, .keyPressed(.character("2")), at: at(Double(index)))
        _ = update(&state, .keyPressed(.character("n")), at: at(Double(index)))
        for character in "\(seconds)s \(label)" { _ = update(&state, .keyPressed(.character(character)), at: at(Double(index))) }
        _ = update(&state, .keyPressed(.enter), at: at(Double(index)))
    }
    if count > 2 {
        _ = update(&state, .keyPressed(.up), at: at(9))
        _ = update(&state, .keyPressed(.space), at: at(9))
    }
    _ = update(&state, .ticked, at: at(10.25))
    return state
}

@Suite("Timers panel snapshots")
struct TimersSnapshotTests {
    @Test("0, 1, 5 and 50 countdowns, with a ringing one and Hangul labels", arguments: [0, 1, 5, 50])
    func counts(count: Int) {
        assertSnapshot(Dashboard.render(timersState(count: count, width: 100, height: 30)), named: "timers-\(count)-100x30")
    }

    @Test("at 80x24 and in the tabbed layout at 50x14", arguments: [(80, 24), (50, 14)])
    func sizes(width: Int, height: Int) {
        assertSnapshot(Dashboard.render(timersState(count: 5, width: width, height: height)), named: "timers-5-\(width)x\(height)")
    }

    @Test("a ringing countdown is on top, in the ringing role, counting overtime")
    func ringingOnTop() {
        let state = timersState(count: 5, width: 100, height: 30)
        let grid = Dashboard.render(state)
        let rows = (0 ..< grid.height).map { grid.text(row: $0) }
        let first = try! #require(rows.indices.dropFirst().first { rows[$0].contains("신라면") })
        #expect(rows[first].contains("-0:08"))
        #expect(rows.indices.dropFirst().first { rows[$0].contains("tea") }! > first)
        let x = try! #require((0 ..< grid.width).first { grid[$0, first].scalar == "신" })
        #expect(grid[x, first].role == .ringing)
    }

    @Test("the prompt previews what it parses and explains what it cannot")
    func prompt() {
        var state = AppState(size: Size(width: 100, height: 30), now: origin)
        _ = update(&state, .keyPressed(.character("2")), at: at(0))
        _ = update(&state, .keyPressed(.character("n")), at: at(0))
        for character in "4m30s Shin" { _ = update(&state, .keyPressed(.character(character)), at: at(0)) }
        #expect(Dashboard.render(state).lines.joined().contains("= 4:30 Shin"))
        _ = update(&state, .keyPressed(.backspace), at: at(0))
        for character in " 4:70" { _ = update(&state, .keyPressed(.character(character)), at: at(0)) }
        state.overlay = .newTimer(text: "4:70")
        #expect(Dashboard.render(state).lines.joined().contains("minutes and seconds stop at 59"))
    }

    @Test("a clock time previews until when and how long from now, redrawn as its seconds change")
    func untilPrompt() {
        var state = AppState(size: Size(width: 120, height: 30), now: origin)
        // The origin is 22:13:20 UTC; in UTC+9 it is 07:13:20.
        _ = update(&state, .zoneRulesRead(LocalZone(builtAt: 1_700_000_000, offsetSeconds: 9 * 3600)), at: at(0))
        _ = update(&state, .keyPressed(.character("2")), at: at(0))
        _ = update(&state, .keyPressed(.character("n")), at: at(0))
        for character in "@9:00 tea" { _ = update(&state, .keyPressed(.character(character)), at: at(0)) }
        #expect(Dashboard.render(state).lines.joined().contains("= until 09:00, 1:46:40 from now: tea"))
        #expect(RedrawSchedule.next(after: state) == at(1).instant)
        state.overlay = .newTimer(text: "@7am")
        #expect(Dashboard.render(state).lines.joined().contains("= until 07:00 tomorrow, 23:46:40 from now"))
        state.overlay = .newTimer(text: "@12:60")
        #expect(Dashboard.render(state).lines.joined().contains("no such time of day: '12:60'"))
    }
}

@Suite("Timers panel: timed steps")
struct TimedStepsViewTests {
    @Test("the selected countdown shows the step in force and the next one")
    func steps() throws {
        var state = AppState(size: Size(width: 100, height: 30), now: origin)
        let steps = try TimedSteps.parse("[00:00] noodles into the boiling water\n[05:00] drain, keep about 8 spoons of water, add the sauce\n[05:30] stir-fried 30 s: done").get()
        state.timers.add(DurationInput(duration: .seconds(330), label: "불닭볶음면"), id: 1, steps: steps, at: at(0).instant)
        _ = update(&state, .ticked, at: at(301))
        assertSnapshot(Dashboard.render(state), named: "timers-steps-100x30")
        let text = Dashboard.render(state).lines.joined(separator: "\n")
        #expect(text.contains("[5:00] drain"))
        #expect(text.contains("next [5:30] stir-fried"))
    }
}
