/// Where a binding applies.
public enum Scope: Hashable, Sendable {
    /// While an alarm rings, before any panel's keys: stopping it must not depend on the focus.
    case ringing
    case global
    case panel(Panel)

    public var title: String {
        switch self {
        case .ringing: "While an alarm rings"
        case .global: "Global"
        case .panel(let panel): panel.title
        }
    }
}

/// One row of the keymap: the keys, what pressing them means, and the words that explain it.
/// The help overlay and the hint bar are generated from these rows, so they cannot drift from the real keys.
public struct Binding: Sendable {
    public let keys: [Key]
    public let action: Action
    public let scope: Scope
    public let help: String
    /// The short word for the hint bar; bindings without one appear only in the help overlay.
    public let hint: String?

    public init(_ keys: [Key], _ action: Action, _ scope: Scope, help: String, hint: String? = nil) {
        self.keys = keys
        self.action = action
        self.scope = scope
        self.help = help
        self.hint = hint
    }

    /// The keys as the help overlay spells them: `Space`, `q/^C`.
    public var keyLabel: String { keys.map(\.label).joined(separator: "/") }
}

public enum Keymap {
    public static let bindings: [Binding] = [
        Binding([.space], .stopwatchStartStopPressed, .panel(.stopwatch), help: "Start, stop or resume", hint: "start/stop"),
        Binding([.character("l")], .stopwatchLapPressed, .panel(.stopwatch), help: "Record a lap while running", hint: "lap"),
        Binding([.character("r")], .stopwatchResetPressed, .panel(.stopwatch), help: "Reset when stopped", hint: "reset"),
        Binding([.up, .character("k")], .lapListScrolledUp, .panel(.stopwatch), help: "Scroll laps toward the newest"),
        Binding([.down, .character("j")], .lapListScrolledDown, .panel(.stopwatch), help: "Scroll laps toward the oldest"),
        Binding([.home], .lapListScrolledToNewest, .panel(.stopwatch), help: "Jump back to the newest lap"),
        Binding([.character("e")], .lapsExportPressed, .panel(.stopwatch), help: "Export the laps as CSV to a file", hint: "export"),

        Binding([.character("n")], .newTimerPressed, .panel(.timers), help: "New countdown: 4:30 Shin, 90s tea, 5, or until @12:30 tea", hint: "new"),
        Binding([.up, .character("k")], .timerSelectionMovedUp, .panel(.timers), help: "Select the countdown above"),
        Binding([.down, .character("j")], .timerSelectionMovedDown, .panel(.timers), help: "Select the countdown below"),
        Binding([.space], .timerPauseResumePressed, .panel(.timers), help: "Pause or resume", hint: "pause"),
        Binding([.character("+"), .character("=")], .timerMinuteAdded, .panel(.timers), help: "Add a minute (ringing: snooze a minute)", hint: "+1m"),
        Binding([.character("-")], .timerMinuteTakenOff, .panel(.timers), help: "Take off a minute (at zero it finishes)"),
        Binding([.character("r")], .timerRestartPressed, .panel(.timers), help: "Restart from the full time"),
        Binding([.character("x"), .delete], .timerRemovePressed, .panel(.timers), help: "Remove (u undoes)", hint: "remove"),
        Binding([.character("c")], .finishedClearPressed, .panel(.timers), help: "Clear finished countdowns (u undoes)", hint: "clear"),

        Binding([.character("a"), .character("/")], .catalogOpened, .panel(.bookmarks), help: "Add from the catalog (type to search)", hint: "add"),
        Binding([.up, .character("k")], .bookmarkSelectionMovedUp, .panel(.bookmarks), help: "Select the bookmark above"),
        Binding([.down, .character("j")], .bookmarkSelectionMovedDown, .panel(.bookmarks), help: "Select the bookmark below"),
        Binding([.character("K"), .shiftUp, .character("[")], .bookmarkMovedUp, .panel(.bookmarks), help: "Move the bookmark up", hint: "move"),
        Binding([.character("J"), .shiftDown, .character("]")], .bookmarkMovedDown, .panel(.bookmarks), help: "Move the bookmark down"),
        Binding([.enter], .bookmarkCountdownStartPressed, .panel(.bookmarks), help: "Start a countdown at its time, with its steps", hint: "cook"),
        Binding([.character("e")], .bookmarkOwnTimeEditPressed, .panel(.bookmarks), help: "Set your own time (empty: back to the pack's)", hint: "time"),
        Binding([.character("m")], .bookmarkMemoEditPressed, .panel(.bookmarks), help: "Edit the memo here", hint: "memo"),
        Binding([.character("E")], .bookmarkMemoExternalEditPressed, .panel(.bookmarks), help: "Edit the memo in $VISUAL or $EDITOR"),
        Binding([.character("p")], .bookmarkPacksCycled, .panel(.bookmarks), help: "Water for 1 to 5 packs", hint: "packs"),
        Binding([.character("d"), .delete], .bookmarkRemovePressed, .panel(.bookmarks), help: "Remove (u undoes)"),

        Binding([.tab], .focusNextPressed, .global, help: "Focus the next panel", hint: "panel"),
        Binding([.backTab], .focusPreviousPressed, .global, help: "Focus the previous panel"),
        Binding([.character("1")], .focusPressed(.stopwatch), .global, help: "Focus Stopwatch"),
        Binding([.character("2")], .focusPressed(.timers), .global, help: "Focus Timers"),
        Binding([.character("3")], .focusPressed(.bookmarks), .global, help: "Focus Bookmarks"),
        Binding([.enter], .timerAcknowledgePressed, .ringing, help: "Stop the alarm: the selected one, else the first", hint: "stop"),
        Binding([.character("z")], .snoozePressed, .ringing, help: "Snooze the alarm Enter would stop (config snooze, 1 min by default)", hint: "snooze"),
        Binding([.character("s")], .silenceAllPressed, .ringing, help: "Silence every ringing countdown", hint: "silence"),
        Binding([.character("u")], .undoPressed, .global, help: "Undo the last change (up to 50, this session)", hint: "undo"),
        Binding([.character("U"), .control("r")], .redoPressed, .global, help: "Redo what u undid"),
        Binding([.character("f")], .zoomPressed, .global, help: "Next countdown full screen (Esc or f returns)"),
        Binding([.character("T")], .themeCyclePressed, .global, help: "Switch to the next theme"),
        Binding([.character("?"), .function(1)], .helpToggled, .global, help: "Show or hide this help", hint: "help"),
        Binding([.control("l")], .redrawPressed, .global, help: "Redraw the screen"),
        Binding([.control("z")], .suspendPressed, .global, help: "Suspend to the shell (fg to return)"),
        Binding([.character("q"), .control("c")], .quitPressed, .global, help: "Quit", hint: "quit"),
    ]

