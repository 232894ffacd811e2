/// The one place state changes. Every message, with the moment it is handled,
/// turns the state into its next value and yields the effects the app must perform.
public func update(_ state: inout AppState, _ msg: Msg, at now: Now) -> [Effect] {
    state.now = now
    expireStatus(&state)
    let ringingBefore = state.timers.ringingIDs
    let alerts = advanceTimers(&state)
    let effects = handle(msg, &state)
    state.timers.noteAcknowledged(at: now.instant)
    return inPerformingOrder(alerts + effects + alarmsEnded(since: ringingBefore, state))
}

/// Whatever stopped them, countdowns that rang before this message and no longer do: one place
/// sees every way an alarm ends, so no channel (sound, notification) is left behind.
private func alarmsEnded(since before: Set<Int>, _ state: AppState) -> [Effect] {
    guard !before.isEmpty else { return [] }
    let ended = before.subtracting(state.timers.ringingIDs)
    return ended.isEmpty ? [] : [.alarmsEnded(ids: ended.sorted(), quiet: !state.timers.isAnyRinging)]
}

/// The bell first, so nothing delays it; everything else in the order it was asked for, so the
/// store applies a message's operations in the order they happened.
private func inPerformingOrder(_ effects: [Effect]) -> [Effect] {
    guard effects.count > 1, let first = effects.firstIndex(of: .bell) else { return effects }
    return [.bell] + effects.enumerated().compactMap { $0.offset != first && $0.element != .bell ? $0.element : nil }
}

private func handle(_ msg: Msg, _ state: inout AppState) -> [Effect] {
    switch msg {
    case .ticked:
        return []
    case .resized(let size):
        state.size = size
        return []
    case .resumed:
        return [.repaint]
    case .doneHookFailed(let reason), .storeProblem(let reason):
        state.status = StatusMessage(reason, tone: .error, shownAt: state.now.instant)
        return []
    case .saveFailed(let reason):
        // The header says it until the writes go through (see HeaderView).
        state.unsavedReason = reason
        return []
    case .saveRecovered:
        state.unsavedReason = nil
        state.quitWarnedAt = nil
        state.status = StatusMessage("Saved again: everything on screen is stored", shownAt: state.now.instant)
        return []
    case .lapsExported(let path, let problem):
        if let path {
            state.status = StatusMessage("Laps written to \(path)", shownAt: state.now.instant, lifetime: .seconds(10))
        } else {
            state.status = StatusMessage("Laps not written: \(problem ?? "unknown reason")", tone: .error, shownAt: state.now.instant, lifetime: .seconds(10))
        }
        return []
    case .themeApplied(let name, let problem, let keptIn):
        let kept = keptIn.map { ", kept in " + ($0.split(separator: "/").last.map(String.init) ?? $0) } ?? ""
        state.status = problem.map { StatusMessage($0, tone: .error, shownAt: state.now.instant, lifetime: .seconds(10)) }
            ?? StatusMessage("Theme: \(name)\(kept) (T for the next)", shownAt: state.now.instant)
        return []
    case .storeChanged(let saved):
        return state.restore(saved, reason: .sharedChange)
    case .zoneRulesRead(let zone):
        state.zone = zone
        return []
    case .noticeAnswered(let id, let answer):
        return answerNotice(id, answer, &state)
    case .alarmChannelFailed(let reason):
        state.status = StatusMessage(reason, tone: .error, shownAt: state.now.instant, lifetime: .seconds(30))
        return []
    case .idsAssigned(let ids):
        state.renameIDs(ids)
        return []
    case .memoEditedExternally(let id, let text, let problem):
        return memoEditedExternally(&state, bookmarkID: id, text: text, problem: problem)
    case .signalReceived(.terminalStop):
        return [.suspend]
    case .signalReceived(let signal):
        return [.quit(exitCode: 128 + signal.rawValue)]
    case .keyPressed(let key):
        if let overlay = state.overlay {
            return overlayKeyPressed(&state, overlay, key)
        }
        guard let action = Keymap.action(for: key, focus: state.focus, ringing: state.timers.isAnyRinging) else {
            return keyForAnotherPanel(key, &state)
        }
        return perform(action, on: &state)
    }
}

/// A notification's button does what its key does, to the countdown it is about, while that
/// countdown still rings: a click on a notification another window already answered does nothing.
private func answerNotice(_ id: Int, _ answer: NoticeAnswer, _ state: inout AppState) -> [Effect] {
    guard state.timers.ringingIDs.contains(id) else { return [] }
    state.timers.select(id: id)
    switch answer {
    case .stop: return perform(.timerAcknowledgePressed, on: &state)
    case .addMinute: return perform(.timerMinuteAdded, on: &state)
    case .snooze: return perform(.snoozePressed, on: &state)
    }
}

