import Testing
@testable import noodle

@Suite("Desktop notifications")
struct NotifierTests {
    @Test("the sequence follows what the environment says about the terminal", arguments: [
        (["TERM_PROGRAM": "WezTerm"], NotificationMethod.osc9),
        (["WT_SESSION": "1"], .osc9),
        (["VTE_VERSION": "7200"], .osc777),
        (["TERM": "foot"], .osc777),
        (["KITTY_WINDOW_ID": "1"], .osc99),
    ])
    func detection(environment: [String: String], method: NotificationMethod) {
        #expect(Notifier.detect(environment) == method)
    }

    @Test("an unknown terminal gets no escape sequence at all")
    func unknownTerminal() {
        let notifier = Notifier(method: .auto, environment: ["TERM": "xterm-256color"])
        #expect(notifier.escapeSequence(title: "tea is done", body: "0:02 finished") == nil)
    }

    @Test("each form, and labels cannot smuggle control sequences or fields")
    func sequences() {
        let hostile = "tea\u{1B}]52;c;aGk=\u{07};x\u{9B}2J"
        #expect(Notifier(method: .osc9, environment: [:]).escapeSequence(title: hostile, body: "b")
            == "\u{1B}]9;tea]52;c;aGk=;x2J: b\u{07}")
        #expect(Notifier(method: .osc777, environment: [:]).escapeSequence(title: hostile, body: "b;c")
            == "\u{1B}]777;notify;tea]52,c,aGk=,x2J;b,c\u{07}")
        #expect(Notifier(method: .osc99, environment: [:]).escapeSequence(title: "t", body: "b") == "\u{1B}]99;;t: b\u{1B}\\")
    }

    @Test("inside tmux the sequence goes through its passthrough, every ESC doubled")
    func tmux() {
        let notifier = Notifier(method: .osc9, environment: ["TMUX": "/tmp/tmux-0/default,1,0"])
        #expect(notifier.escapeSequence(title: "t", body: "b") == "\u{1B}Ptmux;\u{1B}\u{1B}]9;t: b\u{07}\u{1B}\\")
    }

    @Test("none and notify-send write no sequence")
    func off() {
        #expect(Notifier(method: .none, environment: ["TERM_PROGRAM": "WezTerm"]).escapeSequence(title: "t", body: "b") == nil)
        #expect(Notifier(method: .notifySend, environment: ["TERM_PROGRAM": "WezTerm"]).escapeSequence(title: "t", body: "b") == nil)
    }
}
