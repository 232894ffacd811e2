import Foundation
import Testing

@Suite("End to end: the cook's workflow in tmux", .serialized)
struct KitchenEndToEndTests {
    private func newTimer(_ session: TmuxSession, _ text: String) throws {
        try session.send("2", "n")
        try session.type(text)
        try session.send("Enter")
    }

    @Test("while a countdown rings, Enter in each panel stops it and starts no ramen", arguments: ["1", "2", "3"])
    func enterStopsTheAlarmAnywhere(panel: String) throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        // A bookmark, so Enter in Bookmarks has a ramen it could start.
        try session.send("3", "a", "Enter", "Escape")
        try session.waitFor("the bookmark") { $0.contains("Bookmarked Shin Ramyun") }
        try newTimer(session, "1s tea")
        try session.send(panel)
        try session.waitFor("tea ringing", timeout: 4) { $0.contains("done: tea (Enter stops it)") }
        try session.send("Enter")
        let screen = try session.waitFor("the alarm stopped") { $0.contains("Stopped tea's alarm") }
        #expect(!screen.contains("done: tea"))
        #expect(!screen.contains("Started Shin"), "Enter started a ramen:\n\(screen)")
        try session.quitCleanly()
        let stored = try HardeningKit.readDatabase(session.databasePath)
        #expect(stored.countdownLabels == ["tea"])
    }

    @Test("z in Bookmarks snoozes the ringing countdown by the config's snooze")
    func snoozeFromAnyPanel() throws {
        let session = try TmuxSession()
        try FileManager.default.createDirectory(at: session.home.appendingPathComponent("config/noodle"), withIntermediateDirectories: true)
        try "snooze = \"2m\"\nsound = \"none\"\n".write(to: session.home.appendingPathComponent("config/noodle/config.toml"), atomically: true, encoding: .utf8)
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.quitCleanly()
        // Started again so the config is read; the first start made the folders.
        let again = try TmuxSession(sharing: session)
        try again.waitFor("the dashboard") { $0.contains("ready") }
        try newTimer(again, "1s tea")
        try again.send("3")
        try again.waitFor("tea ringing", timeout: 4) { $0.contains("done: tea") }
        try again.send("z")
        let screen = try again.waitFor("snoozed") { $0.contains("Snoozed tea: rings again in 2:00") || $0.contains("Snoozed tea: rings again in 1:59") }
        #expect(!screen.contains("done: tea"))
        try again.quitCleanly()
    }

    @Test("u and U go back and forth across a bookmark, a countdown and a stopwatch reset, and what they leave is stored")
    func undoRedoAcrossKinds() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("Space")
        Thread.sleep(forTimeInterval: 1.2)
        try session.send("Space")
        try session.waitFor("stopped") { $0.contains("Stopwatch stopped at 00:01") }
        try session.send("r")
        try session.waitFor("reset") { $0.contains("Reset the stopwatch: u undoes") }
        try newTimer(session, "5m egg")
        try session.send("x")
        try session.waitFor("egg removed") { $0.contains("Removed egg: u undoes") }
        try session.send("3", "a", "Enter", "Escape", "d")
        try session.waitFor("bookmark removed") { $0.contains("Removed Shin Ramyun: u undoes") }

        try session.send("u")
        try session.waitFor("bookmark back") { $0.contains("Undid: Removed Shin Ramyun (U redoes)") }
        try session.send("u")
        try session.waitFor("bookmark gone again") { $0.contains("Undid: Bookmarked Shin Ramyun (U redoes)") }
        try session.send("u")
        try session.waitFor("egg back") { $0.contains("Undid: Removed egg (U redoes)") }
        try session.send("u", "u")
        try session.waitFor("the reset undone") { $0.contains("Undid: Reset the stopwatch") && $0.contains("00:01.") }
        try HardeningKit.waitForDatabase(session.databasePath, timeout: 5, "the stopwatch back and no egg") {
            $0.stopwatchAccumulated > 1_000_000_000 && $0.countdownLabels.isEmpty && $0.bookmarks.isEmpty
        }
        try session.send("U")
        try session.waitFor("the reset redone") { $0.contains("Redid: Reset the stopwatch") }
        try session.send("C-r")
        try session.waitFor("egg made again") { $0.contains("Redid: Started egg 5:00") }
        try session.quitCleanly()

        let stored = try HardeningKit.readDatabase(session.databasePath)
        #expect(stored.countdownLabels == ["egg"])
        #expect(stored.stopwatchAccumulated == 0)
        // The next start sees the same.
        let again = try TmuxSession(sharing: session)
        try again.waitFor("egg after a restart") { $0.contains("egg") && $0.contains("ready: Space starts") }
        try again.quitCleanly()
    }

    @Test("c clears a finished countdown; the theme picked with T is used on the next start")
    func clearAndKeepTheme() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try newTimer(session, "1s tea")
        try newTimer(session, "5m egg")
        try session.waitFor("tea ringing", timeout: 4) { $0.contains("done: tea") }
        try session.send("Enter", "c")
        let cleared = try session.waitFor("tea cleared") { $0.contains("Cleared tea: u undoes") }
        #expect(cleared.contains("egg"))

        try session.send("T")
        let themed = try session.waitFor("a theme kept") { $0.contains("kept in config.toml") }
        let picked = try #require(themed.firstMatch(of: /Theme: ([a-z-]+), kept/)?.1).description
        let config = try String(contentsOf: session.home.appendingPathComponent("config/noodle/config.toml"), encoding: .utf8)
        #expect(config.contains("theme = \"\(picked)\""), "config.toml was:\n\(config)")
        try session.quitCleanly()

        // Started with the kept theme, T goes on to the one after it rather than to it again.
        let again = try TmuxSession(sharing: session)
        try again.waitFor("the dashboard") { $0.contains("egg") }
        try again.send("T")
        let next = try again.waitFor("the next theme") { $0.contains("kept in config.toml") }
        #expect(!next.contains("Theme: \(picked),"), "the restart did not start with \(picked):\n\(next)")
        try again.quitCleanly()
    }
}