    /// The action a key means with `focus` focused: while something rings the alarm's keys first,
    /// then the panel's own binding, then a global one.
    public static func action(for key: Key, focus: Panel, ringing: Bool = false) -> Action? {
        let scopes: [Scope] = ringing ? [.ringing, .panel(focus), .global] : [.panel(focus), .global]
        for scope in scopes {
            if let binding = bindings.first(where: { $0.scope == scope && $0.keys.contains(key) }) { return binding.action }
        }
        return nil
    }

    /// The panels with a binding of their own for `key`, in focus order.
    public static func panels(using key: Key) -> [Panel] {
        Panel.allCases.filter { panel in bindings.contains { $0.scope == .panel(panel) && $0.keys.contains(key) } }
    }

    /// Bindings for the hint bar: while something rings the alarm's, then the focused panel's,
    /// then the global ones.
    public static func hints(for focus: Panel, ringing: Bool = false) -> [Binding] {
        ringing ? ringingHintsByPanel[focus.rawValue] : hintsByPanel[focus.rawValue]
    }

    /// Worked out once: the hint bar is drawn every frame.
    private static let hintsByPanel: [[Binding]] = Panel.allCases.map { focus in
        bindings.filter { $0.hint != nil && $0.scope == .panel(focus) }
            + bindings.filter { $0.hint != nil && $0.scope == .global }
    }

    private static let ringingHintsByPanel: [[Binding]] = Panel.allCases.map { focus in
        bindings.filter { $0.hint != nil && $0.scope == .ringing } + hintsByPanel[focus.rawValue]
    }

    /// Lines the help overlay shows: a title per group, a line per binding, a blank between groups.
    public static var helpLineCount: Int {
        let groups = Self.groups
        return groups.count * 2 - 1 + groups.reduce(0) { $0 + $1.bindings.count }
    }

    /// Bindings grouped for the help overlay: the alarm's and the global ones first, then each panel in order.
    public static var groups: [(scope: Scope, bindings: [Binding])] {
        let scopes = [Scope.ringing, .global] + Panel.allCases.map(Scope.panel)
        return scopes.compactMap { scope in
            let rows = bindings.filter { $0.scope == scope }
            return rows.isEmpty ? nil : (scope, rows)
        }
    }
}
