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
        case nil:
            hints = Keymap.hints(for: state.focus).map { ($0.keyLabel, $0.hint ?? "") }
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
