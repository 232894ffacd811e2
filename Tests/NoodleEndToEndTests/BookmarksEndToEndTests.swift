import Foundation
import Testing

@Suite("End to end: bookmarks and what survives a restart", .serialized)
struct BookmarksEndToEndTests {
    /// The bookmark rows in the Bookmarks panel, top to bottom, as their names.
    private func bookmarkOrder(_ screen: String) -> [String] {
        screen.split(separator: "\n").compactMap { line in
            if line.contains("Shin Ramyun 신라면") { return "Shin" }
            if line.contains("Jin Ramen 진라면") { return "Jin" }
            return nil
        }
    }

    private func bookmarkShinThenJin(_ session: TmuxSession) throws {
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("3")
        try session.send("a")
        try session.type("shin ramyun")
        try session.waitFor("the search") { $0.contains("Search: shin ramyun") && $0.contains(">  Shin Ramyun 신라면") }
        try session.send("Enter")
        try session.send("C-u")
        try session.type("ㅈㄹㅁ")
        try session.waitFor("the choseong search") { $0.contains("Search: ㅈㄹㅁ") }
        try session.send("Enter")
        try session.send("Escape")
        try session.waitFor("both bookmarks") { self.bookmarkOrder($0) == ["Shin", "Jin"] }
    }

    @Test("bookmark two from the catalog, move the second up, restart: the order is kept and Enter starts its countdown")
    func orderSurvivesRestart() throws {
        let first = try TmuxSession(width: 120, height: 40)
        try bookmarkShinThenJin(first)
        try first.send("K")
        try first.waitFor("Jin moved up") { self.bookmarkOrder($0) == ["Jin", "Shin"] }
        try first.quitCleanly()

        let second = try TmuxSession(width: 120, height: 40, sharing: first)
        let screen = try second.waitFor("the restored bookmarks") { $0.contains("ready") && !self.bookmarkOrder($0).isEmpty }
        #expect(bookmarkOrder(screen) == ["Jin", "Shin"])
        try second.send("3")
        try second.send("Enter")
        // The row, with its time: a big countdown's name line above it has none.
        let isRow: (Substring) -> Bool = { $0.contains("▶ Jin Ramen") && $0.contains(":") }
        let started = try second.waitFor("a Jin Ramen countdown") { $0.split(separator: "\n").contains(where: isRow) }
        let row = try #require(started.split(separator: "\n").first(where: isRow))
        #expect(row.contains("4:00") || row.contains("3:59"), "row was \(row)")
        try second.quitCleanly()
    }

    @Test("kill -9 right after a move: the move is in the database")
    func moveSurvivesKill() throws {
        let first = try TmuxSession(width: 120, height: 40)
        try bookmarkShinThenJin(first)
        try first.send("K")
        // What the screen shows as done is already committed: kill as soon as it shows.
        try first.waitFor("Jin moved up") { self.bookmarkOrder($0) == ["Jin", "Shin"] }
        kill(try first.noodlePID(), SIGKILL)
        #expect(try first.exitStatus() == 128 + SIGKILL)

        let second = try TmuxSession(width: 120, height: 40, sharing: first)
        let screen = try second.waitFor("the restored bookmarks") { !self.bookmarkOrder($0).isEmpty }
        #expect(bookmarkOrder(screen) == ["Jin", "Shin"])
        try second.quitCleanly()
    }

    @Test("two instances share the database: a change in one shows in the other within about a second")
    func twoInstances() throws {
        let first = try TmuxSession(width: 120, height: 40)
        try first.waitFor("the first dashboard") { $0.contains("ready") }
        let second = try TmuxSession(width: 120, height: 40, sharing: first)
        try second.waitFor("the second dashboard") { $0.contains("ready") }
        try bookmarkShinThenJin(first)
        try second.waitFor("the bookmarks in the other instance", timeout: 2) { self.bookmarkOrder($0) == ["Shin", "Jin"] }
        try second.send("3")
        try second.send("J")
        try first.waitFor("the move in the first instance", timeout: 2) { self.bookmarkOrder($0) == ["Jin", "Shin"] }
        try second.send("2")
        try second.send("n")
        try second.type("9m shared egg")
        try second.send("Enter")
        try first.waitFor("the countdown in the first instance", timeout: 2) { $0.contains("shared egg") }
        try first.quitCleanly()
        try second.quitCleanly()
    }

    @Test("a database that cannot be opened is kept aside, named on screen, and a fresh one starts")
    func corruptDatabase() throws {
        let session = try TmuxSession(width: 120, height: 40, arguments: ["--version"])
        _ = try session.exitStatus()
        let folder = session.home.appendingPathComponent("data/noodle")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let garbage = Data(repeating: 0x5A, count: 8192)
        try garbage.write(to: folder.appendingPathComponent("noodle.sqlite"))
        let second = try TmuxSession(width: 120, height: 40, sharing: session)
        try second.waitFor("the warning") { $0.contains("corrupt-") }
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("noodle.sqlite.corrupt-") }
        #expect(kept.count == 1)
        #expect(try Data(contentsOf: folder.appendingPathComponent(kept[0])) == garbage)
        try second.quitCleanly()
    }

    @Test("a data folder that cannot be written stops noodle before curses, with exit status 2 and the folder named")
    func unwritableFolder() throws {
        let session = try TmuxSession(arguments: ["--data-dir", "/proc/noodle-cannot-write-here"])
        #expect(try session.exitStatus() == 2)
        let stderr = try String(contentsOf: session.file("stderr"), encoding: .utf8)
        #expect(stderr.contains("/proc/noodle-cannot-write-here"), "stderr was \(stderr)")
        #expect(try session.terminalRestored())
    }

    @Test("E hands the memo to $EDITOR and takes back what it wrote; the dashboard comes back whole")
    func externalEditor() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-editor-\(UUID().uuidString.prefix(8)).sh")
        try writeScript("#!/bin/sh\nprintf 'from the editor 편집기\\n[01:00] stir\\n' >> \"$1\"\n", to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        let session = try TmuxSession(width: 120, height: 40, environment: ["EDITOR": script.path, "VISUAL": ""])
        try bookmarkShinThenJin(session)
        try session.send("E")
        let screen = try session.waitFor("the memo from the editor") { $0.contains("Memo: from the editor 편집기") }
        #expect(screen.contains("[1:00] stir"))
        #expect(screen.contains("┌─[ Bookmarks ]"), "the frame is redrawn after the editor")
        try session.quitCleanly()
    }
}
