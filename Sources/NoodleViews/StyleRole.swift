/// What a cell means, never what colour it is: the theme maps each role to colours and attributes.
public enum StyleRole: UInt8, CaseIterable, Sendable {
    case text, muted, title, border, focusedBorder, selection
    case stopwatchDigits, bestLap, worstLap
    case running, paused, ringing, missed, progress, ownTime
    case hintKey, hintText, header, error

    /// The name a theme file uses for this role.
    public var themeKey: String {
        switch self {
        case .text: "text"
        case .muted: "muted"
        case .title: "title"
        case .border: "border"
        case .focusedBorder: "focused_border"
        case .selection: "selection"
        case .stopwatchDigits: "stopwatch_digits"
        case .bestLap: "best_lap"
        case .worstLap: "worst_lap"
        case .running: "running"
        case .paused: "paused"
        case .ringing: "ringing"
        case .missed: "missed"
        case .progress: "progress"
        case .ownTime: "own_time"
        case .hintKey: "hint_key"
        case .hintText: "hint_text"
        case .header: "header"
        case .error: "error"
        }
    }
}
