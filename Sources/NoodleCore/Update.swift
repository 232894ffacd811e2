/// The one place state changes. Every message, with the moment it is handled,
/// turns the state into its next value and yields the effects the app must perform.
public func update(_ state: inout AppState, _ msg: Msg, at now: Now) -> [Effect] {
    state.now = now
    expireStatus(&state)
    let alerts = advanceTimers(&state)
    return inPerformingOrder(alerts + handle(msg, &state))
}

/// The bell first, so nothing delays it, and one save, last, after everything it should keep:
/// a message can both advance the countdowns and change them again (a minute taken off past zero).
private func inPerformingOrder(_ effects: [Effect]) -> [Effect] {
    guard effects.count > 1 else { return effects }
    var ordered: [Effect] = effects.contains(.bell) ? [.bell] : []
    var saves = false
    for effect in effects {
        switch effect {
        case .bell: continue
        case .save: saves = true
        default: ordered.append(effect)
        }
    }
    if saves {
        // A quit or suspend still comes after the save that keeps the work.
        let leaving = ordered.firstIndex { if case .quit = $0 { true } else { $0 == .suspend } } ?? ordered.endIndex
        ordered.insert(.save, at: leaving)
    }
    return ordered
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
    case .doneHookFailed(let reason), .sharedChangesUnreadable(let reason):
        state.status = StatusMessage(reason, tone: .error, shownAt: state.now.instant)
        return []
    case .saveFailed(let reason):
        state.isUnsaved = true
        // q's warning says the same and what to do about it: it stays for its few seconds.
        guard !isQuitWarningShown(state) else { return [] }
        // Shown until a save goes through: work that is not stored must not look as if it were.
        state.status = StatusMessage(reason, tone: .error, shownAt: state.now.instant, lifetime: .seconds(86_400))
        return []
    case .saveRecovered:
        state.isUnsaved = false
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
    case .themeApplied(let name, let problem):
        state.status = problem.map { StatusMessage($0, tone: .error, shownAt: state.now.instant, lifetime: .seconds(10)) }
            ?? StatusMessage("Theme: \(name) (T for the next)", shownAt: state.now.instant)
        return []
    case .storeChanged(let saved):
        return state.restore(saved, reason: .sharedChange)
    case .memoEditedExternally(let id, let text, let problem):
        return memoEditedExternally(&state, bookmarkID: id, text: text, problem: problem)
    case .signalReceived(.terminalStop):
        return [.save, .suspend]
    case .signalReceived(let signal):
        return [.save, .quit(exitCode: 128 + signal.rawValue)]
    case .keyPressed(let key):
        if let overlay = state.overlay {
            return overlayKeyPressed(&state, overlay, key)
        }
        guard let action = Keymap.action(for: key, focus: state.focus) else { return [] }
        return perform(action, on: &state)
    }
}

/// q or Ctrl-C, from anywhere. While saves are failing the first press only warns and tries
/// once more: quitting would lose what the screen shows. Pressed again within the warning's
/// 10 s it quits all the same, with status 1 to say that something was not stored.
func quitPressed(_ state: inout AppState) -> [Effect] {
    guard state.isUnsaved else { return [.save, .quit(exitCode: 0)] }
    let now = state.now.instant
    if isQuitWarningShown(state) { return [.save, .quit(exitCode: 1)] }
    state.quitWarnedAt = now
    state.status = StatusMessage("Not saved yet: q again quits and loses what is not stored", tone: .error, shownAt: now, lifetime: quitWarningLifetime)
    return [.save]
}

private let quitWarningLifetime: Duration = .seconds(10)

private func isQuitWarningShown(_ state: AppState) -> Bool {
    state.quitWarnedAt.map { state.now.instant < $0.advanced(by: quitWarningLifetime) } ?? false
}

