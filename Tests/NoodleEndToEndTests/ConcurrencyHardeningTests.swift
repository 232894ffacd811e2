import Foundation
import Testing

/// Several real noodles on one data folder at once: `noodle add` in bursts, two dashboards each
/// driven at random. Whatever the interleaving, the stored result must be one that the same
/// actions applied one at a time, in some order, would give.
@Suite("Hardening: concurrent writers", .serialized)
struct ConcurrencyHardeningTests {
    static let addRounds = HardeningKit.count(short: 4, soak: 20)
    static let busySeconds: Double = HardeningKit.soak ? 40 : 8
    static let raceTrials = HardeningKit.count(short: 3, soak: 12)

    @Test("30 noodle add at once, round after round: every one that printed Added is stored, also with an id and times ahead of the clock")
    func thirtyAddsAtOnce() throws {
        var random = HardeningRandom("concurrent-adds")
        for round in 0 ..< Self.addRounds {
            // Every other round starts from rows a clock-based id or position could not get past.
            let ahead = round % 2 == 1
            let context = "round \(round)\(ahead ? " with rows ahead of the clock" : ""), seed \(random.seed)"
            let cli = try NoodleCLI()
            defer { cli.remove() }
            var before = HardeningKit.Database.empty
            if ahead {
                #expect(try cli.run(["add", "1h", "first"]).status == 0, "\(context)")
                before = try StoreProbe.plantAheadOfClock(cli.databasePath)
            }
            let labels = (0 ..< 30).map { "r\(round)n\($0)" }
            let started = try labels.map { try cli.start(["add", "\(Int.random(in: 10 ... 59, using: &random))m", $0]) }
            let results = started.map { $0.finish() }
            for (label, result) in zip(labels, results) {
                #expect(result.status == 0 && result.stdout.hasPrefix("Added \(label) "), "\(context): \(label) said \(result.stdout)\(result.stderr)")
            }

            let stored = try HardeningKit.readDatabase(cli.databasePath)
            #expect(stored.integrity == "ok", "\(context)")
            let missing = (before.countdownLabels + labels).filter { !stored.countdownLabels.contains($0) }
            #expect(missing.isEmpty, "\(context): \(missing.count) lost: \(missing)")
            #expect(stored.countdownLabels.count == before.countdownLabels.count + labels.count, "\(context): stored \(stored.countdownLabels)")
            #expect(stored.laps == before.laps && stored.stopwatchAccumulated == before.stopwatchAccumulated,
                    "\(context): the stopwatch went from \(before.laps) laps, \(before.stopwatchAccumulated) ns to \(stored.laps), \(stored.stopwatchAccumulated)")
        }
    }

    @Test("two dashboards and a stream of noodle add, all acting at random: integrity, positions, every add kept, screens agree")
    func twoDashboardsAndAStream() throws {
        var random = HardeningRandom("two-dashboards")
        let context = "seed \(random.seed)"
        // Tall enough that every countdown the run can make is listed without scrolling.
        let pair = try DashboardPair(width: 120, height: 50)
        let stream = AddStream(cli: try NoodleCLI(sharing: pair.a), pauses: (0 ..< 10).map { _ in Double.random(in: 0.1 ... 0.8, using: &random) })
        stream.begin()

        var log: [String] = []
        var added = [0, 0]
        let end = Date().addingTimeInterval(Self.busySeconds)
        while Date() < end {
            let which = Int.random(in: 0 ... 1, using: &random)
            let action = RandomAction.choose(&random, mayAdd: added[which] < 3, label: "\(which == 0 ? "A" : "B")\(added[which])")
            if case .addCountdown = action { added[which] += 1 }
            try action.send(to: pair.sessions[which])
            log.append("\(which == 0 ? "A" : "B"): \(action)")
            Thread.sleep(forTimeInterval: Double.random(in: 0.02 ... 0.15, using: &random))
        }
        let adds = stream.finish()
        let acknowledged = adds.filter { $0.result.status == 0 && $0.result.stdout.hasPrefix("Added \($0.label) ") }.map(\.label)
        #expect(acknowledged.count == adds.count, "\(context): some adds failed: \(adds.filter { !acknowledged.contains($0.label) })")

        // Once everyone is quiet, both screens come to show what is stored.
        let settled = try pair.waitForAgreement(timeout: 10, context)
        #expect(try pair.quitBoth() == [0, 0], "\(context)")

        let stored = try HardeningKit.readDatabase(pair.a.databasePath)
        let summary = "\(context); stored \(stored.countdownLabels), bookmarks \(stored.bookmarks.map(\.catalogID)) at \(stored.bookmarkPositions); last actions \(log.suffix(12))"
        #expect(stored.integrity == "ok", "\(summary)")
        #expect(stored.bookmarkPositions.sorted() == Array(0 ..< stored.bookmarks.count), "positions not 0..n-1: \(summary)")
        // The catalog's Enter toggles, so no order of toggles one at a time bookmarks a ramen twice.
        #expect(Set(stored.bookmarks.map(\.catalogID)).count == stored.bookmarks.count, "a bookmark stored twice: \(summary)")
        let lost = acknowledged.filter { !stored.countdownLabels.contains($0) }
        #expect(lost.isEmpty, "acknowledged adds lost: \(lost); \(summary)")
        #expect(stored.laps == 0 || stored.stopwatchAccumulated > 0 || stored.stopwatchRunning,
                "a reset stopwatch with \(stored.laps) laps: \(summary)")
        #expect(stored.countdownLabels == settled.countdownLabels, "changed after the screens agreed: \(summary)")
    }

    @Test("A stops and resets the stopwatch while B records a lap: a reset stopwatch has no laps, stored and on both screens")
    func resetWhileLapping() throws {
        var random = HardeningRandom("reset-vs-lap")
        let pair = try DashboardPair(width: 120, height: 40)
        try pair.send("1")
        for trial in 0 ..< Self.raceTrials {
            let context = "trial \(trial), seed \(random.seed)"
            // B starts it and records two laps; A sees it running, so its Space stops it and r then resets.
            try pair.b.send("Space")
            Thread.sleep(forTimeInterval: 0.3)
            try pair.b.send("l")
            Thread.sleep(forTimeInterval: 0.2)
            try pair.b.send("l")
            try pair.a.waitFor("A showing the stopwatch running with 2 laps (\(context))", timeout: 8) {
                HardeningScreen.stopwatchRunning($0) && HardeningScreen.lapsRecorded($0) == 2
            }
            try pair.race(&random, a: ["Space", "r"], b: ["l"])

            // Every serial order ends reset: B's lap comes before the reset, or finds it stopped.
            // Read once all have had time to store, so a reset undone a moment later is caught.
            Thread.sleep(forTimeInterval: 2)
            let stored = try HardeningKit.readDatabase(pair.a.databasePath)
            #expect(!stored.stopwatchRunning && stored.laps == 0 && stored.stopwatchAccumulated == 0,
                    "\(context): stored \(stored.laps) laps at \(stored.stopwatchAccumulated) ns, running \(stored.stopwatchRunning), after a reset")
            for session in pair.sessions {
                try session.waitFor("the reset shown (\(context))", timeout: 8) {
                    !HardeningScreen.stopwatchRunning($0) && HardeningScreen.lapsRecorded($0) == 0
                }
            }
        }
        #expect(try pair.quitBoth() == [0, 0])
    }

    @Test("A removes a countdown while B adds a minute to it: it is gone, stored and on both screens")
    func removeWhileAddingAMinute() throws {
        var random = HardeningRandom("remove-vs-plus")
        let pair = try DashboardPair(width: 120, height: 40)
        let cli = try NoodleCLI(sharing: pair.a)
        try pair.send("2")
        for trial in 0 ..< Self.raceTrials {
            let context = "trial \(trial), seed \(random.seed)"
            let label = "victim\(trial)"
            #expect(try cli.run(["add", "30m", label]).status == 0)
            for session in pair.sessions {
                try session.waitFor("\(label) listed (\(context))", timeout: 8) { HardeningScreen.countdownListed(label, in: $0) }
            }
            // The only countdown, so it is the one selected in both.
            try pair.race(&random, a: ["x"], b: ["+"])

            Thread.sleep(forTimeInterval: 2)
            let stored = try HardeningKit.readDatabase(pair.a.databasePath)
            #expect(!stored.countdownLabels.contains(label), "\(context): came back after its removal: \(stored.countdownLabels)")
            for (name, session) in zip(["A", "B"], pair.sessions) {
                #expect((try? session.waitFor("\(label) gone", timeout: 5) { !$0.contains(label) }) != nil,
                        "\(context): \(label) still on \(name)'s screen:\n\((try? session.screen()) ?? "")")
            }
        }
        #expect(try pair.quitBoth() == [0, 0])
    }

    @Test("both dashboards move bookmarks in bursts: positions unique and contiguous, the order a permutation, both screens showing it")
    func movesAtOnce() throws {
        var random = HardeningRandom("moves")
        let pair = try DashboardPair(width: 120, height: 40)
        let ramen = Array(HardeningScreen.ramen.prefix(4))
        try pair.send("3")
        for entry in ramen {
            try pair.a.send("a")
            try pair.a.type(entry.search)
            try pair.a.waitFor("\(entry.id) selected in the catalog") { $0.contains("│>  " + entry.name) }
            try pair.a.send("Enter")
            try pair.a.waitFor("\(entry.id) ticked") { $0.contains("│>✓ " + entry.name) }
            try pair.a.send("Escape")
        }
        try pair.b.waitFor("B showing the four bookmarks", timeout: 8) { HardeningScreen.bookmarkRows($0).count == 4 }
        // Each starts from its own end of the list, so both have room to move.
        try pair.a.send("-N", "4", "k")
        try pair.b.send("-N", "4", "j")

        for trial in 0 ..< Self.raceTrials {
            let context = "trial \(trial), seed \(random.seed)"
            let bursts = (0 ..< 2).map { _ in (0 ..< Int.random(in: 4 ... 8, using: &random)).map { _ in Bool.random(using: &random) ? "J" : "K" } }
            for index in 0 ..< max(bursts[0].count, bursts[1].count) {
                for (burst, session) in zip(bursts, pair.sessions) where index < burst.count {
                    try session.send(burst[index])
                }
                Thread.sleep(forTimeInterval: Double.random(in: 0 ... 0.03, using: &random))
            }
            let settled = try pair.waitForAgreement(timeout: 10, "\(context), A pressed \(bursts[0]), B \(bursts[1])")
            #expect(settled.bookmarkPositions.sorted() == [0, 1, 2, 3], "\(context): positions \(settled.bookmarkPositions)")
            #expect(settled.bookmarks.map(\.catalogID).sorted() == ramen.map(\.id).sorted(),
                    "\(context): not a permutation: \(settled.bookmarks.map(\.catalogID))")
        }
        #expect(try pair.quitBoth() == [0, 0])
    }
}