@Suite("End to end: keys under a TERM that does not match the terminal", .serialized)
struct MismatchedTermEndToEndTests {
    @Test("xterm's Home, End, Delete, PgUp/PgDn and modified arrows never act as the letters inside them", arguments: ["xterm-256color", "screen"])
    func xtermSequences(term: String) throws {
        let session = try TmuxSession(environment: ["TERM": term])
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("3", "a", "Enter", "Down", "Enter", "Escape")
        try session.waitFor("two bookmarks") { $0.contains("Bookmarked ") && $0.contains("Bookmarks") }
        let before = try session.screen()
        // Shift-Right, Alt-Left, Ctrl-PgUp, Ctrl-End, Ctrl-Home: as letters, `[` would move a
        // bookmark, `1` focus the Stopwatch, `5` or `D`… act.
        try session.type("\u{1B}[1;2C\u{1B}[1;3D\u{1B}[5;5~\u{1B}[1;5F\u{1B}[1;5H")
        Thread.sleep(forTimeInterval: 0.5)
        let after = try session.screen()
        #expect(after.contains("[ Bookmarks ]"), "the focus moved:\n\(after)")
        let rows = { (screen: String) in screen.split(separator: "\n").filter { $0.hasPrefix("│") && $0.contains("Ramyun") } }
        #expect(rows(after) == rows(before), "the bookmarks changed:\n\(after)")
        // Home is read as itself, which only the Stopwatch panel uses.
        #expect(after.contains("Home works in Stopwatch (1)"), "the last key was not read as Home:\n\(after)")
        // Shift-Up moves the selected bookmark, whichever form it comes in.
        try session.type("\u{1B}[1;2A")
        try session.waitFor("moved up") { $0.contains("Moved ") && $0.contains(" to 1 of 2") }
        // Shift-Delete is Delete: it removes the selected bookmark.
        try session.type("\u{1B}[3;2~")
        try session.waitFor("removed") { $0.contains("Removed Shin Ramyun Black: u undoes") }
        try session.quitCleanly()
    }
}