/// A key the focused panel does not use: a new countdown is unambiguous, so `n` starts one from
/// anywhere; any other key says where it works rather than doing nothing without a word.
private func keyForAnotherPanel(_ key: Key, _ state: inout AppState) -> [Effect] {
    let elsewhere = Keymap.panels(using: key).filter { $0 != state.focus }
    guard !elsewhere.isEmpty else { return [] }
    if elsewhere == [.timers], Keymap.action(for: key, focus: .timers) == .newTimerPressed {
        state.focus = .timers
        return perform(.newTimerPressed, on: &state)
    }
    let places = elsewhere.map { "\($0.title) (\($0.rawValue + 1))" }.joined(separator: " and ")
    state.say("\(key.label) works in \(places)", tone: .hint)
    return []
}

/// q or Ctrl-C, from anywhere. While stores are failing the first press only warns (the writer
/// keeps retrying): quitting would lose what the screen shows. Pressed again within the
/// warning's 10 s it quits all the same, with status 1 to say that something was not stored.
func quitPressed(_ state: inout AppState) -> [Effect] {
    guard state.isUnsaved else { return [.quit(exitCode: 0)] }
    let now = state.now.instant
    if isQuitWarningShown(state) { return [.quit(exitCode: 1)] }
    state.quitWarnedAt = now
    state.status = StatusMessage("Not saved yet: q again quits and loses what is not stored", tone: .error, shownAt: now, lifetime: quitWarningLifetime)
    return []
}

private let quitWarningLifetime: Duration = .seconds(10)

private func isQuitWarningShown(_ state: AppState) -> Bool {
    state.quitWarnedAt.map { state.now.instant < $0.advanced(by: quitWarningLifetime) } ?? false
}

/// What the desktop is told about `countdown`.
private func notice(_ countdown: Countdown, _ kind: AlarmNotice.Kind, _ state: AppState) -> AlarmNotice {
    let name = countdown.label.isEmpty ? "Countdown" : countdown.label
    let total = DurationFormat.countdown(countdown.total)
    let left = countdown.remaining(at: state.now.instant)
    let (title, body): (String, String) = switch kind {
    case .finished: ("\(name) is done", "\(total) finished")
    case .stillRinging: ("\(name) is done", "\(total) finished, ringing for " + DurationFormat.overtime(.zero - left).trimmingPrefix("-"))
    case .warning: ("\(name): \(DurationFormat.countdown(left)) left", "\(total) countdown, finishing soon")
    }
    return AlarmNotice(countdownID: countdown.id, kind: kind, title: title, body: body, snooze: state.timers.snooze)
}

/// Countdowns run whatever is focused: every message first brings them up to now.
func advanceTimers(_ state: inout AppState) -> [Effect] {
    let now = state.now.instant
    let bellWasDue = state.timers.nextBell.map { $0 <= now } ?? false
    var effects: [Effect] = []
    let happened = state.timers.advance(to: now)
    // One operation per countdown, with where it ended up: the phase and the steps cued.
    var advanced: [Int: Countdown] = [:]
    var advancedOrder: [Int] = []
    for (countdown, event) in happened {
        // A warning changes nothing stored.
        if event != .warned, advanced.updateValue(countdown, forKey: countdown.id) == nil { advancedOrder.append(countdown.id) }
        switch event {
        case .finished:
            effects += [
                .bell,
                .notify(notice(countdown, .finished, state)),
                .runDoneHook(label: countdown.label, duration: countdown.total, overtime: max(.zero, .zero - countdown.remaining(at: now))),
            ]
        case .reachedStep(let index):
            if !effects.contains(.stepCue) { effects.append(.stepCue) }
            let name = countdown.label.isEmpty ? "Countdown" : countdown.label
            state.status = StatusMessage("\(name): \(countdown.steps[index].text)", shownAt: now)
        case .warned:
            if !effects.contains(.stepCue) { effects.append(.stepCue) }
            let warning = notice(countdown, .warning, state)
            effects.append(.notify(warning))
            state.status = StatusMessage(warning.title, shownAt: now)
        case .becameMissed:
            break
        }
    }
    if !effects.contains(.bell) && bellWasDue && state.timers.isAnyRinging {
        effects.append(.bell)
        // The notification is brought up to date, not stacked: it says how long it has rung.
        effects += state.timers.ringing.map { .notify(notice($0, .stillRinging, state)) }
    }
    // Cleared on their own: not undoable, as nobody did it; every window clears them alike.
    effects += state.timers.clearAcknowledged(at: now).map { .store(.removeCountdown(id: $0.id)) }
    for id in advancedOrder {
        guard let countdown = advanced[id] else { continue }
        let stored = state.saved(countdown)
        guard let deadline = stored.deadline else { continue }
        effects.append(.store(.advanceCountdown(id: id, deadline: deadline, state: stored.state, cuedSteps: stored.cuedSteps)))
    }
    return effects
}

