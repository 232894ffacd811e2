import Foundation
import NoodleTestSupport
import Testing
@testable import NoodleCore

/// What each operation does to stored values, on its own: the store runs the same changes in its
/// transaction, so these are the semantics every process agrees on.
@Suite("Store operations: apply")
struct StoreOperationApplyTests {
    private let second: Int64 = 1_000_000_000

    private func running(_ id: Int = 1, total: Int64 = 90, deadline: Int64, steps: [TimedStep] = [], cued: Int = 0) -> SavedCountdown {
        SavedCountdown(id: id, label: "tea", total: nanoseconds(total), state: .running, deadline: deadline, remaining: nil, steps: steps, cuedSteps: cued)
    }

    private func applying(_ operations: [StoreOperation], to state: SavedState) -> SavedState {
        var state = state
        for operation in operations { operation.apply(to: &state) }
        return state
    }

    // MARK: Countdowns

    @Test("a new countdown runs under its local id, or under the id the store gave it")
    func addCountdown() {
        let steps = [TimedStep(offset: .zero, text: "in")]
        let add = StoreOperation.addCountdown(localID: -3, label: "tea", total: nanoseconds(90), deadline: wall(90), steps: steps, cuedSteps: 1)
        #expect(add.localID == -3)
        #expect(applying([add], to: SavedState()).countdowns == [running(-3, deadline: wall(90), steps: steps, cued: 1)])
        var state = SavedState(countdowns: [running(4, deadline: wall(10))])
        add.apply(to: &state, newID: 7)
        #expect(state.countdowns.map(\.id) == [4, 7])
        #expect(StoreOperation.addBookmark(localID: -2, catalogID: "x").localID == -2)
        #expect(StoreOperation.removeCountdown(id: -2).localID == nil)
    }

    @Test("pause keeps the time left; after the deadline it does nothing, since the countdown finished first")
    func pause() {
        let state = SavedState(countdowns: [running(deadline: wall(90))])
        let paused = applying([.pauseCountdown(id: 1, at: wall(30))], to: state)
        #expect(paused.countdowns == [SavedCountdown(id: 1, label: "tea", total: nanoseconds(90), state: .paused, deadline: nil, remaining: nanoseconds(60))])
        #expect(applying([.pauseCountdown(id: 1, at: wall(90))], to: state) == state, "at the deadline")
        #expect(applying([.pauseCountdown(id: 1, at: wall(91))], to: state) == state, "after the deadline")
        #expect(applying([.pauseCountdown(id: 1, at: wall(40))], to: paused) == paused, "already paused")
        var ringing = state
        ringing.countdowns[0].state = .ringing
        #expect(applying([.pauseCountdown(id: 1, at: wall(30))], to: ringing) == ringing)
    }

    @Test("resume runs a paused countdown on from its time left, and touches nothing else")
    func resume() {
        let paused = SavedState(countdowns: [SavedCountdown(id: 1, label: "tea", total: nanoseconds(90), state: .paused, deadline: nil, remaining: nanoseconds(60))])
        #expect(applying([.resumeCountdown(id: 1, at: wall(100))], to: paused).countdowns == [running(deadline: wall(160))])
        let state = SavedState(countdowns: [running(deadline: wall(90))])
        #expect(applying([.resumeCountdown(id: 1, at: wall(100))], to: state) == state)
    }

    @Test("addTime on a running countdown moves the deadline; taking off past zero finishes it at that moment")
    func addTimeRunning() {
        let state = SavedState(countdowns: [running(deadline: wall(90))])
        #expect(applying([.addTime(id: 1, amount: nanoseconds(60), at: wall(10))], to: state).countdowns == [running(total: 150, deadline: wall(150))])
        #expect(applying([.addTime(id: 1, amount: nanoseconds(-60), at: wall(10))], to: state).countdowns == [running(total: 30, deadline: wall(30))])
        // 55 s left, a minute off: running with no time left at `at`, for the clock to ring; the total never goes negative.
        #expect(applying([.addTime(id: 1, amount: nanoseconds(-60), at: wall(35))], to: state).countdowns == [running(total: 30, deadline: wall(35))])
        #expect(applying([.addTime(id: 1, amount: nanoseconds(-600), at: wall(35))], to: state).countdowns == [running(total: 0, deadline: wall(35))])
    }

    @Test("addTime on a finished countdown starts it again with that much left; taking off changes only the total")
    func addTimeFinished() {
        for phase in [SavedCountdown.State.ringing, .missed, .done] {
            var finished = running(deadline: wall(90))
            finished.state = phase
            let state = SavedState(countdowns: [finished])
            #expect(applying([.addTime(id: 1, amount: nanoseconds(60), at: wall(100))], to: state).countdowns == [running(total: 150, deadline: wall(160))])
            var shorter = finished
            shorter.total = nanoseconds(30)
            #expect(applying([.addTime(id: 1, amount: nanoseconds(-60), at: wall(100))], to: state).countdowns == [shorter])
        }
    }

