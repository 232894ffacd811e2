/// A key as the core sees it: already decoded from whatever bytes the terminal sent.
public enum Key: Hashable, Sendable {
    /// A printable character, including space.
    case character(Character)
    /// Ctrl plus a letter, named by its lowercase letter: `.control("c")` is Ctrl-C.
    case control(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, shiftUp, shiftDown
    case home, end, pageUp, pageDown
    case function(Int)

    public static let space = Key.character(" ")

    /// How the help screen and hint bar spell the key.
    public var label: String {
        switch self {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "^" + String(c).uppercased()
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "S-Tab"
        case .backspace: "BkSp"
        case .delete: "Del"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .shiftUp: "S-↑"
        case .shiftDown: "S-↓"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .function(let n): "F\(n)"
        }
    }
}
