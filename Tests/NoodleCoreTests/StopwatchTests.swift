import NoodleTestSupport
import Testing
@testable import NoodleCore

@Suite("Stopwatch")
struct StopwatchTests {
    @Test("starts, stops, resumes and resets")
    func lifecycle() {
        var state = freshState()
        #expect(state.stopwatch.isIdle)
        #expect(press(.space, &state, at: 1) == [.store(.startStopwatch(at: wall(1)))])
        #expect(state.stopwatch.isRunning)
        #expect(press(.space, &state, at: 3.5) == [.store(.stopStopwatch(at: wall(3.5)))])
        #expect(!state.stopwatch.isRunning)
        #expect(state.stopwatch.elapsed(at: at(100).instant) == .milliseconds(2500))
        press(.space, &state, at: 10)
        #expect(state.stopwatch.elapsed(at: at(11).instant) == .milliseconds(3500))
        #expect(press(.character("l"), &state, at: 11) == [.store(.recordLap(at: wall(11)))])
        press(.space, &state, at: 12)
        #expect(press(.character("r"), &state, at: 13) == [.store(.resetStopwatch)])
        #expect(state.stopwatch == Stopwatch())
    }

    @Test("reset while running does nothing but explain itself")
    func resetWhileRunning() {
        var state = freshState()
        press(.space, &state, at: 0)
        #expect(press(.character("r"), &state, at: 2) == [])
        #expect(state.stopwatch.isRunning)
        #expect(state.stopwatch.elapsed(at: at(2).instant) == .seconds(2))
        #expect(state.status?.tone == .hint)
        #expect(state.status?.text.contains("Space") == true)
    }

    @Test("the hint goes away on its own")
    func statusExpires() {
        var state = freshState()
        press(.space, &state, at: 0)
        press(.character("r"), &state, at: 1)
        _ = update(&state, .ticked, at: at(1 + StatusMessage.lifetime.seconds - 0.01))
        #expect(state.status != nil)
        _ = update(&state, .ticked, at: at(1 + StatusMessage.lifetime.seconds))
        #expect(state.status == nil)
    }

    @Test("reset on a stopwatch that never ran changes nothing and saves nothing")
    func resetIdle() {
        var state = freshState()
        #expect(press(.character("r"), &state, at: 1) == [])
    }

    @Test("a lap needs a running stopwatch")
    func lapWhileStopped() {
        var state = freshState()
        #expect(press(.character("l"), &state, at: 1) == [])
        #expect(state.stopwatch.laps.isEmpty)
        #expect(state.status != nil)
    }

    @Test("10^5 irregular ticks, starts, stops and laps leave no drift: the reading is the clock's running time")
    func noDrift() {
        var state = freshState()
        var generator = SplitMix(seed: 42)
        var now = origin
        var runningTime: Duration = .zero
        for _ in 0 ..< 100_000 {
            // Late, early, tiny and huge gaps, down to the nanosecond.
            let gap = Duration.nanoseconds(Int64(generator.next() % 50_000_000) + 1)
            if state.stopwatch.isRunning { runningTime += gap }
            now = now.advanced(by: gap)
            switch generator.next() % 100 {
            case 0: _ = update(&state, .keyPressed(.space), at: now)
            case 1: _ = update(&state, .keyPressed(.character("l")), at: now)
            default: _ = update(&state, .ticked, at: now)
            }
            #expect(state.stopwatch.elapsed(at: now.instant) == runningTime)
        }
        #expect(state.stopwatch.laps.totals.allSatisfy { $0 <= runningTime })
    }

    @Test("stop and resume many times loses nothing")
    func manyPauses() {
        var watch = Stopwatch()
        var running: Duration = .zero
        var t = origin.instant
        for i in 0 ..< 1000 {
            watch.start(at: t)
            let run = Duration.nanoseconds(1_000_003 * (i % 7 + 1))
            t = t.advanced(by: run)
            running += run
            watch.stop(at: t)
            t = t.advanced(by: .milliseconds(13))
        }
        #expect(watch.elapsed(at: t) == running)
    }
}