    @Test("addTime on a paused countdown changes the time left, never below zero")
    func addTimePaused() {
        let paused = SavedCountdown(id: 1, label: "tea", total: nanoseconds(90), state: .paused, deadline: nil, remaining: nanoseconds(30))
        var expected = paused
        expected.total = nanoseconds(30)
        expected.remaining = 0
        #expect(applying([.addTime(id: 1, amount: nanoseconds(-60), at: wall(100))], to: SavedState(countdowns: [paused])).countdowns == [expected])
        expected.total = nanoseconds(150)
        expected.remaining = nanoseconds(90)
        #expect(applying([.addTime(id: 1, amount: nanoseconds(60), at: wall(100))], to: SavedState(countdowns: [paused])).countdowns == [expected])
    }

    @Test("addTime is Countdown.add on stored values, for any phase, moment and amount")
    func addTimeMirrorsCountdownAdd() {
        let state = freshState()
        var random = SplitMix(seed: 0xADD7_1AE)
        for _ in 0 ..< 5000 {
            let total = Duration.milliseconds(Int64.random(in: 0 ... 600_000, using: &random))
            let deadline = origin.instant.advanced(by: .milliseconds(Int64.random(in: -300_000 ... 600_000, using: &random)))
            let phase: Countdown.Phase = switch Int.random(in: 0 ..< 5, using: &random) {
            case 0: .running(deadline: deadline)
            case 1: .paused(remaining: .milliseconds(Int64.random(in: 0 ... 600_000, using: &random)))
            case 2: .ringing(deadline: deadline)
            case 3: .missed(deadline: deadline)
            default: .done(deadline: deadline)
            }
            let amount = Duration.milliseconds(Int64.random(in: -700_000 ... 700_000, using: &random))
            let now = origin.instant.advanced(by: .milliseconds(Int64.random(in: 0 ... 600_000, using: &random)))
            var countdown = Countdown(id: 1, label: "x", total: total, phase: phase, steps: [], cuedSteps: 0)
            // A running countdown past its deadline has rung before anyone can add to it.
            if case .running(let deadline) = phase, deadline <= now { continue }
            var stored = SavedState(countdowns: [state.saved(countdown)])
            countdown.add(amount, at: now)
            StoreOperation.addTime(id: 1, amount: amount.nanoseconds, at: state.clock.wall(of: now)).apply(to: &stored)
            #expect(stored.countdowns == [state.saved(countdown)], "\(phase) + \(amount) at +\(origin.instant.duration(to: now))")
        }
    }

    @Test("restart runs the full time again from `at`, with the steps at zero cued")
    func restart() {
        let steps = [TimedStep(offset: .zero, text: "in"), TimedStep(offset: .seconds(30), text: "stir")]
        var done = running(deadline: wall(90), steps: steps, cued: 2)
        done.state = .done
        let restarted = applying([.restartCountdown(id: 1, at: wall(200))], to: SavedState(countdowns: [done]))
        #expect(restarted.countdowns == [running(deadline: wall(290), steps: steps, cued: 1)])
        let paused = SavedCountdown(id: 1, label: "tea", total: nanoseconds(90), state: .paused, deadline: nil, remaining: nanoseconds(5))
        #expect(applying([.restartCountdown(id: 1, at: wall(200))], to: SavedState(countdowns: [paused])).countdowns == [running(deadline: wall(290))])
    }

    @Test("acknowledging stops a ringing or missed one; silence all does so for every countdown")
    func acknowledge() {
        var countdowns: [SavedCountdown] = []
        for (id, phase) in zip(1..., [SavedCountdown.State.running, .ringing, .missed, .done]) {
            var countdown = running(id, deadline: wall(90))
            countdown.state = phase
            countdowns.append(countdown)
        }
        let state = SavedState(countdowns: countdowns)
        #expect(applying([.acknowledgeCountdown(id: 2)], to: state).countdowns.map(\.state) == [.running, .done, .missed, .done])
        #expect(applying([.acknowledgeCountdown(id: 3)], to: state).countdowns.map(\.state) == [.running, .ringing, .done, .done])
        #expect(applying([.acknowledgeCountdown(id: 1)], to: state) == state)
        #expect(applying([.silenceAll], to: state).countdowns.map(\.state) == [.running, .done, .done, .done])
    }

