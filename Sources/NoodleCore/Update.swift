/// The one place state changes. Every message, with the moment it is handled,
/// turns the state into its next value and yields the effects the app must perform.
public func update(_ state: inout AppState, _ msg: Msg, at now: Now) -> [Effect] {
    state.now = now
    expireStatus(&state)
    switch msg {
    case .ticked:
        return []
    case .resized(let size):
        state.size = size
        return []
    case .resumed:
        return [.repaint]
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

private func expireStatus(_ state: inout AppState) {
    if let status = state.status, status.expires <= state.now.instant {
        state.status = nil
    }
}

private func overlayKeyPressed(_ state: inout AppState, _ overlay: Overlay, _ key: Key) -> [Effect] {
    switch overlay {
    case .help(let scroll):
        // The overlay's box leaves a row of screen and a row of frame above and below its text;
        // scrolling stops where the last line shows, so no key press is ever spent on nothing.
        let visible = max(1, state.size.height - 4)
        let lastScroll = max(0, Keymap.helpLineCount - visible)
        defer {
            if case .help(let wanted) = state.overlay { state.overlay = .help(scroll: min(wanted, lastScroll)) }
        }
        switch key {
        case .escape, .character("?"), .character("q"), .function(1):
            state.overlay = nil
        case .up, .character("k"):
            state.overlay = .help(scroll: max(0, scroll - 1))
        case .down, .character("j"):
            state.overlay = .help(scroll: scroll + 1)
        case .pageUp:
            state.overlay = .help(scroll: max(0, scroll - 10))
        case .pageDown, .space:
            state.overlay = .help(scroll: scroll + 10)
        case .home:
            state.overlay = .help(scroll: 0)
        case .control("c"):
            return [.save, .quit(exitCode: 0)]
        default:
            break
        }
        return []
    }
}

private func perform(_ action: Action, on state: inout AppState) -> [Effect] {
    let now = state.now.instant
    switch action {
    case .quitPressed:
        return [.save, .quit(exitCode: 0)]
    case .helpToggled:
        state.overlay = .help(scroll: 0)
    case .redrawPressed:
        return [.repaint]
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
    }
    return []
}
