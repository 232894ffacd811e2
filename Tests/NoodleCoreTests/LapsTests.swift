import NoodleTestSupport
import Testing
@testable import NoodleCore

@Suite("Laps")
struct LapsTests {
    @Test("lap time, total and difference come from the recorded totals")
    func lapMaths() {
        var state = freshState()
        press(.space, &state, at: 0)
        press(.character("l"), &state, at: 10)
        press(.character("l"), &state, at: 22.5)
        press(.character("l"), &state, at: 30)
        let laps = state.stopwatch.laps
        #expect(laps.totals == [.seconds(10), .milliseconds(22500), .seconds(30)])
        #expect(laps.time(of: 1) == .milliseconds(12500))
        #expect(laps.time(of: 2) == .milliseconds(7500))
        #expect(laps.delta(of: 0) == nil)
        #expect(laps.delta(of: 1) == .milliseconds(2500))
        #expect(laps.delta(of: 2) == .milliseconds(-5000))
        #expect(state.stopwatch.currentLap(at: at(31).instant) == .seconds(1))
    }

    @Test("best and worst appear only with two laps that differ")
    func bestAndWorst() {
        var laps = Laps()
        laps.record(total: .seconds(5))
        #expect(laps.best == nil && laps.worst == nil)
        laps.record(total: .seconds(10))
        #expect(laps.best == nil && laps.worst == nil)
        laps.record(total: .seconds(13))
        #expect(laps.best == 2 && laps.worst == 0)
        laps.record(total: .seconds(22))
        #expect(laps.best == 2 && laps.worst == 3)
    }

    @Test("a tie keeps the earlier lap marked")
    func ties() {
        let laps = Laps(totals: [.seconds(3), .seconds(8), .seconds(11), .seconds(16)])
        #expect(laps.best == 0)
        #expect(laps.worst == 1)
    }

    @Test("incremental best and worst agree with a full scan")
    func incrementalMatchesScan() {
        var generator = SplitMix(seed: 7)
        var laps = Laps()
        var total: Duration = .zero
        for _ in 0 ..< 2000 {
            total += .milliseconds(Int64(generator.next() % 5000) + 1)
            laps.record(total: total)
            let times = (0 ..< laps.count).map(laps.time(of:))
            if laps.count >= 2, let min = times.min(), let max = times.max(), min != max {
                #expect(laps.best == times.firstIndex(of: min))
                #expect(laps.worst == times.firstIndex(of: max))
            }
        }
    }

    @Test("a new lap scrolls the list back to the newest")
    func lapScrollsToNewest() {
        var state = freshState()
        press(.space, &state, at: 0)
        for t in 1 ... 5 { press(.character("l"), &state, at: Double(t)) }
        press(.down, &state, at: 6)
        press(.down, &state, at: 6)
        #expect(state.lapScroll == 2)
        press(.character("l"), &state, at: 7)
        #expect(state.lapScroll == 0)
    }
}
