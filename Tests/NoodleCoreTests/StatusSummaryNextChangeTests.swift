import Testing
@testable import NoodleCore

private let cap = Duration.seconds(300)
private let stopped = StatusSummary.Stopwatch(running: false, elapsed: .zero, laps: 0)

private func timer(_ label: String, _ remaining: Duration, _ state: StatusSummary.Timer.State = .running) -> StatusSummary.Timer {
    StatusSummary.Timer(label: label, state: state, remaining: remaining)
}

@Suite("noodle status: when the line can next change")
struct StatusSummaryNextChangeTests {
    @Test("nothing running never changes by itself, however much is paused or stopped")
    func nothingCounts() {
        let quiet = StatusSummary(
            ringing: [], timers: [timer("Jin", .seconds(61.5), .paused)],
            stopwatch: StatusSummary.Stopwatch(running: false, elapsed: .seconds(65), laps: 2)
        )
        #expect(quiet.untilNextChange(alarmCap: cap) == nil)
        #expect(StatusSummary(ringing: [], timers: [], stopwatch: stopped).untilNextChange(alarmCap: cap) == nil)
    }

    @Test("a running countdown changes as its time left passes a whole second, a full second when on one")
    func runningCountdown() {
        let between = StatusSummary(ringing: [], timers: [timer("Shin", .milliseconds(2300))], stopwatch: stopped)
        #expect(between.untilNextChange(alarmCap: cap) == .milliseconds(300))
        let onASecond = StatusSummary(ringing: [], timers: [timer("Shin", .seconds(2))], stopwatch: stopped)
        #expect(onASecond.untilNextChange(alarmCap: cap) == .seconds(1))
    }

    @Test("the soonest of several countdowns and the stopwatch wins")
    func soonestWins() {
        let state = StatusSummary(
            ringing: [], timers: [timer("Shin", .milliseconds(150_800)), timer("Jin", .milliseconds(90_100))],
            stopwatch: StatusSummary.Stopwatch(running: true, elapsed: .milliseconds(12_600), laps: 0)
        )
        #expect(state.untilNextChange(alarmCap: cap) == .milliseconds(100))
    }

    @Test("the line counts only the nearest running countdown's seconds; the JSON counts every one")
    func lineShowsTheNearest() {
        let state = StatusSummary(
            ringing: [], timers: [timer("Shin", .milliseconds(150_800)), timer("Jin", .milliseconds(90_100)), timer("Neoguri", .milliseconds(200_050))],
            stopwatch: stopped
        )
        #expect(state.untilNextChange(alarmCap: cap, shown: .everything) == .milliseconds(50))
        #expect(state.untilNextChange(alarmCap: cap, shown: .line) == .milliseconds(100))
    }

    @Test("a running stopwatch changes at its next whole second")
    func stopwatch() {
        let state = StatusSummary(ringing: [], timers: [], stopwatch: StatusSummary.Stopwatch(running: true, elapsed: .milliseconds(724_250), laps: 3))
        #expect(state.untilNextChange(alarmCap: cap) == .milliseconds(750))
    }

    @Test("a ringing countdown changes at its next second of overtime, or when the alarm cap runs out first")
    func ringing() {
        let ringing = StatusSummary(ringing: [StatusSummary.Ringing(label: "egg", overtime: .milliseconds(12_700))], timers: [], stopwatch: stopped)
        #expect(ringing.untilNextChange(alarmCap: cap) == .milliseconds(300))
        #expect(ringing.untilNextChange(alarmCap: .milliseconds(12_900)) == .milliseconds(200))
    }

    @Test("the summary read again at the moment given reads differently, and not a moment before")
    func momentIsExact() {
        let now: Int64 = 1_700_000_000_000_000_000
        let saved = SavedState(
            countdowns: [SavedCountdown(id: 1, label: "tea", total: 3_000_000_000, state: .running, deadline: now + 2_400_000_000, remaining: nil)],
            stopwatch: SavedStopwatch(accumulated: 0, runningSince: now - 700_000_000), laps: []
        )
        var at = now
        for _ in 0 ..< 8 {
            let summary = StatusSummary(saved, now: at, alarmCap: 1_500_000_000)
            guard let wait = summary.untilNextChange(alarmCap: .nanoseconds(1_500_000_000)) else { break }
            let next = at + wait.nanoseconds
            #expect(StatusSummary(saved, now: next - 1, alarmCap: 1_500_000_000).json(.utf8) == summary.json(.utf8))
            #expect(StatusSummary(saved, now: next, alarmCap: 1_500_000_000).json(.utf8) != summary.json(.utf8))
            at = next
        }
    }
}
