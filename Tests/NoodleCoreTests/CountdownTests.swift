import NoodleTestSupport
import Testing
@testable import NoodleCore

@Suite("Countdown")
struct CountdownTests {
    let t0 = origin.instant
    let cap = Duration.seconds(300)

    func at(_ seconds: Double) -> ContinuousClock.Instant {
        t0.advanced(by: .milliseconds(Int64((seconds * 1000).rounded())))
    }

    @Test("pausing for X seconds moves the finish exactly X seconds later")
    func pauseIsExact() {
        var countdown = Countdown(id: 1, label: "tea", total: .seconds(120), startedAt: at(0))
        countdown.pause(at: at(10.123))
        #expect(countdown.remaining(at: at(50)) == .milliseconds(109_877))
        countdown.resume(at: at(12.456))
        #expect(countdown.deadline == at(120 + 2.333))
    }

    @Test("plus and minus one minute; minus past zero finishes now")
    func addAndTake() {
        var countdown = Countdown(id: 1, label: "egg", total: .seconds(90), startedAt: at(0))
        countdown.add(.seconds(60), at: at(10))
        #expect(countdown.remaining(at: at(10)) == .seconds(140))
        countdown.add(.seconds(-60), at: at(20))
        #expect(countdown.remaining(at: at(30)) == .seconds(60))
        countdown.add(.seconds(-61), at: at(30))
        #expect(countdown.remaining(at: at(30)) == .zero)
        #expect(countdown.advance(to: at(30), alarmCap: cap) == [.finished])
    }

    @Test("restart starts over from the full duration")
    func restart() {
        var countdown = Countdown(id: 1, label: "ramen", total: .seconds(270), startedAt: at(0))
        _ = countdown.advance(to: at(300), alarmCap: cap)
        countdown.restart(at: at(301))
        #expect(countdown.isRunning)
        #expect(countdown.remaining(at: at(301)) == .seconds(270))
    }

    @Test("deadline, ringing, acknowledged; and missed after the cap, each exactly once")
    func ringing() {
        var countdown = Countdown(id: 1, label: "ramen", total: .seconds(60), startedAt: at(0))
        #expect(countdown.advance(to: at(59.999), alarmCap: cap) == [])
        #expect(countdown.nextEvent(alarmCap: cap) == at(60))
        #expect(countdown.advance(to: at(60), alarmCap: cap) == [.finished])
        #expect(countdown.advance(to: at(61), alarmCap: cap) == [])
        #expect(countdown.remaining(at: at(72)) == .seconds(-12))
        var ignored = countdown
        #expect(ignored.advance(to: at(360), alarmCap: cap) == [.becameMissed])
        #expect(ignored.advance(to: at(999), alarmCap: cap) == [])
        countdown.acknowledge()
        #expect(countdown.phase == .done(deadline: at(60)))
        #expect(countdown.advance(to: at(999), alarmCap: cap) == [])
    }

    @Test("steps are cued once each, in order, and the loop is told when the next one is due")
    func stepCues() throws {
        let steps = try TimedSteps.parse("[00:00] in\n[01:00] stir\n[01:30] drain").get()
        var countdown = Countdown(id: 1, label: "buldak", total: .seconds(120), steps: steps, startedAt: at(0))
        #expect(countdown.nextEvent(alarmCap: cap) == at(60))
        #expect(countdown.advance(to: at(95), alarmCap: cap) == [.reachedStep(1), .reachedStep(2)])
        #expect(countdown.advance(to: at(100), alarmCap: cap) == [])
        #expect(countdown.nextEvent(alarmCap: cap) == at(120))
    }

    @Test("1,000 countdowns with random deadlines, advanced at random instants, each finish exactly once")
    func thousandFinishOnce() {
        var generator = SplitMix(seed: 99)
        var countdowns = (0 ..< 1000).map { id in
            Countdown(id: id, label: "t\(id)", total: .milliseconds(Int64(generator.next() % 600_000) + 1), startedAt: t0)
        }
        var finished = [Int](repeating: 0, count: countdowns.count)
        var now = t0
        while now < at(700) {
            now = now.advanced(by: .milliseconds(Int64(generator.next() % 5000)))
            for index in countdowns.indices {
                if countdowns[index].advance(to: now, alarmCap: .seconds(3600)).contains(.finished) {
                    finished[index] += 1
                    #expect(countdowns[index].deadline! <= now)
                }
            }
        }
        #expect(finished.allSatisfy { $0 == 1 })
    }
}