    @Test("advanceCountdown applies only while the deadline is the one it was made against")
    func advanceNeedsItsDeadline() {
        let steps = [TimedStep(offset: .seconds(30), text: "stir")]
        let state = SavedState(countdowns: [running(deadline: wall(90), steps: steps)])
        var rung = running(deadline: wall(90), steps: steps, cued: 1)
        rung.state = .ringing
        #expect(applying([.advanceCountdown(id: 1, deadline: wall(90), state: .ringing, cuedSteps: 1)], to: state).countdowns == [rung])
        // Someone added a minute meanwhile: the ring was for a deadline this countdown no longer has.
        #expect(applying([.advanceCountdown(id: 1, deadline: wall(89), state: .ringing, cuedSteps: 1)], to: state) == state)
        let paused = SavedState(countdowns: [SavedCountdown(id: 1, label: "tea", total: nanoseconds(90), state: .paused, deadline: nil, remaining: nanoseconds(5))])
        #expect(applying([.advanceCountdown(id: 1, deadline: wall(90), state: .ringing, cuedSteps: 1)], to: paused) == paused)
        // Steps only: still running, one more cued, never more than there are.
        #expect(applying([.advanceCountdown(id: 1, deadline: wall(90), state: .running, cuedSteps: 1)], to: state).countdowns
            == [running(deadline: wall(90), steps: steps, cued: 1)])
        #expect(applying([.advanceCountdown(id: 1, deadline: wall(90), state: .running, cuedSteps: 9)], to: state).countdowns
            == [running(deadline: wall(90), steps: steps, cued: 1)])
    }

    @Test("advanceCountdown never moves a countdown backwards: done stays done, missed stays missed, cues stay cued")
    func advanceNeverBackwards() {
        let steps = [TimedStep(offset: .seconds(30), text: "stir"), TimedStep(offset: .seconds(60), text: "drain")]
        for (phase, later) in [(SavedCountdown.State.done, SavedCountdown.State.ringing), (.done, .missed), (.missed, .ringing), (.ringing, .running), (.done, .running)] {
            var countdown = running(deadline: wall(90), steps: steps, cued: 2)
            countdown.state = phase
            let state = SavedState(countdowns: [countdown])
            #expect(applying([.advanceCountdown(id: 1, deadline: wall(90), state: later, cuedSteps: 1)], to: state) == state, "\(phase) then \(later)")
        }
        var ringing = running(deadline: wall(90), steps: steps, cued: 2)
        ringing.state = .ringing
        var missed = ringing
        missed.state = .missed
        #expect(applying([.advanceCountdown(id: 1, deadline: wall(90), state: .missed, cuedSteps: 2)], to: SavedState(countdowns: [ringing])).countdowns == [missed])
    }

    @Test("remove, then restore: back in id order; restoring an id already there does nothing")
    func removeRestore() {
        let countdowns = [running(2, deadline: wall(10)), running(5, deadline: wall(20)), running(9, deadline: wall(30))]
        let state = SavedState(countdowns: countdowns)
        let removed = applying([.removeCountdown(id: 5)], to: state)
        #expect(removed.countdowns.map(\.id) == [2, 9])
        #expect(applying([.restoreCountdown(countdowns[1])], to: removed) == state)
        var changed = countdowns[1]
        changed.label = "other"
        #expect(applying([.restoreCountdown(changed)], to: state) == state, "already there: nothing, not even its fields")
        #expect(applying([.removeCountdown(id: 5), .removeCountdown(id: 5)], to: state) == removed)
    }

    @Test("a restored countdown goes back in creation order: stored ids counting up, then local ids counting down")
    func restoreInCreationOrder() {
        let state = SavedState(countdowns: [running(3, deadline: wall(10)), running(8, deadline: wall(10)), running(-1, deadline: wall(10)), running(-3, deadline: wall(10))])
        for (id, expected) in [(-2, [3, 8, -1, -2, -3]), (-4, [3, 8, -1, -3, -4]), (5, [3, 5, 8, -1, -3]), (9, [3, 8, 9, -1, -3]), (1, [1, 3, 8, -1, -3])] {
            #expect(applying([.restoreCountdown(running(id, deadline: wall(10)))], to: state).countdowns.map(\.id) == expected, "\(id)")
        }
        #expect(Countdown.isCreated(3, before: 8) && Countdown.isCreated(8, before: -1) && Countdown.isCreated(-1, before: -2))
        #expect(!Countdown.isCreated(-1, before: 8) && !Countdown.isCreated(-2, before: -1) && !Countdown.isCreated(8, before: 8))
    }

    @Test("an operation on a countdown that is gone does nothing")
    func goneCountdown() {
        let state = SavedState(countdowns: [running(deadline: wall(90))])
        let operations: [StoreOperation] = [
            .removeCountdown(id: 2), .pauseCountdown(id: 2, at: wall(1)), .resumeCountdown(id: 2, at: wall(1)),
            .addTime(id: 2, amount: second, at: wall(1)), .restartCountdown(id: 2, at: wall(1)), .acknowledgeCountdown(id: 2),
            .advanceCountdown(id: 2, deadline: wall(90), state: .ringing, cuedSteps: 0),
            .removeBookmark(id: 1), .moveBookmark(id: 1, by: 1), .setOwnTime(id: 1, ownTime: second), .setMemo(id: 1, memo: "x"), .cyclePacks(id: 1),
        ]
        for operation in operations {
            #expect(applying([operation], to: state) == state, "\(operation)")
        }
    }

    // MARK: Stopwatch

    @Test("start and stop bank the time between them; starting twice or stopping twice changes nothing")
    func startStop() {
        let started = applying([.startStopwatch(at: wall(10))], to: SavedState())
        #expect(started.stopwatch == SavedStopwatch(accumulated: 0, runningSince: wall(10)))
        #expect(applying([.startStopwatch(at: wall(20))], to: started) == started)
        let stopped = applying([.stopStopwatch(at: wall(15))], to: started)
        #expect(stopped.stopwatch == SavedStopwatch(accumulated: nanoseconds(5), runningSince: nil))
        #expect(applying([.stopStopwatch(at: wall(30))], to: stopped) == stopped)
        #expect(applying([.startStopwatch(at: wall(20)), .stopStopwatch(at: wall(22))], to: stopped).stopwatch.accumulated == nanoseconds(7))
    }

    @Test("a lap appends accumulated + (at − runningSince); none while stopped, never less than what was banked")
    func lap() {
        let state = SavedState(stopwatch: SavedStopwatch(accumulated: nanoseconds(5), runningSince: wall(10)), laps: [nanoseconds(3)])
        #expect(applying([.recordLap(at: wall(12.5))], to: state).laps == [nanoseconds(3), 7_500_000_000])
        #expect(applying([.recordLap(at: wall(12.5))], to: state).stopwatch == state.stopwatch, "a lap does not stop it")
        // The wall clock was set back: the reading stays at what was banked.
        #expect(applying([.recordLap(at: wall(8))], to: state).laps == [nanoseconds(3), nanoseconds(5)])
        let stopped = SavedState(stopwatch: SavedStopwatch(accumulated: nanoseconds(5)), laps: [nanoseconds(3)])
        #expect(applying([.recordLap(at: wall(12.5))], to: stopped) == stopped)
    }

    @Test("reset does nothing while running, and otherwise clears the time and every lap")
    func reset() {
        let runningState = SavedState(stopwatch: SavedStopwatch(accumulated: nanoseconds(5), runningSince: wall(10)), laps: [nanoseconds(3)])
        #expect(applying([.resetStopwatch], to: runningState) == runningState)
        let stopped = SavedState(stopwatch: SavedStopwatch(accumulated: nanoseconds(5)), laps: [nanoseconds(3), nanoseconds(4)])
        #expect(applying([.resetStopwatch], to: stopped) == SavedState())
        #expect(applying([.resetStopwatch], to: SavedState()) == SavedState())
    }

    // MARK: Bookmarks

    private func bookmarks(_ ids: [Int]) -> SavedState {
        SavedState(bookmarks: ids.map { SavedBookmark(id: $0, catalogID: "p\($0)") })
    }

    @Test("moving a bookmark stops at the ends")
    func moveEnds() {
        let state = bookmarks([1, 2, 3])
        #expect(applying([.moveBookmark(id: 1, by: -1)], to: state) == state)
        #expect(applying([.moveBookmark(id: 3, by: 1)], to: state) == state)
        #expect(applying([.moveBookmark(id: 1, by: 1)], to: state).bookmarks.map(\.id) == [2, 1, 3])
        #expect(applying([.moveBookmark(id: 1, by: 7)], to: state).bookmarks.map(\.id) == [2, 3, 1])
        #expect(applying([.moveBookmark(id: 3, by: -7)], to: state).bookmarks.map(\.id) == [3, 1, 2])
        #expect(StoreOperation.moveTarget(from: 0, by: -1, count: 3) == 0)
        #expect(StoreOperation.moveTarget(from: 2, by: 1, count: 3) == 2)
    }

    @Test("moving a bookmark is relative to the order as it is when applied, not as it was seen")
    func moveRelative() {
        // This process saw [1, 2, 3, 4] and moved 3 up; meanwhile another one moved 4 to the top.
        let elsewhere = applying([.moveBookmark(id: 4, by: -3)], to: bookmarks([1, 2, 3, 4]))
        #expect(elsewhere.bookmarks.map(\.id) == [4, 1, 2, 3])
        #expect(applying([.moveBookmark(id: 3, by: -1)], to: elsewhere).bookmarks.map(\.id) == [4, 1, 3, 2])
        #expect(applying([.moveBookmark(id: 3, by: -1), .moveBookmark(id: 3, by: -1)], to: elsewhere).bookmarks.map(\.id) == [4, 3, 1, 2])
    }

    @Test("a new bookmark goes last; a restored one goes back to its position, or the end; one already there stays as it is")
    func addRemoveRestoreBookmark() {
        var state = bookmarks([1, 2])
        StoreOperation.addBookmark(localID: -1, catalogID: "new").apply(to: &state)
        StoreOperation.addBookmark(localID: -2, catalogID: "newer").apply(to: &state, newID: 8)
        #expect(state.bookmarks == [SavedBookmark(id: 1, catalogID: "p1"), SavedBookmark(id: 2, catalogID: "p2"),
                                    SavedBookmark(id: -1, catalogID: "new"), SavedBookmark(id: 8, catalogID: "newer")])
        let full = bookmarks([1, 2, 3])
        let gone = SavedBookmark(id: 2, catalogID: "p2")
        let removed = applying([.removeBookmark(id: 2)], to: full)
        #expect(removed.bookmarks.map(\.id) == [1, 3])
        #expect(applying([.restoreBookmark(gone, position: 1)], to: removed) == full)
        #expect(applying([.restoreBookmark(gone, position: 9)], to: removed).bookmarks.map(\.id) == [1, 3, 2])
        #expect(applying([.restoreBookmark(gone, position: -4)], to: removed).bookmarks.map(\.id) == [2, 1, 3])
        var edited = gone
        edited.memo = "changed"
        #expect(applying([.restoreBookmark(edited, position: 0)], to: full) == full)
    }

    @Test("own time, memo and packs change one bookmark; packs cycle 1 to 5 and back, from anything stored")
    func editBookmark() {
        let state = bookmarks([1, 2])
        let edited = applying([.setOwnTime(id: 2, ownTime: nanoseconds(255)), .setMemo(id: 2, memo: "물 조금 덜"), .cyclePacks(id: 2)], to: state)
        #expect(edited.bookmarks == [SavedBookmark(id: 1, catalogID: "p1"), SavedBookmark(id: 2, catalogID: "p2", ownTime: nanoseconds(255), memo: "물 조금 덜", packs: 2)])
        #expect(applying([.setOwnTime(id: 2, ownTime: nil)], to: edited).bookmarks[1].ownTime == nil)
        for (packs, next) in [(1, 2), (4, 5), (5, 1), (0, 2), (9, 1)] {
            var bookmark = SavedBookmark(id: 1, catalogID: "p")
            bookmark.packs = packs
            StoreOperation.cyclePacks(id: 1).apply(to: &bookmark)
            #expect(bookmark.packs == next, "\(packs)")
        }
    }

    // MARK: Ids

    @Test("mappingIDs maps the id in every case that carries one, and leaves the rest alone")
    func mappingIDs() {
        let ids = [-1: 9, -2: 10]
        let countdown = running(-1, deadline: wall(90))
        var mappedCountdown = countdown
        mappedCountdown.id = 9
        let bookmark = SavedBookmark(id: -1, catalogID: "p", memo: "m")
        var mappedBookmark = bookmark
        mappedBookmark.id = 9
        let cases: [(StoreOperation, StoreOperation)] = [
            (.removeCountdown(id: -1), .removeCountdown(id: 9)),
            (.restoreCountdown(countdown), .restoreCountdown(mappedCountdown)),
            (.pauseCountdown(id: -1, at: wall(1)), .pauseCountdown(id: 9, at: wall(1))),
            (.resumeCountdown(id: -1, at: wall(1)), .resumeCountdown(id: 9, at: wall(1))),
            (.addTime(id: -1, amount: -second, at: wall(1)), .addTime(id: 9, amount: -second, at: wall(1))),
            (.restartCountdown(id: -1, at: wall(1)), .restartCountdown(id: 9, at: wall(1))),
            (.acknowledgeCountdown(id: -1), .acknowledgeCountdown(id: 9)),
            (.advanceCountdown(id: -1, deadline: wall(90), state: .ringing, cuedSteps: 1), .advanceCountdown(id: 9, deadline: wall(90), state: .ringing, cuedSteps: 1)),
            (.removeBookmark(id: -1), .removeBookmark(id: 9)),
            (.restoreBookmark(bookmark, position: 3), .restoreBookmark(mappedBookmark, position: 3)),
            (.moveBookmark(id: -1, by: -1), .moveBookmark(id: 9, by: -1)),
            (.setOwnTime(id: -1, ownTime: nil), .setOwnTime(id: 9, ownTime: nil)),
            (.setMemo(id: -1, memo: "x"), .setMemo(id: 9, memo: "x")),
            (.cyclePacks(id: -1), .cyclePacks(id: 9)),
        ]
        for (operation, mapped) in cases {
            #expect(operation.mappingIDs(ids) == mapped)
            #expect(operation.mappingIDs([-5: 1]) == operation, "an id not in the map stays")
            #expect(operation.mappingIDs([:]) == operation)
        }
        // The rest carry no id to map: a new item's local id stays, for the writer to number.
        let unmapped: [StoreOperation] = [
            .addCountdown(localID: -1, label: "", total: second, deadline: wall(1), steps: [], cuedSteps: 0),
            .addBookmark(localID: -1, catalogID: "p"), .silenceAll, .startStopwatch(at: wall(1)), .stopStopwatch(at: wall(1)),
            .recordLap(at: wall(1)), .resetStopwatch,
        ]
        for operation in unmapped {
            #expect(operation.mappingIDs(ids) == operation)
        }
    }
}

