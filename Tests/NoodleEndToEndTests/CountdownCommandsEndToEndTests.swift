import Foundation
import Testing

/// `noodle ack`, `snooze`, `pause`, `resume`, `rm`, `stopwatch` and `add --bookmark` against a
/// real database file, as a script or a key binding runs them.
@Suite("End to end: the command line drives countdowns and the stopwatch", .serialized)
struct CountdownCommandsEndToEndTests {
    @Test("ack stops the only ringing countdown; nothing ringing, or a countdown that is not, exits 0; an unknown label exits 2")
    func ackOne() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        #expect(try cli.run(["add", "0:01", "tea"]).status == 0)
        #expect(try cli.run(["add", "5", "teapot"]).status == 0)
        Thread.sleep(forTimeInterval: 1.3)
        #expect(try cli.run(["status"]).status == 1)

        let ack = try cli.run(["ack"])
        #expect(ack.status == 0, "stderr: \(ack.stderr)")
        #expect(ack.stdout == "Stopped tea's alarm.\n")
        #expect(try cli.run(["status"]).status == 0, "tea still rings after ack")

        let again = try cli.run(["ack"])
        #expect(again.status == 0)
        #expect(again.stdout == "Nothing is ringing.\n")
        let running = try cli.run(["ack", "teapot"])
        #expect(running.status == 0)
        #expect(running.stdout.hasPrefix("teapot is not ringing (running, 4:5"), "\(running.stdout)")
        let unknown = try cli.run(["ack", "coffee"])
        #expect(unknown.status == 2)
        #expect(unknown.stdout.isEmpty)
        #expect(unknown.stderr.hasPrefix("noodle: no ringing countdown is called \"coffee\""), "\(unknown.stderr)")
        #expect(unknown.stderr.contains("teapot"), "the error does not list the countdowns: \(unknown.stderr)")
    }

    @Test("with several ringing, ack without a label and an ambiguous label list them and exit 2; a full label and --all stop them")
    func ackSeveral() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        for label in ["tea", "tea kettle", "egg"] { #expect(try cli.run(["add", "0:01", label]).status == 0) }
        Thread.sleep(forTimeInterval: 1.3)

        let bare = try cli.run(["ack"])
        #expect(bare.status == 2)
        #expect(bare.stderr.hasPrefix("noodle: 3 countdowns ring;"), "\(bare.stderr)")
        #expect(bare.stderr.contains("--all"))
        let rows = bare.stderr.split(separator: "\n").dropFirst()
        #expect(rows.count == 3, "\(bare.stderr)")
        #expect(rows.allSatisfy { $0.range(of: #"^  #\d+ +(0:00|-0:0\d)  ringing  (tea|tea kettle|egg)$"#, options: .regularExpression) != nil },
                "\(bare.stderr)")

        let prefix = try cli.run(["ack", "TE"])
        #expect(prefix.status == 2)
        #expect(prefix.stderr.hasPrefix("noodle: \"TE\" matches 2 countdowns;"), "\(prefix.stderr)")
        #expect(prefix.stderr.contains("ringing  tea\n") && prefix.stderr.contains("ringing  tea kettle\n"), "\(prefix.stderr)")
        #expect(try cli.run(["status"]).status == 1, "an ambiguous ack stopped something")

        let exact = try cli.run(["ack", "tea"])
        #expect(exact.stdout == "Stopped tea's alarm.\n", "stderr: \(exact.stderr)")
        let all = try cli.run(["ack", "--all"])
        #expect(all.status == 0)
        #expect(all.stdout == "Stopped the alarm of tea kettle, egg.\n")
        #expect(try cli.run(["status"]).status == 0)
        #expect(try cli.run(["ack", "--all", "egg"]).status == 2)
    }

    @Test("snooze gives a ringing countdown config's snooze, or the duration given, and says when it rings again")
    func snooze() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        let nothing = try cli.run(["snooze"])
        #expect(nothing.status == 2)
        #expect(nothing.stderr == "noodle: nothing is ringing\n")

        #expect(try cli.run(["add", "0:01", "Shin", "Ramyun"]).status == 0)
        #expect(try cli.run(["add", "0:01", "egg"]).status == 0)
        Thread.sleep(forTimeInterval: 1.3)
        #expect(try cli.run(["snooze"]).status == 2, "snoozed one of two without a label")
        let given = try cli.run(["snooze", "shin", "ramyun", "2m"])
        #expect(given.status == 0, "stderr: \(given.stderr)")
        #expect(given.stdout.range(of: #"^Snoozed Shin Ramyun: rings again at \d\d:\d\d( tomorrow)?, in 2:00\.\n$"#, options: .regularExpression) != nil,
                "\(given.stdout)")
        let byDefault = try cli.run(["snooze"])
        #expect(byDefault.stdout.hasSuffix(", in 1:00.\n"), "\(byDefault.stdout) \(byDefault.stderr)")
        #expect(byDefault.stdout.hasPrefix("Snoozed egg:"))
        let status = try cli.run(["status", "--json"])
        #expect(status.status == 0, "still ringing after snooze: \(status.stdout)")

        try FileManager.default.createDirectory(at: cli.configFolder, withIntermediateDirectories: true)
        try "snooze = \"30s\"\n".write(to: cli.configFolder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        #expect(try cli.run(["add", "0:01", "tea"]).status == 0)
        Thread.sleep(forTimeInterval: 1.3)
        let configured = try cli.run(["snooze", "tea"])
        #expect(configured.stdout.hasSuffix(", in 0:30.\n"), "\(configured.stdout) \(configured.stderr)")
        let notRinging = try cli.run(["snooze", "egg", "1m"])
        #expect(notRinging.status == 2)
        #expect(notRinging.stderr.hasPrefix("noodle: egg is not ringing (running, "), "\(notRinging.stderr)")
    }

    @Test("pause, resume and rm by a Hangul prefix, a label with spaces in any case, and #id; --data-dir may come first")
    func pauseResumeRemove() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        #expect(try cli.run(["add", "5", "신라면", "블랙"]).status == 0)
        #expect(try cli.run(["add", "4:30", "Shin", "Ramyun"]).status == 0)

        let paused = try cli.run(["pause", "신라면"])
        #expect(paused.status == 0, "stderr: \(paused.stderr)")
        #expect(paused.stdout.range(of: #"^Paused 신라면 블랙 with (5:00|4:59) left\.\n$"#, options: .regularExpression) != nil, "\(paused.stdout)")
        #expect(try cli.run(["pause", "SHIN", " RAMYUN"]).stdout.hasPrefix("Paused Shin Ramyun with 4:"))
        let twice = try cli.run(["pause", "shin ramyun"])
        #expect(twice.status == 0)
        #expect(twice.stdout.hasPrefix("Shin Ramyun is already paused, 4:"), "\(twice.stdout)")
        let json = try cli.run(["status", "--json"])
        #expect(json.stdout.contains(#""state":"paused""#) && !json.stdout.contains(#""state":"running""#), "\(json.stdout)")

        let resumed = try cli.run(["resume", "shin"])
        #expect(resumed.stdout.range(of: #"^Resumed Shin Ramyun: 4:(30|29|28) left, done at \d\d:\d\d( tomorrow)?\.\n$"#, options: .regularExpression) != nil,
                "\(resumed.stdout) \(resumed.stderr)")
        #expect(try cli.run(["resume", "Shin Ramyun"]).stdout.hasPrefix("Shin Ramyun is already running, 4:"))

        let dataDir = cli.home.appendingPathComponent("data/noodle").path
        let removed = try cli.run(["--data-dir", dataDir, "rm", "신라면 블랙"])
        #expect(removed.status == 0, "stderr: \(removed.stderr)")
        #expect(removed.stdout.hasPrefix("Removed 신라면 블랙 (paused, "), "\(removed.stdout)")
        let gone = try cli.run(["rm", "신라면"])
        #expect(gone.status == 2)
        #expect(gone.stderr.hasPrefix("noodle: no countdown is called \"신라면\""), "\(gone.stderr)")

        #expect(try cli.run(["add", "3", "tea"]).status == 0)
        #expect(try cli.run(["add", "3", "tea"]).status == 0)
        let twins = try cli.run(["rm", "tea"])
        #expect(twins.status == 2)
        let listed = try #require(twins.stderr.range(of: #"#\d+ "#, options: .regularExpression), "\(twins.stderr)")
        let id = twins.stderr[listed].dropLast()
        #expect(try cli.run(["rm", String(id)]).status == 0)
        #expect(try cli.run(["rm", "tea"]).status == 0, "the other tea is now the only one")
        #expect(HardeningKit.timerLabels(statusJSON: try cli.run(["status", "--json"]).stdout) == ["Shin Ramyun"])
        #expect(try cli.run(["pause"]).status == 2, "pause without a label")
    }

    @Test("stopwatch start, lap, stop and reset print the reading; a lap while stopped and a reset while running exit 2")
    func stopwatch() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        let lapStopped = try cli.run(["stopwatch", "lap"])
        #expect(lapStopped.status == 2)
        #expect(lapStopped.stderr.contains("not running"))
        #expect(try cli.run(["stopwatch", "start"]).stdout == "Started the stopwatch.\n")
        #expect(try cli.run(["stopwatch", "start"]).stdout.hasPrefix("The stopwatch is already running: 00:00."))
        Thread.sleep(forTimeInterval: 0.3)
        let lap = try cli.run(["stopwatch", "lap"])
        #expect(lap.stdout.range(of: #"^Lap 1: 00:00\.\d\d, total 00:00\.\d\d\.\n$"#, options: .regularExpression) != nil, "\(lap.stdout)")
        #expect(try cli.run(["stopwatch", "lap"]).stdout.hasPrefix("Lap 2: "))
        let resetRunning = try cli.run(["stopwatch", "reset"])
        #expect(resetRunning.status == 2)
        #expect(resetRunning.stderr.contains("stop it first"))
        let stop = try cli.run(["stopwatch", "stop"])
        #expect(stop.stdout.range(of: #"^Stopped the stopwatch at 00:00\.\d\d\.\n$"#, options: .regularExpression) != nil, "\(stop.stdout)")
        #expect(try cli.run(["laps", "--csv"]).stdout.split(separator: "\n").count == 3)
        let reset = try cli.run(["stopwatch", "reset"])
        #expect(reset.stdout.hasSuffix(", with 2 laps).\n"), "\(reset.stdout)")
        #expect(try cli.run(["laps", "--csv"]).stdout == "lap,lap_time,total,diff\n")
        #expect(try cli.run(["stopwatch", "sideways"]).status == 2)
    }

    @Test("add --bookmark starts a bookmark at its own time with its steps; a name that fits several lists them and exits 2")
    func addBookmark() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        #expect(try cli.run(["stopwatch", "stop"]).status == 0, "made the database")
        try Self.bookmark(cli.databasePath, [("shin-ramyun", 255, "[01:00] stir\n[09:00] after the end"), ("shin-ramyun-black", nil, "")])

        let several = try cli.run(["add", "--bookmark", "shin"])
        #expect(several.status == 2)
        #expect(several.stderr.hasPrefix("noodle: \"shin\" matches 2 bookmarks;"), "\(several.stderr)")
        #expect(several.stderr.contains("Shin Ramyun (신라면, shin-ramyun) *4:15") && several.stderr.contains("Shin Ramyun Black"), "\(several.stderr)")

        let added = try cli.run(["add", "--bookmark", "Shin", "Ramyun"])
        #expect(added.status == 0, "stderr: \(added.stderr)")
        #expect(added.stdout.range(of: #"^Added Shin Ramyun 4:15 with \d+ steps?, done at \d\d:\d\d( tomorrow)?\n$"#, options: .regularExpression) != nil,
                "\(added.stdout)")
        // The memo's step after the end is said, and left out.
        #expect(added.stderr.contains("[9:00] is after the end"), "\(added.stderr)")
        let steps = try Self.storedSteps(cli.databasePath)
        #expect(steps.first?.contains("[01:00] stir") == true && steps.first?.contains("after the end") == false, "\(steps)")

        let korean = try cli.run(["add", "--bookmark", "신라면 블랙"])
        #expect(korean.stdout.hasPrefix("Added Shin Ramyun Black "), "\(korean.stdout) \(korean.stderr)")
        let notBookmarked = try cli.run(["add", "--bookmark", "neoguri"])
        #expect(notBookmarked.status == 2)
        #expect(notBookmarked.stderr.contains("Neoguri is in the catalog but not bookmarked"), "\(notBookmarked.stderr)")
        #expect(HardeningKit.timerLabels(statusJSON: try cli.run(["status", "--json"]).stdout) == ["Shin Ramyun", "Shin Ramyun Black"])
        #expect(try cli.run(["add"]).status == 2, "add with neither a duration nor --bookmark")
    }

    @Test("the completion scripts still generate, and know the new commands")
    func completions() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        for shell in ["bash", "zsh", "fish"] {
            let script = try cli.run(["--generate-completion-script", shell])
            #expect(script.status == 0, "\(shell): \(script.stderr)")
            for name in ["ack", "snooze", "pause", "resume", "rm", "stopwatch"] {
                #expect(script.stdout.contains(name), "\(shell) completion lacks \(name)")
            }
        }
        let help = try cli.run(["ack", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--all"))
    }

    /// Bookmarks planted with python3's sqlite3: (catalog id, own time in seconds, memo).
    static func bookmark(_ path: String, _ rows: [(String, Int?, String)]) throws {
        let script = """
            import json, sqlite3, sys
            db = sqlite3.connect(sys.argv[1], timeout=10)
            for position, (catalog, own, memo) in enumerate(json.loads(sys.argv[2])):
                db.execute("INSERT INTO bookmark (position, catalogID, ownTime, memo, packs) VALUES (?, ?, ?, ?, 1)",
                           (position, catalog, None if own is None else own * 10**9, memo))
            db.commit()
            """
        let json = try JSONSerialization.data(withJSONObject: rows.map { [$0.0, $0.1 as Any? ?? NSNull(), $0.2] })
        let result = try Spawn.run(["python3", "-c", script, path, String(decoding: json, as: UTF8.self)])
        guard result.status == 0 else { throw E2EError("could not plant bookmarks: \(result.output)") }
    }

    /// Each countdown's stored steps, in id order.
    static func storedSteps(_ path: String) throws -> [String] {
        let script = "import json, sqlite3, sys; print(json.dumps([r[0] for r in sqlite3.connect(sys.argv[1]).execute('SELECT steps FROM countdown ORDER BY id')]))"
        let result = try Spawn.run(["python3", "-c", script, path])
        return (try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String]) ?? []
    }
}

