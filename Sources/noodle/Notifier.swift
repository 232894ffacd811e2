import Glibc
import NoodleCore

/// How a finished countdown reaches the desktop.
enum NotificationMethod: String, CaseIterable, Sendable {
    case auto, osc9, osc777, osc99, notifySend = "notify-send", none
}

/// Sends desktop notifications as terminal escape sequences (and through notify-send where
/// there is a desktop), choosing by what the environment says about the terminal.
struct Notifier: Sendable {
    let sequence: NotificationMethod?
    let useNotifySend: Bool
    /// Whether the desktop's notification server is asked first, over the session bus: with
    /// buttons, replaced and closed as the alarm goes on (see DesktopAlarms).
    let viaSessionBus: Bool
    let insideTmux: Bool

    init(method: NotificationMethod, environment: [String: String]) {
        insideTmux = environment["TMUX"].map { !$0.isEmpty } ?? false
        let desktop = environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil
        viaSessionBus = method == .auto || method == .notifySend
        switch method {
        case .auto:
            sequence = Self.detect(environment)
            useNotifySend = desktop && Self.onPath("notify-send", environment["PATH"] ?? "")
        case .osc9, .osc777, .osc99:
            sequence = method
            useNotifySend = false
        case .notifySend:
            sequence = nil
            useNotifySend = Self.onPath("notify-send", environment["PATH"] ?? "")
        case .none:
            sequence = nil
            useNotifySend = false
        }
    }

    /// OSC 9: iTerm2, WezTerm, Windows Terminal. OSC 777: foot, urxvt, VTE terminals. OSC 99: kitty.
    static func detect(_ environment: [String: String]) -> NotificationMethod? {
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if environment["KITTY_WINDOW_ID"] != nil || term.hasPrefix("xterm-kitty") { return .osc99 }
        if program == "iTerm.app" || program == "WezTerm" || environment["WT_SESSION"] != nil { return .osc9 }
        if environment["VTE_VERSION"] != nil || term.hasPrefix("foot") || term.hasPrefix("rxvt") { return .osc777 }
        return nil
    }

    /// The bytes to write, if any: the sequence for the terminal, wrapped for tmux's passthrough.
    func escapeSequence(title: String, body: String) -> String? {
        let title = PrintableText.clean(title), body = PrintableText.clean(body)
        let text: String
        switch sequence {
        case .osc9: text = "\u{1B}]9;\(title): \(body)\u{07}"
        case .osc777: text = "\u{1B}]777;notify;\(title.replacingSemicolons);\(body.replacingSemicolons)\u{07}"
        case .osc99: text = "\u{1B}]99;;\(title): \(body)\u{1B}\\"
        default: return nil
        }
        guard insideTmux else { return text }
        // tmux passes a sequence through only inside its DCS, with every ESC doubled.
        let doubled = text.unicodeScalars.map { $0 == "\u{1B}" ? "\u{1B}\u{1B}" : String($0) }.joined()
        return "\u{1B}Ptmux;" + doubled + "\u{1B}\\"
    }

    static func onPath(_ program: String, _ path: String) -> Bool {
        path.split(separator: ":").contains { access("\($0)/\(program)", X_OK) == 0 }
    }
}

private extension String {
    var replacingSemicolons: String { String(map { $0 == ";" ? "," : $0 }) }
}
