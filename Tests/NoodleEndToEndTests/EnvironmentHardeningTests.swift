import Foundation
import Testing

/// The machine working against noodle: a disk that fills up, another program holding the
/// database. Each must be said plainly on screen, and nothing the screen showed may be lost.
@Suite("Hardening: environment", .serialized)
struct EnvironmentHardeningTests {
    @Test("a full disk: the header says what is not stored yet, and once space returns the writer stores everything",
          .enabled(if: TinyDisk.canMount, "needs root to mount a tmpfs"))
    func fullDisk() throws {
        let disk = try TinyDisk(kilobytes: 1024)
        let data = disk.folder.appendingPathComponent("noodle").path
        let session = try TmuxSession(width: 120, height: 40, arguments: ["--data-dir", data])
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try addCountdown("45m before full", session)
        disk.fill()

        // SQLite reuses pages it already has; a few more changes run it out of space.
        var labels = ["before full"]
        var screen = ""
        for index in 0 ..< 12 where !screen.contains("not stored yet") {
            let label = "full \(index) " + String(repeating: "x", count: 12)
            try addCountdown("\(46 + index)m \(label)", session)
            labels.append(label)
            screen = try session.screen()
        }
        #expect(screen.contains("not stored yet"), "no save failed on a full disk:\n\(screen)")
        #expect(screen.split(separator: "\n").first?.contains("not stored yet, retrying: database or disk is full") == true,
                "the header:\n\(screen)")
        // Still said after the status line's usual few seconds: nothing is stored yet.
        Thread.sleep(forTimeInterval: 4.5)
        #expect(try session.screen().contains("not stored yet"), "the warning went away while nothing was stored")
        // q does not throw away what is not stored: it warns, and the writer keeps trying.
        try session.send("q")
        try session.waitFor("q answered with a warning") { $0.contains("Not saved yet: q again quits") }
        #expect(HardeningKit.processExists(try session.noodlePID()))

        disk.free()
        let stored = try waitForStored(labels, in: data + "/noodle.sqlite", timeout: 8)
        #expect(stored.integrity == "ok")
        #expect(stored.countdownLabels == labels)
        try session.waitFor("the header saying all is stored again") { $0.contains("Saved again") && !$0.contains("not stored yet") }
        try session.quitCleanly()
    }

    @Test("q twice while the disk stays full: status 1, the terminal restored, and stderr says what was not saved",
          .enabled(if: TinyDisk.canMount, "needs root to mount a tmpfs"))
    func quitAnywayOnFullDisk() throws {
        let disk = try TinyDisk(kilobytes: 1024)
        let session = try TmuxSession(width: 120, height: 40, arguments: ["--data-dir", disk.folder.appendingPathComponent("noodle").path])
        try session.waitFor("the dashboard") { $0.contains("ready") }
        disk.fill()
        var screen = ""
        for index in 0 ..< 12 where !screen.contains("not stored yet") {
            try addCountdown("\(46 + index)m lost \(index)", session)
            screen = try session.screen()
        }
        try #require(screen.contains("not stored yet"), "no save failed on a full disk:\n\(screen)")
        try session.send("q")
        try session.waitFor("q answered with a warning") { $0.contains("Not saved yet: q again quits") }
        try session.send("q")
        #expect(try session.exitStatus() == 1)
        #expect(try session.terminalRestored())
        let stderr = try String(contentsOf: session.file("stderr"), encoding: .utf8)
        #expect(stderr.contains("not saved: database or disk is full"), "stderr: \(stderr)")
    }

    @Test("a database another program holds locked: said in the header, and stored once the lock goes")
    func lockedDatabase() throws {
        let session = try TmuxSession(width: 120, height: 40)
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try addCountdown("45m first", session)
        let database = session.databasePath
        try waitForStored(["first"], in: database, timeout: 3)

        // Another program takes the write lock for 4 s.
        let locked = session.runFolder.appendingPathComponent("locked").path
        let holder = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
            db.execute("BEGIN EXCLUSIVE")
            open(sys.argv[2], "w").close()
            time.sleep(4)
            db.execute("ROLLBACK")
            """
        let started = try Spawn.run(["sh", "-c", "python3 -c \"$0\" \"$1\" \"$2\" >/dev/null 2>&1 &", holder, database, locked])
        #expect(started.status == 0)
        let deadline = Date().addingTimeInterval(5)
        while !FileManager.default.fileExists(atPath: locked) && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        try #require(FileManager.default.fileExists(atPath: locked), "the lock holder never took the lock")

        try addCountdown("46m while locked", session, waitForRow: false)
        let screen = try session.waitFor("the lock named in the header", timeout: 5) {
            $0.split(separator: "\n").first?.contains("not stored yet, retrying: the database is locked by another program") == true
        }
        #expect(screen.contains("while locked"), "the countdown is on screen while the lock holds:\n\(screen)")

        let stored = try waitForStored(["first", "while locked"], in: database, timeout: 12)
        #expect(stored.integrity == "ok")
        try session.waitFor("the header saying all is stored again") { $0.contains("Saved again") }
        try session.quitCleanly()
    }

    private func addCountdown(_ text: String, _ session: TmuxSession, waitForRow: Bool = true) throws {
        try session.send("2", "n")
        try session.type(text)
        try session.send("Enter")
        guard waitForRow else { return }
        let label = text.split(separator: " ", maxSplits: 1).last.map(String.init) ?? text
        try session.waitFor("\(label) listed") { HardeningScreen.countdownListed(String(label.prefix(20)), in: $0) }
    }

    /// Waits until the database holds exactly `labels` as its countdowns, read by python3's sqlite3.
    @discardableResult
    private func waitForStored(_ labels: [String], in path: String, timeout: Double) throws -> HardeningKit.Database {
        let deadline = Date().addingTimeInterval(timeout)
        var last: HardeningKit.Database?
        while Date() < deadline {
            if let read = try? HardeningKit.readDatabase(path) {
                last = read
                if read.countdownLabels == labels { return read }
            }
            Thread.sleep(forTimeInterval: 0.2)
        }
        throw E2EError("the database never held \(labels); last read: \(last.map { "\($0.countdownLabels)" } ?? "nothing")")
    }
}

/// A tmpfs of a few hundred kilobytes, mounted for one test: a disk that really fills up.
final class TinyDisk {
    let folder: URL
    private var filler: URL { folder.appendingPathComponent("filler") }

    static let canMount: Bool = {
        guard geteuid() == 0, let disk = try? TinyDisk(kilobytes: 64) else { return false }
        _ = disk
        return true
    }()

    init(kilobytes: Int) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-tinydisk-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let mounted = try Spawn.run(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k", "tmpfs", folder.path])
        guard mounted.status == 0 else {
            try? FileManager.default.removeItem(at: folder)
            throw E2EError("mount failed: \(mounted.output)")
        }
    }

    deinit {
        _ = try? Spawn.run(["umount", "-l", folder.path])
        try? FileManager.default.removeItem(at: folder)
    }

    /// Writes a file until the disk has no space left.
    func fill() {
        let fd = open(filler.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let block = [UInt8](repeating: 0x4E, count: 4096)
        while block.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
    }

    func free() {
        unlink(filler.path)
    }
}
