/// Keys while an overlay is open: each overlay takes every key, so typing never reaches a panel.
func overlayKeyPressed(_ state: inout AppState, _ overlay: Overlay, _ key: Key) -> [Effect] {
    switch overlay {
    case .catalog(let picker):
        return catalogKeyPressed(&state, picker, key)
    case .ownTime(let id, let field):
        return ownTimeKeyPressed(&state, bookmarkID: id, field: field, key)
    case .memo(let editor):
        return memoKeyPressed(&state, editor, key)
    case .newTimer(var field):
        switch key {
        case .escape:
            state.overlay = nil
        case .enter:
            guard case .success(let input) = DurationInput.parse(field.text, at: state.now.wall, zone: state.zone) else { return [] }
            let before = state.saved
            let countdown = state.timers.add(input, id: state.takeLocalID(), at: state.now.instant)
            state.overlay = nil
            let length = DurationFormat.countdown(input.duration)
            let when = input.until.map { "until \($0.clockTime)\($0.isTomorrow ? " tomorrow" : ""), \(length)" } ?? length
            return state.changed("Started \(countdown.displayName) \(when)", by: [state.added(countdown)], before: before)
        case .control("c"):
            return quitPressed(&state)
        default:
            if field.edit(key, limit: .prompt, &state) { state.overlay = .newTimer(text: field) }
        }
        return []
    case .zoom:
        switch key {
        case .escape, .character("f"):
            state.overlay = nil
        case .character("q"), .control("c"):
            return quitPressed(&state)
        // With the alarm going, the big screen is where the cook looks: the keys that stop it work here too.
        case .enter:
            return perform(.timerAcknowledgePressed, on: &state)
        case .character("s"):
            return perform(.silenceAllPressed, on: &state)
        case .character("z"):
            return perform(.snoozePressed, on: &state)
        default:
            break
        }
        return []
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
            return quitPressed(&state)
        default:
            break
        }
        return []
    }
}

