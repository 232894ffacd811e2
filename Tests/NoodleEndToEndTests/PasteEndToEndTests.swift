import Foundation
import Testing

/// 100 KB pasted into the real binary, through tmux's own paste: the dashboard takes it in well
/// under a second, keeps the start of it, and a countdown due meanwhile still rings on time.
/// Before, the same paste froze the loop for 32 s in the memo editor.
@Suite("End to end: pasting", .serialized)
struct PasteEndToEndTests {
    static let pasted: String = {
        let unit = "Shin 신라면 🍜 water 550 ml "
        return String(repeating: unit, count: 100 * 1024 / unit.utf8.count + 1)
    }()

    /// Pastes as a terminal would, all at once rather than key by key, and checks that the header
    /// says it was cut within 1.5 s (about 0.45 s on a 2-core machine busy with builds).
    func paste(_ text: String, into session: TmuxSession, until message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = session.file("paste.txt")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let started = Date()
        for arguments in [["load-buffer", "-b", "paste", file.path], ["paste-buffer", "-d", "-b", "paste", "-t", session.name]] {
            let result = try Spawn.run(["tmux", "-u", "-L", session.socket] + arguments)
            guard result.status == 0 else { throw E2EError("tmux \(arguments[0]) failed: \(result.output)") }
        }
        try session.waitFor("the paste cut", timeout: 3) { $0.contains(message) }
        let took = Date().timeIntervalSince(started)
        #expect(took < 1.5, "the paste took \(took) s to show", sourceLocation: sourceLocation)
    }

    @Test("100 KB pasted into the new-countdown prompt is cut in under a second, and a countdown due meanwhile rings")
    func pasteIntoPrompt() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("2")
        try session.send("n")
        try session.type("3s egg")
        try session.send("Enter")
        try session.waitFor("the egg countdown") { $0.contains("egg") }
        let due = Date().addingTimeInterval(3)
        try session.send("n")
        try session.waitFor("the prompt") { $0.contains("New:") }

        try paste("5m " + Self.pasted, into: session, until: "Text cut to 200 characters")

        try session.waitFor("the egg ringing", timeout: 6) { $0.contains("done: egg") }
        let late = Date().timeIntervalSince(due)
        #expect(late < 1, "the egg rang \(late) s after its deadline")
        #expect(try session.bellRang())

        // Still answering keys: Enter starts the pasted countdown with its label cut.
        try session.send("Enter")
        let screen = try session.waitFor("the pasted countdown", timeout: 2) { !$0.contains("New:") && $0.contains("Shin 신라면") }
        #expect(screen.contains("5:00") || screen.contains("4:5"), "screen was:\n\(screen)")
        try session.quitCleanly()
    }

    @Test("100 KB pasted into the memo editor is cut at 10,000 characters in under a second")
    func pasteIntoMemo() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("3")
        try session.send("a")
        try session.send("Enter")
        try session.send("Escape")
        try session.send("m")
        try session.waitFor("the memo editor") { $0.contains("Memo:") }

        try paste(Self.pasted, into: session, until: "Memo cut to 10,000 characters")
        try session.send("C-s")
        try session.waitFor("the memo saved") { $0.contains("Saved the memo") }
        try session.quitCleanly()
    }
}
