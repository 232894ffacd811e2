import Foundation
import NoodleTestSupport
import Testing

/// Signals at a random moment while the user is busy: whatever the screen showed as done before
/// the signal must be stored afterwards, and the terminal must be left as it was found.
@Suite("Hardening: signals")
struct SignalHardeningTests {
    static let rounds = HardeningKit.count(short: 2, soak: 20)

    @Test("INT, TERM and HUP at a random moment: status 128+n, the terminal restored, everything shown stored",
          arguments: [SIGINT, SIGTERM, SIGHUP])
    func terminatingSignal(_ signal: Int32) throws {
        var random = HardeningRandom("signals-\(signal)")
        for round in 0 ..< Self.rounds {
            let context = "signal \(signal), round \(round), seed \(random.seed)"
            let run = try BusyDashboard(tag: "s\(signal)r\(round)", random: &random)
            let (shown, pid) = try run.actThenSignal(signal, random: &random)
            #expect(try run.session.exitStatus() == 128 + signal, "\(context)")
            #expect(try run.session.terminalRestored(), "\(context)")
            #expect(!HardeningKit.processExists(pid), "\(context)")
            try run.expectStored(atLeast: shown, context)
        }
    }

    @Test("TSTP then CONT at a random moment: what was shown is stored, then the dashboard comes back and takes keys")
    func stopThenContinue() throws {
        var random = HardeningRandom("signals-tstp")
        for round in 0 ..< Self.rounds {
            let context = "TSTP round \(round), seed \(random.seed)"
            let run = try BusyDashboard(tag: "tstp\(round)", random: &random)
            let (shown, pid) = try run.actThenSignal(SIGTSTP, random: &random)
            Thread.sleep(forTimeInterval: 0.3)
            // The pane's shell runs noodle without job control, from an orphaned process group:
            // the kernel discards the default stop that noodle raises after saving and leaving
            // curses, so noodle carries on ('S'). Were it stopped ('T'), CONT must bring it back.
            let state = HardeningKit.processState(pid)
            #expect(state == "S" || state == "R" || state == "T", "\(context): state \(state ?? "gone")")
            // TSTP saves before it stops: the store already holds what the screen showed.
            try run.expectStored(atLeast: shown, context)
            kill(pid, SIGCONT)
            let session = run.session
            try session.waitFor("the dashboard drawn again after CONT") { HardeningScreen.isWholeDashboard($0, width: 120) }
            #expect(HardeningKit.processState(pid) != "T", "\(context): still stopped after CONT")

            try session.send("1")
            var screen = try session.screen()
            if !HardeningScreen.stopwatchRunning(screen) {
                try session.send("Space")
                screen = try session.waitFor("the stopwatch running") { HardeningScreen.stopwatchRunning($0) }
            }
            let before = HardeningScreen.lapsRecorded(screen) ?? 0
            try session.send("l")
            try session.waitFor("a lap after CONT (\(context))") { HardeningScreen.lapsRecorded($0) == before + 1 }
            try session.quitCleanly()
        }
    }
}

/// A dashboard at 120x40 being used: the stopwatch started, two countdowns added, laps recorded
/// and a bookmark made from the catalog, one step after another at a human-ish pace.
struct BusyDashboard {
    let session: TmuxSession
    let labels: [String]
    private let pace: Double

    init(tag: String, random: inout HardeningRandom) throws {
        session = try TmuxSession(width: 120, height: 40)
        labels = ["\(tag)a", "\(tag)b"]
        pace = Double.random(in: 0.03 ... 0.12, using: &random)
        try session.waitFor("the dashboard") { $0.contains("ready") }
    }

    private var steps: [() throws -> Void] {
        let session = session, labels = labels
        return [
            { try session.send("Space") },
            { try session.send("2", "n"); try session.type("20m \(labels[0])"); try session.send("Enter") },
            { try session.send("n"); try session.type("25m \(labels[1])"); try session.send("Enter") },
            { try session.send("1", "l") },
            { try session.send("l") },
            { try session.send("3", "a"); try session.type("shin ramyun"); try session.send("Enter", "Escape") },
            { try session.send("1", "l") },
        ]
    }

