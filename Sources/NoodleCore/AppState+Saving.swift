/// The state's user data in its stored form, and back. Instants become stored nanoseconds
/// through the state's one `ClockAnchor`, so a value read back converts to the same instant.
extension AppState {
    public var saved: SavedState {
        SavedState(
            bookmarks: bookmarks.items.map(saved(_:)),
            countdowns: timers.countdowns.map(saved(_:)),
            stopwatch: SavedStopwatch(
                accumulated: stopwatch.accumulated.nanoseconds,
                runningSince: stopwatch.runningSince.map(clock.wall(of:))
            ),
            laps: stopwatch.laps.totals.map(\.nanoseconds)
        )
    }

    /// Why stored data is being taken in, which decides what a passed deadline means.
    public enum RestoreReason: Sendable {
        /// noodle is starting: a deadline that passed while it was closed rings, or comes back
        /// missed once the alarm cap has passed since it (`UnattendedFinish`).
        case startup
        /// Another instance changed the database while this one ran: deadlines ring here as usual.
        case sharedChange
    }

    /// Takes stored data in. At start-up a countdown that finished while noodle was closed rings
    /// as usual when its alarm would still be ringing, which the next update does; one whose
    /// alarm cap has passed comes back missed, stored as such, and one bell says so for all of them.
    public mutating func restore(_ stored: SavedState, reason: RestoreReason) -> [Effect] {
        var saved = stored
        var clamped: [Effect] = []
        if reason == .startup {
            // Written under a wall clock that has since been set back (only possible across a
            // reboot: within one the stored clock follows the boot clock).
            let clamp = StoreOperation.clampToClock(at: clock.wall(of: now.instant))
            clamp.apply(to: &saved)
            if saved != stored { clamped = [.store(clamp)] }
        }
        let current = self.saved
        if saved.bookmarks != current.bookmarks {
            bookmarks.replaceItems(saved.bookmarks.map {
                Bookmark(id: $0.id, catalogID: $0.catalogID, ownTime: $0.ownTime.map { .nanoseconds($0) }, memo: $0.memo, packs: $0.packs)
            })
        }
        if saved.stopwatch != current.stopwatch || saved.laps != current.laps {
            stopwatch = Stopwatch(
                accumulated: .nanoseconds(saved.stopwatch.accumulated),
                runningSince: saved.stopwatch.runningSince.map(clock.instant(ofWall:)),
                laps: saved.laps == current.laps ? stopwatch.laps : Laps(totals: saved.laps.map { .nanoseconds($0) })
            )
            lapScroll = min(lapScroll, max(0, lapRowCount - 1))
        }
        var missedWhileClosed: [StoreOperation] = []
        if saved.countdowns != current.countdowns {
            let nowWall = clock.wall(of: now.instant)
            // A write made before a deadline can arrive after this instance rang it: that write
            // still says running, and taking it would ring the same run a second time.
            let finishedHere = Dictionary(
                timers.countdowns.filter(\.hasFinished).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }
            )
            let restored = saved.countdowns.map { stored -> Countdown in
                var countdown = countdown(from: stored)
                if reason == .sharedChange, stored.state == .running, let mine = finishedHere[stored.id],
                   mine.deadline.map(clock.wall(of:)) == stored.deadline {
                    countdown = Countdown(id: stored.id, label: stored.label, total: countdown.total, phase: mine.phase,
                                          steps: countdown.steps, cuedSteps: mine.cuedSteps)
                }
                if reason == .startup, case .running = stored.state, let deadline = stored.deadline,
                   UnattendedFinish(deadline: deadline, now: nowWall, alarmCap: timers.alarmCap.nanoseconds) == .missed {
                    countdown = Countdown(id: countdown.id, label: countdown.label, total: countdown.total,
                                          phase: .missed(deadline: clock.instant(ofWall: deadline)),
                                          steps: countdown.steps, cuedSteps: countdown.steps.count)
                    missedWhileClosed.append(.advanceCountdown(id: stored.id, deadline: deadline, state: .missed, cuedSteps: countdown.steps.count))
                }
                return countdown
            }
            timers.replaceCountdowns(restored, at: now.instant)
        }
        guard !missedWhileClosed.isEmpty else { return clamped }
        let what = missedWhileClosed.count == 1 ? "A countdown" : "\(missedWhileClosed.count) countdowns"
        status = StatusMessage("\(what) finished while noodle was closed", tone: .hint, shownAt: now.instant)
        return [.bell] + clamped + missedWhileClosed.map(Effect.store)
    }

    func saved(_ bookmark: Bookmark) -> SavedBookmark {
        SavedBookmark(id: bookmark.id, catalogID: bookmark.catalogID, ownTime: bookmark.ownTime?.nanoseconds, memo: bookmark.memo, packs: bookmark.packs)
    }

    /// The operation that stores a countdown just made here.
    func added(_ countdown: Countdown) -> StoreOperation {
        let stored = saved(countdown)
        return .addCountdown(localID: countdown.id, label: stored.label, total: stored.total, deadline: stored.deadline ?? clock.wall(of: now.instant),
                             steps: stored.steps, cuedSteps: stored.cuedSteps)
    }

    func saved(_ countdown: Countdown) -> SavedCountdown {
        let (state, deadline, remaining): (SavedCountdown.State, ContinuousClock.Instant?, Duration?) =
            switch countdown.phase {
            case .running(let deadline): (.running, deadline, nil)
            case .paused(let remaining): (.paused, nil, remaining)
            case .ringing(let deadline): (.ringing, deadline, nil)
            case .missed(let deadline): (.missed, deadline, nil)
            case .done(let deadline): (.done, deadline, nil)
            }
        return SavedCountdown(
            id: countdown.id, label: countdown.label, total: countdown.total.nanoseconds, state: state,
            deadline: deadline.map(clock.wall(of:)), remaining: remaining?.nanoseconds,
            steps: countdown.steps, cuedSteps: countdown.cuedSteps
        )
    }

    private func countdown(from stored: SavedCountdown) -> Countdown {
        let total = Duration.nanoseconds(max(0, stored.total))
        let phase: Countdown.Phase
        if let deadline = stored.deadline.map(clock.instant(ofWall:)), stored.state != .paused {
            switch stored.state {
            case .running: phase = .running(deadline: deadline)
            case .ringing: phase = .ringing(deadline: deadline)
            case .missed: phase = .missed(deadline: deadline)
            case .done, .paused: phase = .done(deadline: deadline)
            }
        } else {
            // Paused, or a row missing its deadline: keep the time it had left rather than invent one.
            phase = .paused(remaining: .nanoseconds(max(0, stored.remaining ?? stored.total)))
        }
        return Countdown(id: stored.id, label: stored.label, total: total, phase: phase, steps: stored.steps, cuedSteps: stored.cuedSteps)
    }
}