/// Countdowns run whatever is focused: every message first brings them up to now.
func advanceTimers(_ state: inout AppState) -> [Effect] {
    let now = state.now.instant
    let bellWasDue = state.timers.nextBell.map { $0 <= now } ?? false
    var effects: [Effect] = []
    let happened = state.timers.advance(to: now)
    for (countdown, event) in happened {
        switch event {
        case .finished:
            let name = countdown.label.isEmpty ? "Countdown" : countdown.label
            let total = DurationFormat.countdown(countdown.total)
            effects += [
                .bell,
                .notify(title: "\(name) is done", body: "\(total) finished"),
                .runDoneHook(label: countdown.label, duration: countdown.total, overtime: max(.zero, .zero - countdown.remaining(at: now))),
            ]
        case .reachedStep(let index):
            if !effects.contains(.stepCue) { effects.append(.stepCue) }
            let name = countdown.label.isEmpty ? "Countdown" : countdown.label
            state.status = StatusMessage("\(name): \(countdown.steps[index].text)", shownAt: now)
        case .becameMissed:
            break
        }
    }
    if !effects.contains(.bell) && bellWasDue && state.timers.isAnyRinging { effects.append(.bell) }
    // A phase or step that changed is worth keeping.
    return happened.isEmpty ? effects : effects + [.save]
}

private func expireStatus(_ state: inout AppState) {
    if let status = state.status, status.expires <= state.now.instant {
        state.status = nil
    }
}

private func perform(_ action: Action, on state: inout AppState) -> [Effect] {
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
        return [.save, .suspend]
    case .focusNextPressed:
        state.focus = state.focus.next
    case .focusPreviousPressed:
        state.focus = state.focus.previous
    case .focusPressed(let panel):
        state.focus = panel
    case .stopwatchStartStopPressed:
        if state.stopwatch.isRunning {
            state.stopwatch.stop(at: now)
        } else {
            state.stopwatch.start(at: now)
        }
        return [.save]
    case .stopwatchLapPressed:
        guard state.stopwatch.isRunning else {
            state.status = StatusMessage("Laps are recorded while running: Space starts", tone: .hint, shownAt: now)
            return []
        }
        state.stopwatch.lap(at: now)
        state.lapScroll = 0
        return [.save]
    case .stopwatchResetPressed:
        if state.stopwatch.isRunning {
            state.status = StatusMessage("Stop with Space first, then r resets", tone: .hint, shownAt: now)
            return []
        }
        guard state.stopwatch.isPaused else { return [] }
        state.stopwatch.reset()
        state.lapScroll = 0
        return [.save]
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
    case .timerSelectionMovedUp:
        state.timers.moveSelection(by: -1)
    case .timerSelectionMovedDown:
        state.timers.moveSelection(by: 1)
    case .catalogOpened, .bookmarkSelectionMovedUp, .bookmarkSelectionMovedDown, .bookmarkMovedUp, .bookmarkMovedDown,
         .bookmarkCountdownStartPressed, .bookmarkOwnTimeEditPressed, .bookmarkMemoEditPressed,
         .bookmarkMemoExternalEditPressed, .bookmarkPacksCycled, .bookmarkRemovePressed, .bookmarkUndoPressed:
        return performBookmarkAction(action, on: &state)
    case .timerPauseResumePressed, .timerMinuteAdded, .timerMinuteTakenOff, .timerRestartPressed,
         .timerRemovePressed, .timerUndoPressed, .timerAcknowledgePressed, .silenceAllPressed:
        let before = state.timers
        changeTimers(action, &state.timers, at: now)
        // A minute taken off can finish a countdown now, which must ring now.
        return advanceTimers(&state) + (state.timers != before ? [.save] : [])
    }
    return []
}

private func changeTimers(_ action: Action, _ timers: inout Timers, at now: ContinuousClock.Instant) {
    switch action {
    case .timerPauseResumePressed:
        timers.changeSelected { countdown in
            if countdown.isRunning { countdown.pause(at: now) } else { countdown.resume(at: now) }
        }
    case .timerMinuteAdded: timers.changeSelected { $0.add(.seconds(60), at: now) }
    case .timerMinuteTakenOff: timers.changeSelected { $0.add(.seconds(-60), at: now) }
    case .timerRestartPressed: timers.changeSelected { $0.restart(at: now) }
    case .timerRemovePressed: timers.removeSelected()
    case .timerUndoPressed: timers.undoRemove(at: now)
    case .timerAcknowledgePressed: timers.acknowledgeSelectedOrFirstRinging()
    case .silenceAllPressed: timers.silenceAll()
    default: break
    }
}
