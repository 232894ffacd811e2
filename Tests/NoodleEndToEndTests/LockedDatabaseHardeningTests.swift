import Foundation
import Testing

/// Another program holding the database must cost the user nothing they can feel: the writes
/// wait, the keys and the bell do not.
@Suite("Hardening: a database locked by another program", .serialized)
struct LockedDatabaseHardeningTests {
    static let lockSeconds: Double = HardeningKit.soak ? 30 : 10
    static let samples = HardeningKit.count(short: 8, soak: 30)

    @Test("held with BEGIN EXCLUSIVE: keys show at once, a countdown due meanwhile rings on time, the header says not stored yet, and all typed is stored in order after")
    func responsiveWhileLocked() throws {
        let session = try TmuxSession(width: 120, height: 40)
        defer { session.killServerNow() }
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("2", "n")
        try session.type("45m first")
        try session.send("Enter")
        let database = session.databasePath
        try HardeningKit.waitForDatabase(database, timeout: 5, "the first countdown") { $0.countdownLabels == ["first"] }

        let lock = try LockHolder(database, seconds: Self.lockSeconds)
        defer { lock.release() }
        let lockedAt = Date()
        try session.send("n")
        try session.type("6s due")
        let due = Date().addingTimeInterval(6)
        try session.send("Enter")

        // Each sample stores a countdown, so a loop that waits on the lock holds up the keys after it.
        var latencies: [Double] = []
        var labels = ["first", "due"]
        func timed(_ keys: String..., until description: String, _ shown: (String) -> Bool) throws {
            let start = Date()
            try session.send(keys)
            try session.waitFor(description, timeout: 8, shown)
            latencies.append(Date().timeIntervalSince(start))
        }
        for index in 0 ..< Self.samples {
            let label = "L\(index)"
            try timed("2", "n", until: "the prompt for \(label)") { $0.contains("New: ") }
            try session.type("\(30 + index)m \(label)")
            try session.send("Enter")
            labels.append(label)
            try timed("1", until: "the Stopwatch focused after \(label)") { HardeningScreen.focusedPanel($0) == "Stopwatch" }
        }
        // A loop that waits on the lock stalls only at some keys, then runs free: the worst counts too.
        let sorted = latencies.sorted()
        let shown = "all: \(latencies.map { Int($0 * 1000) }) ms"
        #expect(sorted[sorted.count / 2] < 0.3, "median key to screen \(Int(sorted[sorted.count / 2] * 1000)) ms while locked; \(shown)")
        #expect(sorted.last! < 1, "slowest key to screen \(Int(sorted.last! * 1000)) ms while locked; \(shown)")
        #expect(Date().timeIntervalSince(lockedAt) < Self.lockSeconds, "the samples outlasted the lock: nothing measured under it")

        // Checked before the bell, whose own message then takes the header.
        let header = try? session.waitFor("the header", timeout: max(0.5, due.timeIntervalSinceNow - 0.5)) {
            $0.split(separator: "\n").first?.contains("not stored yet") == true
        }
        #expect(header != nil, "the header never said not stored yet: \((try? session.screen())?.split(separator: "\n").first ?? "")")

        #expect(Date() < due, "the keys above took past the countdown's deadline, so its bell was not timed")
        #expect(try Date() >= due || !session.bellRang(), "a bell before the countdown was due")
        var rang: Date?
        while rang == nil, Date() < due.addingTimeInterval(3) {
            if try session.bellRang() { rang = Date() }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let late = rang.map { $0.timeIntervalSince(due) }
        #expect(late.map { $0 < 1 } == true, "the bell of a countdown due during the lock: \(late.map { "\(Int($0 * 1000)) ms late" } ?? "never")")
        #expect(Date().timeIntervalSince(lockedAt) < Self.lockSeconds, "the countdown came due after the lock: the bell was not tested under it")

        try session.send("2", "Enter")
        try session.waitFor("the header saying all is stored again", timeout: Self.lockSeconds + 10) { $0.contains("Saved again") }
        let stored = try HardeningKit.waitForDatabase(database, timeout: 5, "\(labels) in order") { $0.countdownLabels == labels }
        #expect(stored.integrity == "ok")
        try session.quitCleanly()
    }
}

/// python3's sqlite3 holding a database with BEGIN EXCLUSIVE for a while, as another program would.
final class LockHolder {
    private let started: NoodleCLI.Started
    private var released = false

    /// Returns once the lock is taken.
    init(_ database: String, seconds: Double) throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-lock-\(UUID().uuidString)").path
        defer { unlink(marker) }
        let script = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
            db.execute("BEGIN EXCLUSIVE")
            open(sys.argv[2], "w").close()
            time.sleep(float(sys.argv[3]))
            db.execute("ROLLBACK")
            """
        started = try NoodleCLI.start(["python3", "-c", script, database, marker, "\(seconds)"], environment: ProcessInfo.processInfo.environment)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: marker) {
            guard Date() < deadline, HardeningKit.processExists(started.pid) else {
                release()
                throw E2EError("the lock holder never took the lock")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Ends the holder now if it still runs; its lock goes with it.
    func release() {
        guard !released else { return }
        released = true
        kill(started.pid, SIGTERM)
        _ = started.finish()
    }
}

extension HardeningScreen {
    /// The panel drawn with the focused title, `[ Name ]`, on the top frame row.
    static func focusedPanel(_ screen: String) -> String? {
        let frame = screen.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().first ?? ""
        for panel in ["Stopwatch", "Timers", "Bookmarks"] where screen.contains("[ \(panel) ]") {
            if panel == "Bookmarks" || frame.contains("[ \(panel) ]") { return panel }
        }
        return nil
    }
}
