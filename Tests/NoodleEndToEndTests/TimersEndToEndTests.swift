import Foundation
import Testing

@Suite("End to end: countdowns in tmux", .serialized)
struct TimersEndToEndTests {
    func newTimer(_ session: TmuxSession, _ text: String) throws {
        try session.send("n")
        try session.type(text)
        try session.send("Enter")
    }

    @Test("2s tea and 3s egg ring after 3.5 s with the bell, 1m ramen runs on; Enter acknowledges; overtime counts")
    func ringAndAcknowledge() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("2")
        try newTimer(session, "2s tea")
        try newTimer(session, "3s egg")
        try newTimer(session, "1m ramen")
        try session.waitFor("three countdowns") { $0.contains("tea") && $0.contains("egg") && $0.contains("ramen") }
        try session.send("1") // the alarms must not depend on the Timers panel having focus
        Thread.sleep(forTimeInterval: 3.5)
        let screen = try session.screen()
        #expect(screen.contains("done: tea, egg"), "screen was:\n\(screen)")
        #expect(try session.bellRang())
        // The row, not the catalog hint or a big countdown's name line: the one with the time left.
        let ramen = try #require(screen.split(separator: "\n").first { $0.contains("▶ ramen") && $0.contains(":") })
        #expect(ramen.contains("0:5"), "ramen row was \(ramen)")

        try session.send("2")
        try session.send("Enter")
        try session.waitFor("one left ringing") { $0.contains("done: egg") || $0.contains("done: tea") && !$0.contains("tea, egg") }
        let overtime = try session.waitFor("overtime past two seconds") { $0.contains("-0:02") || $0.contains("-0:03") }
        #expect(overtime.contains("-0:0"))
        try session.send("s")
        try session.waitFor("silenced") { !$0.contains("done:") }
        try session.quitCleanly()
    }

    @Test("a countdown paused for 2 s finishes 2 s later")
    func pauseMovesTheFinish() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("2")
        try newTimer(session, "3s rice")
        try session.waitFor("the countdown") { $0.contains("rice") }
        Thread.sleep(forTimeInterval: 0.5)
        try session.send("Space")
        Thread.sleep(forTimeInterval: 2)
        #expect(!(try session.screen()).contains("done: rice"))
        try session.send("Space")
        let started = Date()
        try session.waitFor("rice done", timeout: 6) { $0.contains("done: rice") }
        let left = Date().timeIntervalSince(started)
        #expect(left > 2.0 && left < 3.3, "finished \(left) s after resuming")
    }

    @Test("bad input keeps the prompt open with a reason; Esc cancels")
    func badInput() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("2")
        try newTimer(session, "4:70")
        try session.waitFor("the reason") { $0.contains("stop at 59") }
        try session.send("Escape")
        try session.waitFor("the prompt closed") { !$0.contains("New:") }
    }
}

@Suite("End to end: the on-done hook", .serialized)
struct DoneHookEndToEndTests {
    @Test("a label with a $(…) payload reaches the hook verbatim, and nothing runs it")
    func labelArrivesVerbatim() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-hook-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let hook = scratch.appendingPathComponent("hook.sh")
        let received = scratch.appendingPathComponent("received")
        let pwned = scratch.appendingPathComponent("PWNED")
        try writeScript("#!/bin/sh\nprintf '%s|%s|%s' \"$NOODLE_LABEL\" \"$NOODLE_DURATION\" \"$NOODLE_OVERTIME\" > \"$1\"\n", to: hook)

        let session = try TmuxSession(arguments: ["--on-done", hook.path, received.path])
        try session.waitFor("the dashboard") { $0.contains("ready") }
        let label = "$(touch \(pwned.path)) `id` \"q\" ;rm"
        try session.send("2")
        try session.send("n")
        try session.type("1s " + label)
        try session.send("Enter")
        try session.waitFor("the countdown to finish") { $0.contains("done:") }
        let deadline = Date().addingTimeInterval(5)
        while (try? String(contentsOf: received, encoding: .utf8)).map({ $0.hasSuffix("|0") || $0.hasSuffix("|1") }) != true
            && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        guard let text = try? String(contentsOf: received, encoding: .utf8) else {
            Issue.record("the hook wrote nothing; screen:\n\(try session.screen())")
            return
        }
        #expect(text == label + "|1|0" || text == label + "|1|1")
        #expect(!FileManager.default.fileExists(atPath: pwned.path))
        try session.send("q")
        #expect(try session.exitStatus() == 0)
    }

    @Test("a failing hook shows in the status line and the dashboard carries on")
    func failingHook() throws {
        let session = try TmuxSession(arguments: ["--on-done", "/bin/false"])
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("2")
        try session.send("n")
        try session.type("1s tea")
        try session.send("Enter")
        try session.waitFor("the failure in the status line") { $0.contains("failed with exit status 1") || $0.contains("'/bin/false'") }
        try session.send("s")
        try session.send("q")
        #expect(try session.exitStatus() == 0)
    }
}

@Suite("End to end: the window title")
struct WindowTitleEndToEndTests {
    @Test("the window title shows the nearest countdown in minutes, then what rings")
    func windowTitle() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("2", "n")
        try session.type("9m tea")
        try session.send("Enter")
        try session.send("n")
        try session.type("2s egg")
        try session.send("Enter")
        let deadline = Date().addingTimeInterval(3)
        var title = try session.paneTitle()
        while !title.contains("egg <1m"), Date() < deadline { Thread.sleep(forTimeInterval: 0.05); title = try session.paneTitle() }
        #expect(title == "🍜 egg <1m - noodle", "title was \(title)")
        try session.waitFor("the egg rings", timeout: 4) { $0.contains("done: egg") }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try session.paneTitle() == "🔔 egg done - noodle")
        try session.send("Enter")
        try session.waitFor("acknowledged") { !$0.contains("done: egg") }
        Thread.sleep(forTimeInterval: 0.1)
        #expect(try session.paneTitle() == "🍜 tea 9m - noodle")
        try session.quitCleanly()
    }
}
