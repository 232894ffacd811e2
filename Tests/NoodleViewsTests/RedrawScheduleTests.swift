import Testing
import NoodleCore
@testable import NoodleViews

@Suite("Redraw schedule with big countdowns")
struct RedrawScheduleTests {
    /// Steps from wake-up to wake-up for `seconds`, and checks that the frame drawn at a wake-up
    /// is still the frame at moments sampled before the next one: no visible change is missed.
    func expectNoMissedChange(_ start: AppState, seconds: Double, glyphs: Glyphs = .unicode) {
        var state = start
        let end = state.now.instant.advanced(by: .milliseconds(Int64(seconds * 1000)))
        var wakeUps = 0
        while let next = RedrawSchedule.next(after: state, glyphs: glyphs), next < end {
            let frame = Dashboard.render(state, glyphs: glyphs)
            let gap = state.now.instant.duration(to: next)
            #expect(gap > .zero)
            for fraction in [0.25, 0.5, 0.75, 0.99] {
                var probe = state
                _ = update(&probe, .ticked, at: state.now.advanced(by: gap * fraction))
                let probed = Dashboard.render(probe, glyphs: glyphs)
                let changed = (0 ..< frame.height).filter { probed.row($0) != frame.row($0) }.map { probed.text(row: $0) }
                #expect(changed.isEmpty, "changed \(gap * fraction) after a wake-up, before the next at \(gap): \(changed)")
            }
            _ = update(&state, .ticked, at: state.now.advanced(by: gap))
            wakeUps += 1
        }
        #expect(wakeUps >= Int(seconds) - 1)
    }

    @Test("the dashboard with the big countdown in Timers", arguments: [(120, 40), (80, 24), (200, 60)])
    func bigInTimers(width: Int, height: Int) {
        expectNoMissedChange(kitchenState(width: width, height: height), seconds: 4)
    }

    @Test("the zoomed countdown, in UTF-8 and in ASCII", arguments: [false, true])
    func zoomed(ascii: Bool) {
        expectNoMissedChange(kitchenState(width: 80, height: 24, zoomed: true), seconds: 4, glyphs: ascii ? .ascii : .unicode)
    }

    @Test("fifty countdowns: the rows shown, then the one due next zoomed")
    func manyCountdowns() {
        var state = timersState(count: 50, width: 100, height: 30)
        _ = update(&state, .keyPressed(.character("1")), at: state.now)
        // Silenced, so the one due next is the soonest running one rather than the ringing 신라면.
        _ = update(&state, .keyPressed(.character("s")), at: state.now)
        expectNoMissedChange(state, seconds: 3)
        _ = update(&state, .keyPressed(.character("f")), at: state.now)
        #expect(state.overlay == .zoom)
        expectNoMissedChange(state, seconds: 3)
    }
}