/// The operations describe exactly what the core did to its stored data: a store that starts
/// from nothing and applies them in order holds what the screen shows.
@Suite("Store operations: what update emits")
struct StoreOperationReplayTests {
    @Test("random action sequences: SavedState() with every emitted operation applied in order is the state's saved data")
    func replayMatchesState() {
        let environment = ProcessInfo.processInfo.environment
        let first: UInt64 = 0x5709_E000
        let seeds: [UInt64] = environment["NOODLE_REPLAY_SEED"].flatMap { UInt64($0) }.map { [$0] }
            ?? (0 ..< UInt64(environment["NOODLE_SOAK"] == "1" ? 20_000 : 400)).map { first &+ $0 }
        var problems: [String] = []
        var totals = ReplayTotals()
        for seed in seeds {
            var replay = ReplaySequence(seed: seed)
            replay.run(totals: &totals)
            if let problem = replay.problems.first { problems.append("seed \(seed) (NOODLE_REPLAY_SEED=\(seed)): \(problem)") }
            if problems.count >= 3 { break }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        // The generator reaches what matters (a sequence that failed stops the run early).
        if problems.isEmpty {
            #expect(totals.operations[.addCountdown, default: 0] > 0 && totals.operations[.advanceCountdown, default: 0] > 0)
            #expect(totals.operations[.restoreCountdown, default: 0] > 0 && totals.operations[.restoreBookmark, default: 0] > 0)
            #expect(totals.operations[.moveBookmark, default: 0] > 0 && totals.operations[.recordLap, default: 0] > 0)
            #expect(totals.operations[.addTime, default: 0] > 0 && totals.operations[.setMemo, default: 0] > 0)
            #expect(totals.operations[.setOwnTime, default: 0] > 0 && totals.operations[.acknowledgeCountdown, default: 0] > 0)
            #expect(totals.operations[.restartCountdown, default: 0] > 0 && totals.operations[.silenceAll, default: 0] > 0)
            #expect(totals.renamed > 0)
        }
        if seeds.count == 1 || environment["NOODLE_FUZZ_VERBOSE"] == "1" {
            print("Replay: \(seeds.count) sequences, \(totals.messages) messages, \(totals.renamed) ids assigned, operations \(totals.operations.map { "\($0.key) \($0.value)" }.sorted().joined(separator: ", "))")
        }
    }
}

private enum OperationKind: Hashable {
    case reviseCountdown, restoreStopwatch
    case addCountdown, removeCountdown, restoreCountdown, pauseCountdown, resumeCountdown, addTime, restartCountdown
    case acknowledgeCountdown, silenceAll, advanceCountdown, clampToClock, startStopwatch, stopStopwatch, recordLap, resetStopwatch
    case addBookmark, removeBookmark, restoreBookmark, moveBookmark, setOwnTime, setMemo, cyclePacks