// MARK: - The parts

/// Two dashboards in tmux on one data folder, as two terminals would have it.
struct DashboardPair {
    let a: TmuxSession
    let b: TmuxSession
    var sessions: [TmuxSession] { [a, b] }

    init(width: Int, height: Int) throws {
        a = try TmuxSession(width: width, height: height)
        b = try TmuxSession(width: width, height: height, sharing: a)
        for session in [a, b] { try session.waitFor("the dashboard") { $0.contains("ready") } }
    }

    func send(_ keys: String...) throws {
        for session in sessions { try session.send(keys) }
    }

    /// A's and B's keys sent at nearly the same moment, in a random order, a few ms apart.
    func race(_ random: inout HardeningRandom, a keysA: [String], b keysB: [String]) throws {
        let gap = Double.random(in: 0 ... 0.04, using: &random)
        let aFirst = Bool.random(using: &random)
        try (aFirst ? a : b).send(aFirst ? keysA : keysB)
        Thread.sleep(forTimeInterval: gap)
        try (aFirst ? b : a).send(aFirst ? keysB : keysA)
    }

    /// Waits until both screens show what the database holds: the bookmarks in order, the laps,
    /// every countdown's label. Returns that database.
    @discardableResult
    func waitForAgreement(timeout: Double, _ context: String) throws -> HardeningKit.Database {
        let deadline = Date().addingTimeInterval(timeout)
        var last: (HardeningKit.Database, [String])?
        while Date() < deadline {
            let stored = try HardeningKit.readDatabase(a.databasePath)
            let screens = try sessions.map { try $0.screen() }
            if screens.allSatisfy({ Self.shows($0, stored) }) { return stored }
            last = (stored, screens)
            Thread.sleep(forTimeInterval: 0.2)
        }
        let (stored, screens) = last!
        throw E2EError("""
            the screens never agreed with the database (\(context)): stored bookmarks \(stored.bookmarks.map(\.catalogID)), \
            \(stored.laps) laps, countdowns \(stored.countdownLabels)
            A:
            \(screens[0])
            B:
            \(screens[1])
            """)
    }