    /// Goes through the steps until a random moment 0–1.5 s in, captures the screen and sends
    /// `signal` at once; returns what that screen showed as done, and noodle's pid.
    func actThenSignal(_ signal: Int32, random: inout HardeningRandom) throws -> (HardeningScreen.Shown, Int32) {
        let pid = try session.noodlePID()
        let delay = Double.random(in: 0 ... 1.5, using: &random)
        let start = Date()
        var next = 0
        let steps = self.steps
        while true {
            let left = delay - Date().timeIntervalSince(start)
            if left <= 0 { break }
            if next < steps.count {
                try steps[next]()
                next += 1
            }
            Thread.sleep(forTimeInterval: min(left, pace))
        }
        let screen = try session.screen()
        kill(pid, signal)
        return (HardeningScreen.shown(screen, labels: labels), pid)
    }

    /// The database holds at least what `shown` says the screen showed.
    func expectStored(atLeast shown: HardeningScreen.Shown, _ context: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let cli = try NoodleCLI(sharing: session)
        let status = try cli.run(["status", "--json"], sourceLocation: sourceLocation)
        #expect(status.status == 0, "\(context): \(status.stderr)", sourceLocation: sourceLocation)
        let stored = Set(HardeningKit.timerLabels(statusJSON: status.stdout))
        #expect(shown.labels.isSubset(of: stored), "\(context): shown \(shown.labels), stored \(stored)", sourceLocation: sourceLocation)

        let laps = try cli.run(["laps", "--csv"], sourceLocation: sourceLocation)
        let storedLaps = laps.stdout.split(separator: "\n").count - 1
        #expect(storedLaps >= shown.laps, "\(context): \(shown.laps) laps shown, \(storedLaps) stored", sourceLocation: sourceLocation)

        if let bookmarks = shown.bookmarks {
            let database = try HardeningKit.readDatabase(session.databasePath)
            #expect(database.integrity == "ok", "\(context)", sourceLocation: sourceLocation)
            let storedIDs = database.bookmarks.map(\.catalogID)
            #expect(bookmarks.allSatisfy(storedIDs.contains), "\(context): shown \(bookmarks), stored \(storedIDs)", sourceLocation: sourceLocation)
        }
    }
}

// MARK: - Shared by the Hardening suites

enum HardeningKit {
    /// `make soak` sets NOODLE_SOAK=1 for the long counts; `make test` runs the short ones.
    static var soak: Bool { ProcessInfo.processInfo.environment["NOODLE_SOAK"] == "1" }

    static func count(short: Int, soak long: Int) -> Int { soak ? long : short }

    static func processExists(_ pid: Int32) -> Bool {
        guard let state = processState(pid) else { return false }
        return state != "Z" && state != "X"
    }

    /// The one-letter state in /proc/<pid>/stat (R, S, T, Z, ...), or nil once the process is gone.
    static func processState(_ pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let paren = stat.range(of: ")", options: .backwards)
        else { return nil }
        return stat[paren.upperBound...].split(separator: " ").first.map(String.init)
    }