    init(_ operation: StoreOperation) {
        self = switch operation {
        case .addCountdown: .addCountdown
        case .removeCountdown: .removeCountdown
        case .restoreCountdown: .restoreCountdown
        case .reviseCountdown: .reviseCountdown
        case .restoreStopwatch: .restoreStopwatch
        case .pauseCountdown: .pauseCountdown
        case .resumeCountdown: .resumeCountdown
        case .addTime: .addTime
        case .restartCountdown: .restartCountdown
        case .acknowledgeCountdown: .acknowledgeCountdown
        case .silenceAll: .silenceAll
        case .advanceCountdown: .advanceCountdown
        case .clampToClock: .clampToClock
        case .startStopwatch: .startStopwatch
        case .stopStopwatch: .stopStopwatch
        case .recordLap: .recordLap
        case .resetStopwatch: .resetStopwatch
        case .addBookmark: .addBookmark
        case .removeBookmark: .removeBookmark
        case .restoreBookmark: .restoreBookmark
        case .moveBookmark: .moveBookmark
        case .setOwnTime: .setOwnTime
        case .setMemo: .setMemo
        case .cyclePacks: .cyclePacks
        }
    }
}

private struct ReplayTotals {
    var messages = 0
    var renamed = 0
    var operations: [OperationKind: Int] = [:]
}

/// One sequence of messages from a fresh state, replaying every emitted operation onto a
/// `SavedState()` as the store would, and comparing after each message.
private struct ReplaySequence {
    var random: SplitMix
    var state: AppState
    var now = origin
    /// What a store that applied every operation so far holds.
    var replay = SavedState()
    var problems: [String] = []
    /// Items made here that the "store" has not numbered yet, in the order their operations came.
    private var unnumbered: [(localID: Int, isCountdown: Bool)] = []
    private var usedLocalIDs: Set<Int> = []
    /// Every local id numbered so far: like the writer, the replay maps operations through it,
    /// since a message can still carry a local id its own assignment renames (the clock runs first).
    private var assigned: [Int: Int] = [:]
    private var nextCountdownID = 1
    private var nextBookmarkID = 1