    private static func shows(_ screen: String, _ stored: HardeningKit.Database) -> Bool {
        HardeningScreen.bookmarkRows(screen).map(\.id) == stored.bookmarks.map(\.catalogID)
            && HardeningScreen.lapsRecorded(screen) == stored.laps
            && stored.countdownLabels.allSatisfy { screen.contains(" \($0) ") }
    }

    /// Quits both, a second q where unsaved work makes the first only warn; their exit statuses.
    func quitBoth() throws -> [Int32] {
        try sessions.map { session in
            try session.send("q")
            let deadline = Date().addingTimeInterval(3)
            while Date() < deadline, !FileManager.default.fileExists(atPath: session.file("status").path) {
                if try session.screen().contains("q again quits") {
                    try session.send("q")
                    break
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
            return try session.exitStatus(timeout: 10)
        }
    }
}

extension TmuxSession {
    func send(_ keys: [String]) throws {
        for key in keys { try send(key) }
    }
}

/// One random thing a user does on a dashboard; never removes a countdown, so that every add a
/// test saw acknowledged must still be stored at the end.
enum RandomAction: CustomStringConvertible {
    case addCountdown(label: String, minutes: Int)
    case keys([String])
    case bookmark(HardeningScreen.Ramen)

    static func choose(_ random: inout HardeningRandom, mayAdd: Bool, label: String) -> RandomAction {
        var choices: [RandomAction] = [
            .keys(["2", "+"]), .keys(["2", "-"]), .keys(["2", "Space"]), .keys(["2", "r"]), .keys(["2", "j"]), .keys(["2", "k"]),
            .keys(["1", "Space"]), .keys(["1", "l"]), .keys(["1", "l"]), .keys(["1", "r"]),
            .keys(["3", "J"]), .keys(["3", "K"]), .keys(["3", "J"]), .keys(["3", "K"]), .keys(["3", "d"]), .keys(["3", "u"]),
            .keys(["3", "j"]), .keys(["3", "k"]),
            .bookmark(HardeningScreen.ramen.randomElement(using: &random)!),
        ]
        if mayAdd { choices.append(.addCountdown(label: label, minutes: Int.random(in: 20 ... 59, using: &random))) }
        return choices.randomElement(using: &random)!
    }

    func send(to session: TmuxSession) throws {
        switch self {
        case .addCountdown(let label, let minutes):
            try session.send("2", "n")
            try session.type("\(minutes)m \(label)")
            try session.send("Enter")
        case .keys(let keys):
            try session.send(keys)
        case .bookmark(let ramen):
            // Enter toggles: on a ramen already bookmarked this removes the bookmark, which is fine here.
            try session.send("3", "a")
            try session.type(ramen.search)
            try session.send("Enter", "Escape")
        }
    }

    var description: String {
        switch self {
        case .addCountdown(let label, let minutes): "add \(minutes)m \(label)"
        case .keys(let keys): keys.joined(separator: " ")
        case .bookmark(let ramen): "catalog \(ramen.id)"
        }
    }
}

/// `noodle add` run again and again from a thread of its own, as a script in another terminal
/// would, while the test drives the dashboards.
final class AddStream: @unchecked Sendable {
    struct Add {
        let label: String
        let result: NoodleCLI.Result
    }

    private let cli: NoodleCLI
    private let pauses: [Double]
    private let lock = NSLock()
    private var adds: [Add] = []
    private var stopping = false
    private let done = DispatchSemaphore(value: 0)

    init(cli: NoodleCLI, pauses: [Double]) {
        self.cli = cli
        self.pauses = pauses
    }

    func begin() {
        let thread = Thread { [self] in
            for (index, pause) in pauses.enumerated() {
                Thread.sleep(forTimeInterval: pause)
                if lock.withLock({ stopping }) { break }
                let label = String(format: "cli%02d", index)
                // Not `run`: its #expect has no test to report to on this thread.
                let result = try? cli.start(["add", "\(20 + index)m", label]).finish()
                lock.withLock { adds.append(Add(label: label, result: result ?? NoodleCLI.Result(status: -1, stdout: "", stderr: "not started"))) }
            }
            done.signal()
        }
        thread.start()
    }

    /// Stops the stream and returns every add it ran.
    func finish() -> [Add] {
        lock.withLock { stopping = true }
        done.wait()
        return lock.withLock { adds }
    }
}

/// What the tests write and wait for in the database, with python3's sqlite3 rather than noodle's code.
enum StoreProbe {
    /// Plants rows a clock-based id, position or time would collide with: a countdown with a huge
    /// id due in ten years, a stopped stopwatch with time on it, and three laps. Returns what is stored then.
    static func plantAheadOfClock(_ path: String) throws -> HardeningKit.Database {
        let script = """
            import sqlite3, sys, time
            db = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
            columns = {row[1] for row in db.execute("PRAGMA table_info(countdown)")}
            db.execute("BEGIN IMMEDIATE")
            row = {"id": 9_000_000_000_000_000, "label": "from the future", "total": 3600 * 10**9, "state": "running",
                   "deadline": time.time_ns() + 10 * 365 * 86400 * 10**9, "remaining": None}
            if "position" in columns:
                row["position"] = db.execute("SELECT coalesce(max(position), -1) + 1 FROM countdown").fetchone()[0]
            db.execute("INSERT INTO countdown (%s) VALUES (%s)" % (", ".join(row), ", ".join("?" * len(row))), list(row.values()))
            db.execute("INSERT OR REPLACE INTO stopwatch (id, accumulated, runningSince) VALUES (1, ?, NULL)", (7 * 10**9,))
            for number, total in ((1, 10**9), (2, 3 * 10**9), (3, 7 * 10**9)):
                db.execute("INSERT OR REPLACE INTO lap (number, total) VALUES (?, ?)", (number, total))
            db.execute("COMMIT")
            """
        let result = try Spawn.run(["python3", "-c", script, path])
        guard result.status == 0 else { throw E2EError("could not plant rows in \(path): \(result.output)") }
        return try HardeningKit.readDatabase(path)
    }
}

extension NoodleCLI {
    var databasePath: String { home.appendingPathComponent("data/noodle/noodle.sqlite").path }
}

extension HardeningKit.Database {
    static let empty = HardeningKit.Database(integrity: "ok", countdownLabels: [], bookmarks: [], bookmarkPositions: [], laps: 0,
                                             stopwatchAccumulated: 0, stopwatchRunning: false)
}

extension HardeningKit {
    /// Polls the database with python3 until `predicate` holds; throws with the last read otherwise.
    @discardableResult
    static func waitForDatabase(_ path: String, timeout: Double, _ description: String, _ predicate: (Database) -> Bool) throws -> Database {
        let deadline = Date().addingTimeInterval(timeout)
        var last: Database?
        while Date() < deadline {
            if let read = try? readDatabase(path) {
                last = read
                if predicate(read) { return read }
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        throw E2EError("the database never showed \(description); last read: \(last.map { "\($0)" } ?? "nothing")")
    }
}