@Suite("End to end: the command line acts on an open dashboard", .serialized)
struct CommandLineOnDashboardEndToEndTests {
    @Test("noodle ack tea from another shell stops the alarm ringing on the dashboard")
    func ackStopsTheDashboard() throws {
        let session = try TmuxSession()
        let cli = try NoodleCLI(sharing: session)
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("n")
        try session.type("1s tea")
        try session.send("Enter")
        try session.waitFor("tea ringing", timeout: 4) { $0.contains("done: tea") }
        let ack = try cli.run(["ack", "tea"])
        #expect(ack.status == 0, "stderr: \(ack.stderr)")
        #expect(ack.stdout == "Stopped tea's alarm.\n")
        try session.waitFor("the dashboard quiet", timeout: 3) { !$0.contains("done: tea") }
        #expect(try cli.run(["status"]).status == 0)
        try session.quitCleanly()
    }

    @Test("noodle stopwatch start shows the stopwatch running on the dashboard, and stop stops it there")
    func stopwatchStartShows() throws {
        let session = try TmuxSession()
        let cli = try NoodleCLI(sharing: session)
        try session.waitFor("the dashboard") { $0.contains("ready") }
        #expect(try cli.run(["stopwatch", "start"]).stdout == "Started the stopwatch.\n")
        try session.waitFor("the stopwatch running", timeout: 3) { HardeningScreen.stopwatchRunning($0) }
        #expect(try cli.run(["stopwatch", "stop"]).status == 0)
        try session.waitFor("the stopwatch stopped", timeout: 3) { !HardeningScreen.stopwatchRunning($0) }
        try session.quitCleanly()
    }
}