    /// The labels in `noodle status --json`'s timers, in order.
    static func timerLabels(statusJSON: String) -> [String] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(statusJSON.utf8)) as? [String: Any],
              let timers = object["timers"] as? [[String: Any]]
        else { return [] }
        return timers.compactMap { $0["label"] as? String }
    }

    struct StoredBookmark: Equatable, CustomStringConvertible {
        var catalogID: String
        var ownTime: Int64?
        var memo: String
        var description: String { "\(catalogID)(\(ownTime.map { "\($0 / 1_000_000_000)s" } ?? "-"), \(memo.debugDescription))" }
    }

    /// What the database file holds, read by Python's sqlite3 (never by noodle's own code).
    struct Database {
        var integrity: String
        var countdownLabels: [String]
        var bookmarks: [StoredBookmark]
        /// The bookmarks' stored positions, in the order of `bookmarks`.
        var bookmarkPositions: [Int]
        var laps: Int
        /// Nanoseconds the stopped stopwatch holds (not counting a run in progress).
        var stopwatchAccumulated: Int64
        var stopwatchRunning: Bool
    }

    private static let readerScript = """
        import json, os, sqlite3, sys
        path = sys.argv[1]
        if not os.path.exists(path):
            print(json.dumps({"integrity": "ok", "countdowns": [], "bookmarks": [], "laps": 0}))
            sys.exit(0)
        db = sqlite3.connect(path, timeout=10)
        db.text_factory = lambda b: b.decode("utf-8", "replace")
        tables = {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        out = {"integrity": "\\n".join(row[0] for row in db.execute("PRAGMA integrity_check"))}
        # Release 0.1.0 kept countdowns in a position column; later ones keep them in id order.
        ordered = "position, id" if "countdown" in tables and any(c[1] == "position" for c in db.execute("PRAGMA table_info(countdown)")) else "id"
        out["countdowns"] = [r[0] for r in db.execute("SELECT label FROM countdown ORDER BY " + ordered)] if "countdown" in tables else []
        out["bookmarks"] = [{"catalogID": r[0], "ownTime": r[1], "memo": r[2], "position": r[3]}
                            for r in db.execute("SELECT catalogID, ownTime, memo, position FROM bookmark ORDER BY position, id")] if "bookmark" in tables else []
        out["laps"] = db.execute("SELECT count(*) FROM lap").fetchone()[0] if "lap" in tables else 0
        row = db.execute("SELECT accumulated, runningSince FROM stopwatch").fetchone() if "stopwatch" in tables else None
        out["stopwatch"] = {"accumulated": row[0] if row else 0, "running": bool(row and row[1] is not None)}
        db.close()
        print(json.dumps(out))
        """

    static func readDatabase(_ path: String) throws -> Database {
        let result = try Spawn.run(["python3", "-c", readerScript, path])
        guard result.status == 0,
              let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        else { throw E2EError("could not read \(path) with python3: \(result.output)") }
        let bookmarks = (object["bookmarks"] as? [[String: Any]] ?? []).map { row in
            StoredBookmark(catalogID: row["catalogID"] as? String ?? "", ownTime: (row["ownTime"] as? NSNumber)?.int64Value,
                           memo: row["memo"] as? String ?? "")
        }
        let stopwatch = object["stopwatch"] as? [String: Any] ?? [:]
        return Database(integrity: object["integrity"] as? String ?? "", countdownLabels: object["countdowns"] as? [String] ?? [],
                        bookmarks: bookmarks, bookmarkPositions: (object["bookmarks"] as? [[String: Any]] ?? []).map { $0["position"] as? Int ?? -1 },
                        laps: object["laps"] as? Int ?? -1, stopwatchAccumulated: (stopwatch["accumulated"] as? NSNumber)?.int64Value ?? 0,
                        stopwatchRunning: stopwatch["running"] as? Bool ?? false)
    }
}

/// SplitMix64: seeded from NOODLE_HARDENING_SEED when set (to replay a failure), else at random;
/// every failure message names the seed.
struct HardeningRandom: RandomNumberGenerator {
    let seed: UInt64
    private var generator: SplitMix

    init(_ stream: String) {
        if let text = ProcessInfo.processInfo.environment["NOODLE_HARDENING_SEED"], let given = UInt64(text) {
            // Each test draws its own stream from the one seed.
            seed = given ^ UInt64(truncatingIfNeeded: stream.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) })
        } else {
            seed = UInt64.random(in: 0 ... UInt64.max)
        }
        generator = SplitMix(seed: seed)
    }

    mutating func next() -> UInt64 { generator.next() }
}

