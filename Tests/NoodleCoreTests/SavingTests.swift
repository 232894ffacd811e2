import Testing
@testable import NoodleCore

@Suite("Saving and restart catch-up")
struct SavingTests {
    /// A second process: its own monotonic clock (unrelated to the first's) and a wall clock `later` seconds on.
    private func restarted(after later: Double, from saved: SavedState) -> (AppState, [Effect]) {
        let now = Now(instant: ContinuousClock.now.advanced(by: .seconds(12_345)),
                      wall: WallTime(secondsSinceEpoch: origin.wall.secondsSinceEpoch + later))
        var state = AppState(size: Size(width: 120, height: 40), now: now, catalog: testCatalog)
        let effects = state.restore(saved, reason: .startup)
        return (state, effects)
    }

    private func input(_ text: String) -> DurationInput {
        guard case .success(let input) = DurationInput.parse(text) else { fatalError("bad fixture \(text)") }
        return input
    }

    @Test("everything stored comes back as it was, and saving it again changes nothing")
    func roundTrip() {
        var state = catalogState()
        state.bookmarks.add(catalogID: "jin-ramen", id: 1)
        state.bookmarks.changeSelected { $0.ownTime = .seconds(225); $0.memo = "물 조금 덜\n[02:00] egg"; $0.packs = 3 }
        state.bookmarks.add(catalogID: "shin-ramyun", id: 2)
        state.timers.add(input("4:30 Shin"), id: 1, steps: [TimedStep(offset: .seconds(60), text: "stir")], at: origin.instant)
        state.timers.add(input("1m tea"), id: 2, at: origin.instant)
        state.timers.changeSelected { $0.pause(at: at(10).instant) }
        state.stopwatch.start(at: at(0).instant)
        state.stopwatch.lap(at: at(3.5).instant)
        _ = update(&state, .ticked, at: at(20))
        let saved = state.saved

        // The same moment seen by a new process: identical data, nothing to write.
        var again = AppState(size: Size(width: 80, height: 24), now: Now(instant: ContinuousClock.now, wall: at(20).wall), catalog: testCatalog)
        #expect(again.restore(saved, reason: .startup) == [])
        #expect(again.saved == saved)
        #expect(again.bookmarks.items == state.bookmarks.items)
        #expect(again.stopwatch.laps == state.stopwatch.laps)
        #expect(again.stopwatch.elapsed(at: again.now.instant) == .seconds(20))
        #expect(again.timers.countdowns.map(\.label) == ["Shin", "tea"])
        #expect(again.timers.countdowns[0].remaining(at: again.now.instant) == .seconds(250))
        #expect(again.timers.countdowns[1].phase == .paused(remaining: .seconds(50)))
    }