    init(seed: UInt64) {
        random = SplitMix(seed: seed)
        state = AppState(size: Size(width: 100, height: 30), now: origin, catalog: testCatalog)
        state.focus = Panel.allCases.randomElement(using: &random)!
        let interval = [1, 3, 10].randomElement(using: &random)!
        state.timers.bellInterval = .seconds(interval)
        state.timers.alarmCap = .seconds(Int.random(in: interval ... 300, using: &random))
    }

    mutating func run(totals: inout ReplayTotals) {
        guard state.saved == replay else {
            problems.append("a fresh state does not store as SavedState()")
            return
        }
        for step in 0 ..< Int.random(in: 20 ... 80, using: &random) {
            for (message, gap) in nextMessages() {
                now = now.advanced(by: gap)
                deliver(message, step: step, totals: &totals)
                if !problems.isEmpty { return }
            }
        }
    }

    private mutating func deliver(_ message: Msg, step: Int, totals: inout ReplayTotals) {
        totals.messages += 1
        if case .idsAssigned(let ids) = message {
            totals.renamed += ids.count
            assigned.merge(ids) { $1 }
            // The store's rows carry the numbers from now on.
            for index in replay.countdowns.indices { replay.countdowns[index].id = ids[replay.countdowns[index].id] ?? replay.countdowns[index].id }
            for index in replay.bookmarks.indices { replay.bookmarks[index].id = ids[replay.bookmarks[index].id] ?? replay.bookmarks[index].id }
        }
        let effects = update(&state, message, at: now)
        for effect in effects {
            guard case .store(let operation) = effect else { continue }
            totals.operations[OperationKind(operation), default: 0] += 1
            if let localID = operation.localID {
                if localID >= 0 || usedLocalIDs.contains(localID) { problems.append("step \(step) \(message): local id \(localID) is not new and negative") }
                usedLocalIDs.insert(localID)
                unnumbered.append((localID, { if case .addCountdown = operation { true } else { false } }()))
            }
            operation.mappingIDs(assigned).apply(to: &replay)
        }
        let saved = state.saved
        guard saved != replay else { return }
        problems.append("step \(step) \(message) at +\(origin.instant.duration(to: now.instant)), effects \(effects):\n  state  \(saved)\n  replay \(replay)")
    }

    // MARK: Messages