/// Reading what the dashboard shows as done.
enum HardeningScreen {
    struct Shown {
        /// Countdown labels listed in the Timers panel (not merely typed into its prompt).
        var labels: Set<String>
        var laps: Int
        /// Catalog ids of the bookmarks listed; nil when the catalog overlay hides the panel.
        var bookmarks: [String]?
    }

    static func shown(_ screen: String, labels: [String]) -> Shown {
        Shown(
            labels: Set(labels.filter { countdownListed($0, in: screen) }),
            laps: lapsRecorded(screen) ?? 0,
            bookmarks: screen.contains("Ramen catalog") ? nil : bookmarkRows(screen).map(\.id)
        )
    }

    /// A countdown row reads `▶ label   12:34` (or ⏸ while paused); the prompt reads `New: 20m label_`.
    static func countdownListed(_ label: String, in screen: String) -> Bool {
        screen.contains("▶ \(label) ") || screen.contains("⏸ \(label) ")
    }

    static func stopwatchRunning(_ screen: String) -> Bool {
        screen.contains("▶ running") || screen.contains("stopwatch running")
    }

    /// Laps recorded: the header's count when it shows one, else the lap list's highest number,
    /// less the live row a running stopwatch shows above the recorded laps.
    static func lapsRecorded(_ screen: String) -> Int? {
        let header = screen.split(separator: "\n").first.map(String.init) ?? ""
        if let match = header.range(of: #", \d+ laps?"#, options: .regularExpression) {
            return Int(header[match].filter(\.isNumber))
        }
        if header.contains("stopwatch running") || header.contains("noodle · ready") { return 0 }
        var highest = 0
        for line in screen.split(separator: "\n") {
            guard let match = line.range(of: #"│ +Lap \d+ "#, options: .regularExpression) else { continue }
            highest = max(highest, Int(line[match].filter(\.isNumber)) ?? 0)
        }
        guard highest > 0 else { return screen.contains("Stopwatch") ? 0 : nil }
        return stopwatchRunning(screen) ? highest - 1 : highest
    }

    struct Ramen: Sendable {
        let id: String
        let name: String
        let search: String
    }

    /// Catalog entries with names no other entry starts with, so a row names exactly one.
    static let ramen: [Ramen] = [
        Ramen(id: "shin-ramyun", name: "Shin Ramyun 신라면", search: "shin ramyun"),
        Ramen(id: "jin-ramen", name: "Jin Ramen 진라면", search: "jin ramen"),
        Ramen(id: "neoguri", name: "Neoguri 너구리", search: "neoguri"),
        Ramen(id: "chapagetti", name: "Chapagetti 짜파게티", search: "chapagetti"),
        Ramen(id: "samyang-ramyun", name: "Samyang Ramyun", search: "samyang ramyun"),
        Ramen(id: "king-cup", name: "King Cup 왕뚜껑", search: "king cup"),
    ]

    /// The Bookmarks panel's rows, top to bottom: catalog id and whether it is the selected row.
    static func bookmarkRows(_ screen: String) -> [(id: String, selected: Bool)] {
        screen.split(separator: "\n").compactMap { line in
            for entry in ramen {
                // The panel's own left border; the one beside it may be a corner (an idle stopwatch's strip).
                if line.contains("│> " + entry.name) { return (entry.id, true) }
                if line.contains("│  " + entry.name) { return (entry.id, false) }
            }
            return nil
        }
    }

    /// All three panels framed at `width`: the Stopwatch's corner at column 0 of row 1, the
    /// right-hand panels' corner at the last column.
    static func isWholeDashboard(_ screen: String, width: Int) -> Bool {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count > 3, lines[0].contains("noodle") else { return false }
        let frame = lines[1]
        return frame.hasPrefix("┌") && frame.hasSuffix("┐") && frame.count == width
            && frame.contains("Stopwatch") && screen.contains("Timers") && screen.contains("Bookmarks")
    }
}

extension TmuxSession {
    /// Ends this session's tmux server now (and noodle with it), rather than when the value goes.
    func killServerNow() {
        _ = try? Spawn.run(["tmux", "-L", socket, "kill-server"])
    }
}