private func expireStatus(_ state: inout AppState) {
    if let status = state.status, status.expires <= state.now.instant {
        state.status = nil
    }
}

func perform(_ action: Action, on state: inout AppState) -> [Effect] {
    let now = state.now.instant
    switch action {
    case .quitPressed:
        return quitPressed(&state)
    case .helpToggled:
        state.overlay = .help(scroll: 0)
    case .redrawPressed:
        return [.repaint]
    case .themeCyclePressed:
        return [.nextTheme]
    case .suspendPressed:
        return [.suspend]
    case .focusNextPressed:
        state.focus = state.focus.next
    case .focusPreviousPressed:
        state.focus = state.focus.previous
    case .focusPressed(let panel):
        state.focus = panel
    case .stopwatchStartStopPressed:
        let at = state.clock.wall(of: now)
        if state.stopwatch.isRunning {
            state.stopwatch.stop(at: now)
            state.say("Stopwatch stopped at " + state.display.stopwatch(state.stopwatch.accumulated))
            return [.store(.stopStopwatch(at: at))]
        }
        state.say(state.stopwatch.isPaused ? "Stopwatch resumed" : "Stopwatch started")
        state.stopwatch.start(at: now)
        return [.store(.startStopwatch(at: at))]
    case .stopwatchLapPressed:
        guard state.stopwatch.isRunning else {
            state.status = StatusMessage("Laps are recorded while running: Space starts", tone: .hint, shownAt: now)
            return []
        }
        state.stopwatch.lap(at: now)
        state.lapScroll = 0
        let laps = state.stopwatch.laps
        state.say("Lap \(laps.count) " + state.display.stopwatch(laps.time(of: laps.count - 1)))
        return [.store(.recordLap(at: state.clock.wall(of: now)))]
    case .stopwatchResetPressed:
        if state.stopwatch.isRunning {
            state.status = StatusMessage("Stop with Space first, then r resets", tone: .hint, shownAt: now)
            return []
        }
        guard state.stopwatch.isPaused else { return [] }
        let before = state.saved
        state.stopwatch.reset()
        state.lapScroll = 0
        return state.changed("Reset the stopwatch", by: [.resetStopwatch], before: before, remindUndo: true)
    case .lapListScrolledUp:
        state.lapScroll = max(0, state.lapScroll - 1)
    case .lapListScrolledDown:
        state.lapScroll = min(max(0, state.lapRowCount - 1), state.lapScroll + 1)
    case .lapListScrolledToNewest:
        state.lapScroll = 0
    case .lapsExportPressed:
        guard !state.stopwatch.laps.isEmpty else {
            state.status = StatusMessage("No laps to export yet: l records one while running", tone: .hint, shownAt: now)
            return []
        }
        return [.exportLaps(csv: LapsExport.csv(state.stopwatch.laps))]
    case .newTimerPressed:
        state.overlay = .newTimer(text: "")
    case .zoomPressed:
        guard state.featuredCountdownIndex != nil else {
            state.status = StatusMessage("No countdown to show full screen: n starts one in Timers (2)", tone: .hint, shownAt: now)
            return []
        }
        state.overlay = .zoom
    case .timerSelectionMovedUp:
        state.timers.moveSelection(by: -1)
    case .timerSelectionMovedDown:
        state.timers.moveSelection(by: 1)
    case .catalogOpened, .bookmarkSelectionMovedUp, .bookmarkSelectionMovedDown, .bookmarkMovedUp, .bookmarkMovedDown,
         .bookmarkCountdownStartPressed, .bookmarkOwnTimeEditPressed, .bookmarkMemoEditPressed,
         .bookmarkMemoExternalEditPressed, .bookmarkPacksCycled, .bookmarkRemovePressed:
        return performBookmarkAction(action, on: &state)
    case .undoPressed:
        return state.undo() + advanceTimers(&state)
    case .redoPressed:
        return state.redo() + advanceTimers(&state)
    case .timerAcknowledgePressed, .silenceAllPressed:
        let operations = stopAlarms(action, &state)
        return operations.map(Effect.store)
    case .timerPauseResumePressed, .timerMinuteAdded, .timerMinuteTakenOff, .timerRestartPressed, .timerRemovePressed,
         .finishedClearPressed, .snoozePressed:
        // Stored before what the clock does next: a minute taken off can finish a countdown now,
        // which must ring now, and its ringing applies to the deadline the change set.
        return changeTimers(action, &state) + advanceTimers(&state)
    }
    return []
}