    private static let keys: [Key] = {
        var all: [Key] = []
        func add(_ key: Key) { if !all.contains(key) { all.append(key) } }
        for binding in Keymap.bindings { binding.keys.forEach(add) }
        [Key.enter, .escape, .backspace, .up, .down, .shiftUp, .shiftDown, .home, .end, .control("s"), .control("u")].forEach(add)
        return all
    }()

    private static let printable: [Character] = Array("0123456789 :smh.tea신라면🍜[]") + ["e\u{301}"]

    private mutating func nextMessages() -> [(Msg, Duration)] {
        switch Int.random(in: 0 ..< 100, using: &random) {
        case 0 ..< 30:
            return [(.keyPressed(Self.keys.randomElement(using: &random)!), keyGap())]
        case 30 ..< 38:
            return [(.keyPressed(.character(Self.printable.randomElement(using: &random)!)), keyGap())]
        case 38 ..< 60:
            return macro()
        case 60 ..< 82:
            return [(.ticked, tickGap())]
        case 82 ..< 88:
            return assignIDs()
        case 88 ..< 91:
            let ids = state.bookmarks.items.map(\.id) + [0, 99]
            return [(.memoEditedExternally(bookmarkID: ids.randomElement(using: &random)!, text: ["soft", "[00:10] stir\n", "a\u{0}b"].randomElement(using: &random)!, problem: nil), keyGap())]
        case 91 ..< 94:
            return [([Msg.saveFailed("disk full"), .saveRecovered, .storeProblem("locked"), .resumed].randomElement(using: &random)!, keyGap())]
        case 94 ..< 97:
            return [(.resized(Size(width: Int.random(in: 0 ... 200, using: &random), height: Int.random(in: 0 ... 60, using: &random))), keyGap())]
        default:
            return [(.signalReceived([.terminalStop, .hangup, .interrupt, .terminate].randomElement(using: &random)!), keyGap())]
        }
    }

    /// Keys a person types together, so the actions that make and edit things come often.
    private mutating func macro() -> [(Msg, Duration)] {
        let keys: [Key]
        switch Int.random(in: 0 ..< 9, using: &random) {
        case 0, 1:
            let seconds = Int.random(in: 1 ... 120, using: &random)
            keys = [.escape, .character("2"), .character("n")] + "\(seconds)s tea".map { Key.character($0) } + [.enter]
        case 2:
            keys = [.escape, .character("3"), .character("a")] + (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in .down } + [.enter, .escape]
        case 3:
            keys = [.escape, .character("3"), .character("e"), .control("u")] + "\(Int.random(in: 1 ... 5, using: &random)):0\(Int.random(in: 0 ... 9, using: &random))".map { Key.character($0) } + [.enter]
        case 4:
            keys = [.escape, .character("3"), .character("m"), .end] + "[00:0\(Int.random(in: 0 ... 9, using: &random))] stir".map { Key.character($0) } + [.control("s")]
        case 5:
            keys = [.escape, .character("3"), .enter]
        case 6:
            keys = [.escape, .character("2")] + (0 ..< Int.random(in: 1 ... 4, using: &random)).map { _ in
                [Key.character("x"), .character("u"), .character("u"), .character("+"), .character("-"), .character("r"), .space, .enter, .up, .down]
                    .randomElement(using: &random)!
            }
        case 7:
            keys = [.escape, .character("3")] + (0 ..< Int.random(in: 1 ... 4, using: &random)).map { _ in
                [Key.character("d"), .character("u"), .character("u"), .character("K"), .character("J"), .character("p"), .up, .down]
                    .randomElement(using: &random)!
            }
        default:
            keys = [.escape, .character("1")] + (0 ..< Int.random(in: 1 ... 4, using: &random)).map { _ in
                [Key.space, .character("l"), .character("l"), .character("r")].randomElement(using: &random)!
            }
        }
        return keys.map { (.keyPressed($0), Int.random(in: 0 ..< 3, using: &random) == 0 ? smallGap() : .zero) }
    }

    /// The writer stored the oldest few new items: each gets the next id of its table, in order.
    private mutating func assignIDs() -> [(Msg, Duration)] {
        guard !unnumbered.isEmpty else { return [(.ticked, smallGap())] }
        let count = Int.random(in: 1 ... unnumbered.count, using: &random)
        var ids: [Int: Int] = [:]
        for item in unnumbered.prefix(count) {
            if item.isCountdown {
                ids[item.localID] = nextCountdownID
                nextCountdownID += 1
            } else {
                ids[item.localID] = nextBookmarkID
                nextBookmarkID += 1
            }
        }
        unnumbered.removeFirst(count)
        return [(.idsAssigned(ids), smallGap())]
    }

    private mutating func keyGap() -> Duration {
        Bool.random(using: &random) ? .zero : smallGap()
    }

    private mutating func smallGap() -> Duration {
        .nanoseconds(Int64.random(in: 0 ... 2_000_000_000, using: &random))
    }

