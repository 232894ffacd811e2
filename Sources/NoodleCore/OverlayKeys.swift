/// Keys while an overlay is open: each overlay takes every key, so typing never reaches a panel.
func overlayKeyPressed(_ state: inout AppState, _ overlay: Overlay, _ key: Key) -> [Effect] {
    switch overlay {
    case .catalog(let picker):
        return catalogKeyPressed(&state, picker, key)
    case .ownTime(let id, let text):
        return ownTimeKeyPressed(&state, bookmarkID: id, text: text, key)
    case .memo(let editor):
        return memoKeyPressed(&state, editor, key)
    case .newTimer(let text):
        switch key {
        case .escape:
            state.overlay = nil
        case .enter:
            guard case .success(let input) = DurationInput.parse(text) else { return [] }
            let countdown = state.timers.add(input, id: state.takeLocalID(), at: state.now.instant)
            state.overlay = nil
            return [.store(state.added(countdown))]
        case .backspace:
            state.overlay = .newTimer(text: String(text.dropLast()))
        case .character(let character):
            state.overlay = .newTimer(text: typing(character, after: text, limit: .prompt, &state))
        case .control("c"):
            return quitPressed(&state)
        default:
            break
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