    @Test("a countdown that finished while noodle was closed comes back missed, with one bell for all")
    func missedWhileClosed() {
        var state = catalogState()
        state.timers.add(input("4:30 Shin"), id: 1, at: origin.instant)
        state.timers.add(input("5m Jin"), id: 2, steps: [TimedStep(offset: .seconds(60), text: "stir")], at: origin.instant)
        state.timers.add(input("1h soup"), id: 3, at: origin.instant)
        let (restored, effects) = restarted(after: 12 * 60 + 30, from: state.saved)
        // Stored as missed, each against the deadline it was stored with, every step counted as cued.
        #expect(effects == [
            .bell,
            .store(.advanceCountdown(id: 1, deadline: wall(270), state: .missed, cuedSteps: 0)),
            .store(.advanceCountdown(id: 2, deadline: wall(300), state: .missed, cuedSteps: 1)),
        ])
        var replayed = state.saved
        for case .store(let operation) in effects { operation.apply(to: &replayed) }
        #expect(replayed == restored.saved, "the operations store exactly what start-up changed")
        let phases = restored.timers.countdowns.map(\.phase)
        guard case .missed(let deadline) = phases[0], case .missed = phases[1], case .running = phases[2] else {
            Issue.record("unexpected phases \(phases)")
            return
        }
        #expect(deadline.duration(to: restored.now.instant) == .seconds(8 * 60))
        #expect(DurationFormat.ago(deadline.duration(to: restored.now.instant)) == "8 min ago")
        #expect(restored.timers.countdowns[2].remaining(at: restored.now.instant) == .seconds(3600 - 750))
        #expect(restored.status?.text == "2 countdowns finished while noodle was closed")
    }

    @Test("a countdown that ran out while noodle was closed rings or is missed, as noodle status says", arguments: [(Double, Bool)]([
        (280, true),  // 10 s past the 4:30 deadline: still within the 5 min alarm cap
        (569, true),
        (570, false),  // the cap passed this very moment
        (1800, false),
    ]))
    func ringingOrMissed(after later: Double, ringing: Bool) {
        var state = catalogState()
        state.timers.add(input("4:30 Shin"), id: 1, at: origin.instant)
        let saved = state.saved
        let status = StatusSummary(saved, now: wall(later), alarmCap: StatusSummary.defaultAlarmCap)
        var (restored, _) = restarted(after: later, from: saved)
        let effects = update(&restored, .ticked, at: restored.now)
        #expect(status.isRinging == ringing)
        #expect(restored.timers.isAnyRinging == ringing)
        #expect(restored.timers.countdowns[0].phase == .missed(deadline: restored.clock.instant(ofWall: wall(270))) || ringing)
        #expect(effects.contains(.bell) == ringing, "a missed one's bell came with the start-up, not the first tick")
    }

    @Test("a paused countdown keeps its time left however long noodle was closed; a running stopwatch counts the gap")
    func pausedAndStopwatch() {
        var state = catalogState()
        state.timers.add(input("4:30"), id: 1, at: origin.instant)
        state.timers.changeSelected { $0.pause(at: at(30).instant) }
        state.stopwatch.start(at: origin.instant)
        state.now = at(30)
        let (restored, effects) = restarted(after: 3600, from: state.saved)
        #expect(effects == [])
        #expect(restored.timers.countdowns[0].phase == .paused(remaining: .seconds(240)))
        #expect(restored.stopwatch.isRunning)
        #expect(restored.stopwatch.elapsed(at: restored.now.instant) == .seconds(3600))
    }

    @Test("another instance's change is taken in without calling a passed deadline missed")
    func sharedChange() {
        var state = catalogState()
        state.timers.add(input("1m"), id: 1, at: origin.instant)
        let saved = state.saved
        var other = AppState(size: Size(width: 120, height: 40), now: at(61), catalog: testCatalog)
        #expect(other.restore(saved, reason: .sharedChange) == [])
        #expect(other.timers.countdowns[0].isRunning)
        let effects = update(&other, .ticked, at: at(61))
        #expect(effects == [
            .bell, doneNotice(1, "Countdown is done", "1:00 finished"),
            .runDoneHook(label: "", duration: .seconds(60), overtime: .seconds(1)),
            .store(.advanceCountdown(id: 1, deadline: wall(60), state: .ringing, cuedSteps: 0)),
        ])
        #expect(other.timers.countdowns[0].isRinging)
    }

    @Test("steps text round-trips through its stored form, fractions included")
    func stepsFormat() throws {
        let steps = [TimedStep(offset: .zero, text: "in"), TimedStep(offset: .milliseconds(90_500), text: "stir [gently]"), TimedStep(offset: .seconds(3720), text: "late")]
        #expect(TimedSteps.format(steps) == "[00:00] in\n[01:30.500] stir [gently]\n[62:00] late")
        #expect(try TimedSteps.parse(TimedSteps.format(steps)).get() == steps)
    }
}

@Suite("Restoring times written under a wall clock since set back")
struct ClockClampTests {
    @Test("at start-up no countdown has more than its total left and the stopwatch did not start in the future; the fix is stored")
    func clampAtStartup() {
        var state = AppState(size: Size(width: 80, height: 24), now: origin)
        let now = state.clock.wall(of: origin.instant)
        let saved = SavedState(
            countdowns: [SavedCountdown(id: 1, label: "tea", total: 300_000_000_000, state: .running, deadline: now + 900_000_000_000, remaining: nil)],
            stopwatch: SavedStopwatch(accumulated: 0, runningSince: now + 600_000_000_000)
        )
        #expect(state.restore(saved, reason: .startup) == [.store(.clampToClock(at: now))])
        #expect(state.timers.countdowns[0].remaining(at: origin.instant) == .seconds(300))
        #expect(state.stopwatch.elapsed(at: origin.instant.advanced(by: .seconds(2))) == .seconds(2))
    }
}