    private mutating func tickGap() -> Duration {
        switch Int.random(in: 0 ..< 10, using: &random) {
        case 0 ..< 3: smallGap()
        case 3 ..< 7: .milliseconds(Int64.random(in: 0 ... 60_000, using: &random))
        default: .milliseconds(Int64.random(in: 0 ... 400_000, using: &random))
        }
    }
}

@Suite("Store operations: ids the store assigns")
struct IDsAssignedTests {
    @Test("idsAssigned renames countdowns, bookmarks, both selections and undo slots, and the own-time prompt; later operations carry the stored ids")
    func renamesEverywhere() {
        var state = catalogState()
        press(.character("a"), &state, at: 0)
        #expect(press(.enter, &state, at: 0) == [.store(.addBookmark(localID: -1, catalogID: "shin-ramyun"))])
        press(.down, &state, at: 0)
        #expect(press(.enter, &state, at: 0) == [.store(.addBookmark(localID: -2, catalogID: "jin-ramen"))])
        press(.escape, &state, at: 0)
        #expect(press(.enter, &state, at: 0) == [.store(.addCountdown(localID: -3, label: "Jin Ramen", total: nanoseconds(240), deadline: wall(240), steps: [], cuedSteps: 0))])
        press(.character("2"), &state, at: 0)
        press(.character("n"), &state, at: 0)
        type("5m tea", &state, at: 0)
        #expect(press(.enter, &state, at: 0) == [.store(.addCountdown(localID: -4, label: "tea", total: nanoseconds(300), deadline: wall(300), steps: [], cuedSteps: 0))])
        #expect(press(.character("x"), &state, at: 0) == [.store(.removeCountdown(id: -4))])
        press(.character("3"), &state, at: 0)
        #expect(press(.character("d"), &state, at: 0) == [.store(.removeBookmark(id: -2))])
        press(.character("e"), &state, at: 0)
        guard case .ownTime(-1, let text) = state.overlay else {
            Issue.record("no own-time prompt for the bookmark: \(String(describing: state.overlay))")
            return
        }

        #expect(update(&state, .idsAssigned([-1: 10, -2: 11, -3: 20, -4: 21, -99: 5]), at: at(1)) == [])
        #expect(state.bookmarks.items.map(\.id) == [10])
        #expect(state.bookmarks.selectedID == 10)
        #expect(state.timers.countdowns.map(\.id) == [20])
        #expect(state.timers.selectedID == 20)
        #expect(state.overlay == .ownTime(bookmarkID: 10, text: text))

        press(.control("u"), &state, at: 1)
        type("4:00", &state, at: 1)
        #expect(press(.enter, &state, at: 1) == [.store(.setOwnTime(id: 10, ownTime: nanoseconds(240)))])
        // Undo goes back through all of it, under the stored ids.
        #expect(press(.character("u"), &state, at: 1) == [.store(.setOwnTime(id: 10, ownTime: nil))])
        #expect(press(.character("u"), &state, at: 1) == [.store(.restoreBookmark(SavedBookmark(id: 11, catalogID: "jin-ramen"), position: 1))])
        #expect(state.bookmarks.items.map(\.id) == [10, 11])
        #expect(state.bookmarks.selectedID == 11)
        press(.character("2"), &state, at: 1)
        #expect(press(.character("u"), &state, at: 1) == [.store(.restoreCountdown(SavedCountdown(
            id: 21, label: "tea", total: nanoseconds(300), state: .running, deadline: wall(300), remaining: nil
        )))])
        #expect(state.timers.countdowns.map(\.id) == [20, 21])
        #expect(press(.space, &state, at: 2) == [.store(.pauseCountdown(id: 21, at: wall(2)))])
        // Ids made after the renaming go on from the last local one.
        press(.character("n"), &state, at: 2)
        type("1m", &state, at: 2)
        #expect(press(.enter, &state, at: 2) == [.store(.addCountdown(localID: -5, label: "", total: nanoseconds(60), deadline: wall(62), steps: [], cuedSteps: 0))])
    }

    @Test("idsAssigned renames the bookmark an open memo editor saves to, keeping what was typed")
    func renamesMemoEditor() {
        var state = catalogState()
        press(.character("a"), &state, at: 0)
        press(.enter, &state, at: 0)
        press(.escape, &state, at: 0)
        press(.character("m"), &state, at: 0)
        type("soft", &state, at: 0)
        guard case .memo(let before) = state.overlay else {
            Issue.record("no memo editor: \(String(describing: state.overlay))")
            return
        }
        #expect(before.bookmarkID == -1)
        #expect(update(&state, .idsAssigned([-1: 7]), at: at(1)) == [])
        guard case .memo(let after) = state.overlay else {
            Issue.record("the memo editor closed: \(String(describing: state.overlay))")
            return
        }
        #expect(after.bookmarkID == 7)
        #expect(after.lines == before.lines && after.cursorLine == before.cursorLine && after.cursorColumn == before.cursorColumn)
        #expect(press(.control("s"), &state, at: 1) == [.store(.setMemo(id: 7, memo: "soft"))])
        #expect(state.bookmarks.items.map(\.memo) == ["soft"])
    }

    @Test("an assignment for ids not here, or a second one for ids already renamed, changes nothing")
    func unknownIDs() {
        var state = catalogState()
        press(.character("a"), &state, at: 0)
        press(.enter, &state, at: 0)
        press(.escape, &state, at: 0)
        _ = update(&state, .idsAssigned([-1: 3]), at: at(1))
        let renamed = state
        #expect(update(&state, .idsAssigned([-1: 4, -7: 8]), at: at(1)) == [])
        #expect(state == renamed)
        #expect(state.bookmarks.items.map(\.id) == [3])
    }
}
