import NoodleCore

/// The bottom line: the keys that matter right now, generated from the keymap.
enum HintBarView {
    static func draw(_ state: AppState, in rect: Rect, into grid: inout Grid) {
        grid.fill(rect, role: .hintText)
        let hints: [(key: String, text: String)]
        switch state.overlay {
        case .newTimer:
            hints = [("Enter", "start"), ("Esc", "cancel")]
        case .help:
            hints = [("Esc", "close"), ("↑/↓", "scroll")]
        case .catalog:
            hints = [("type", "search"), ("↑/↓", "select"), ("Enter", "bookmark on/off"), ("Esc", "close")]
        case .zoom:
            hints = [("Esc", "back"), ("Enter", "stop the alarm"), ("s", "silence all"), ("q", "quit")]
        case .ownTime:
            hints = [("Enter", "set"), ("Esc", "cancel"), ("empty", "pack's time")]
        case .memo(let editor) where editor.isConfirmingDiscard:
            hints = [("y", "discard"), ("n", "keep editing"), ("^S", "save")]
        case .memo:
            hints = [("^S", "save"), ("Esc", "cancel"), ("Enter", "new line")]
        case nil:
            // One key each: the bar is for reminding, the help overlay lists every alternative.
            hints = Keymap.hints(for: state.focus, ringing: state.timers.isAnyRinging).map { ($0.keys[0].label, $0.hint ?? "") }
        }
        var x = rect.x + 1
        for hint in hints {
            let needed = TextWidth.columns(of: hint.key) + 1 + TextWidth.columns(of: hint.text)
            if x + needed > rect.maxX - 1 { break }
            x += grid.write(hint.key, x: x, y: rect.y, role: .hintKey)
            x += grid.write(" " + hint.text, x: x, y: rect.y, role: .hintText)
            x += 2
        }
    }
}