/// Enter (the selected ringing countdown, else the first) or s (every one).
private func stopAlarms(_ action: Action, _ state: inout AppState) -> [StoreOperation] {
    if action == .silenceAllPressed {
        let ringing = state.timers.ringingCount
        guard state.timers.silenceAll() else { return [] }
        state.say(ringing == 1 ? "Silenced 1 alarm" : "Silenced \(ringing) alarms")
        return [.silenceAll]
    }
    guard let id = state.timers.acknowledgeSelectedOrFirstRinging() else { return [] }
    let name = state.timers.countdowns.first { $0.id == id }?.displayName ?? "the countdown"
    state.say("Stopped \(name)'s alarm")
    return [.acknowledgeCountdown(id: id)]
}

/// Changes the countdowns as `action` says, says what changed, keeps what undoes it, and returns
/// the effects that store exactly what changed.
private func changeTimers(_ action: Action, _ state: inout AppState) -> [Effect] {
    let now = state.now.instant
    let at = state.clock.wall(of: now)
    let before = state.saved
    /// The change to the selected countdown, when `change` changed it.
    func changeSelected(_ change: (inout Countdown) -> Void, _ operation: (Countdown) -> StoreOperation,
                        said: (_ before: Countdown, _ after: Countdown) -> String) -> [Effect] {
        guard let (old, new) = state.timers.changeSelected(change), old != new else { return [] }
        return state.changed(said(old, new), by: [operation(old)], before: before)
    }
    func left(_ countdown: Countdown) -> String { DurationFormat.countdown(countdown.remaining(at: now)) }
    switch action {
    case .timerPauseResumePressed:
        return changeSelected({ countdown in
            if countdown.isRunning { countdown.pause(at: now) } else { countdown.resume(at: now) }
        }, { old in old.isRunning ? .pauseCountdown(id: old.id, at: at) : .resumeCountdown(id: old.id, at: at) },
        said: { old, new in (old.isRunning ? "Paused " : "Resumed ") + new.displayName + ", " + left(new) + " left" })
    case .timerMinuteAdded:
        return changeSelected({ $0.add(.seconds(60), at: now) }, { .addTime(id: $0.id, amount: 60_000_000_000, at: at) },
                              said: { old, new in
            old.hasFinished ? "Snoozed \(new.displayName): rings again in " + left(new) : "\(new.displayName) +1:00, " + left(new) + " left"
        })
    case .timerMinuteTakenOff:
        return changeSelected({ $0.add(.seconds(-60), at: now) }, { .addTime(id: $0.id, amount: -60_000_000_000, at: at) },
                              said: { _, new in new.hasFinished ? "\(new.displayName) -1:00: finished" : "\(new.displayName) -1:00, " + left(new) + " left" })
    case .timerRestartPressed:
        return changeSelected({ $0.restart(at: now) }, { .restartCountdown(id: $0.id, at: at) },
                              said: { _, new in "Restarted \(new.displayName) " + DurationFormat.countdown(new.total) })
    case .timerRemovePressed:
        guard let removed = state.timers.removeSelected() else { return [] }
        return state.changed("Removed \(removed.displayName)", by: [.removeCountdown(id: removed.id)], before: before, remindUndo: true)
    case .snoozePressed:
        // The alarm Enter would stop, from any panel: selected for the change, as + would change it.
        guard let ringing = state.timers.nextToAcknowledge else { return [] }
        state.timers.select(id: ringing.id)
        let amount = state.timers.snooze
        return changeSelected({ $0.add(amount, at: now) }, { .addTime(id: $0.id, amount: amount.nanoseconds, at: at) },
                              said: { _, new in "Snoozed \(new.displayName): rings again in " + left(new) })
    case .finishedClearPressed:
        let cleared = state.timers.removeFinished()
        guard !cleared.isEmpty else {
            let ringing = state.timers.ringingCount
            state.say(ringing > 0 ? "Nothing finished to clear: Enter stops what rings first" : "Nothing finished to clear", tone: .hint)
            return []
        }
        let what = cleared.count == 1 ? "Cleared \(cleared[0].displayName)" : "Cleared \(cleared.count) finished countdowns"
        return state.changed(what, by: cleared.map { .removeCountdown(id: $0.id) }, before: before, remindUndo: true)
    default:
        return []
    }
}
