import Foundation
import NoodleTestSupport
import Testing

/// The subcommands of the release binary run as a script or a status bar runs them: stdin from
/// /dev/null, stdout and stderr to files, each read separately.
struct NoodleCLI {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// A private XDG data and config folder, removed with the value.
    let home: URL

    init(sharing session: TmuxSession? = nil) throws {
        if let session {
            home = session.home
        } else {
            home = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-cli-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: home.appendingPathComponent("config"), withIntermediateDirectories: true)
        }
    }

    var configFolder: URL { home.appendingPathComponent("config/noodle") }

    func remove() {
        try? FileManager.default.removeItem(at: home)
    }

    /// Runs noodle with `arguments`, under `launcher` if given; no output of any command may hold an escape sequence.
    func run(_ arguments: [String], environment extra: [String: String] = [:], launcher: [String] = [],
             sourceLocation: SourceLocation = #_sourceLocation) throws -> Result {
        let result = try Self.spawn(launcher + [TmuxSession.binaryPath] + arguments, environment: environment(extra))
        #expect(!result.stdout.utf8.contains(0x1B), "ESC in stdout of \(arguments): \(result.stdout.debugDescription)", sourceLocation: sourceLocation)
        #expect(!result.stderr.utf8.contains(0x1B), "ESC in stderr of \(arguments): \(result.stderr.debugDescription)", sourceLocation: sourceLocation)
        return result
    }

    /// Starts noodle with `arguments` without waiting for it, so that several run at once.
    func start(_ arguments: [String]) throws -> Started {
        try Self.start([TmuxSession.binaryPath] + arguments, environment: environment([:]))
    }

    private func environment(_ extra: [String: String]) -> [String: String] {
        var environment = [
            "XDG_DATA_HOME": home.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
            "HOME": home.path,
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
            "LANG": "C.UTF-8",
            "TERM": "xterm-256color",
        ]
        environment.merge(extra) { $1 }
        return environment
    }

    /// posix_spawn and waitpid, as `Spawn` does, but with stdout and stderr kept apart.
    static func spawn(_ arguments: [String], environment: [String: String]) throws -> Result {
        try start(arguments, environment: environment).finish()
    }

    /// A program started and not yet waited for: several can run at once.
    struct Started {
        let pid: pid_t
        let outPath: String
        let errPath: String

        /// Waits for the program to exit and collects what it wrote.
        func finish() -> Result {
            defer {
                unlink(outPath)
                unlink(errPath)
            }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
            let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
            return Result(
                status: exitStatus,
                stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            )
        }
    }

    static func start(_ arguments: [String], environment: [String: String]) throws -> Started {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-cli-out-\(UUID().uuidString)").path
        let outPath = base + ".out", errPath = base + ".err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        switch spawnWithCleanSignals(arguments, environment: environment, actions: &actions) {
        case .success(let pid):
            return Started(pid: pid, outPath: outPath, errPath: errPath)
        case .failure(let failure):
            unlink(outPath)
            unlink(errPath)
            throw E2EError(failure.description)
        }
    }
}

@Suite("End to end: the command line", .serialized)
struct CommandLineEndToEndTests {
    @Test("add starts a countdown that status then shows, with exit status 0")
    func addThenStatus() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        let empty = try cli.run(["status"])
        #expect(empty.status == 0)
        #expect(empty.stdout == "\n")

        let added = try cli.run(["add", "4:30", "Shin", "Ramyun"])
        #expect(added.status == 0, "stderr: \(added.stderr)")
        #expect(added.stdout.range(of: #"^Added Shin Ramyun 4:30, done at \d\d:\d\d( tomorrow)?\n$"#, options: .regularExpression) != nil,
                "\(added.stdout)")
        #expect(added.stderr.isEmpty)
        #expect(try cli.run(["add", "4m30s"]).status == 0)

        let status = try cli.run(["status"])
        #expect(status.status == 0)
        #expect(status.stdout.range(of: #"^🍜 Shin Ramyun 4:(30|29|28)\n$"#, options: .regularExpression) != nil, "\(status.stdout)")
        let ascii = try cli.run(["status"], environment: ["LANG": "C"])
        #expect(ascii.stdout.range(of: #"^Shin Ramyun 4:(30|29|28)\n$"#, options: .regularExpression) != nil, "\(ascii.stdout)")
        let template = try cli.run(["status", "--format", "{count} running, next {timer_label} in {timer_left}"])
        #expect(template.stdout.hasPrefix("2 running, next Shin Ramyun in 4:"), "\(template.stdout)")
    }

    @Test("status --json parses, with the countdowns and the stopwatch")
    func statusJSON() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        _ = try cli.run(["add", "90s", "say \"hi\" 신라면"])
        let result = try cli.run(["status", "--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 1)
        #expect((object["ringing"] as? [Any])?.isEmpty == true)
        let timers = try #require(object["timers"] as? [[String: Any]])
        #expect(timers.count == 1)
        #expect(timers.first?["label"] as? String == "say \"hi\" 신라면")
        #expect(timers.first?["state"] as? String == "running")
        #expect((88 ... 90).contains(timers.first?["remaining_seconds"] as? Int ?? -1))
        let stopwatch = try #require(object["stopwatch"] as? [String: Any])
        #expect(stopwatch["running"] as? Bool == false)
        #expect(stopwatch["elapsed_seconds"] as? Int == 0)
        #expect(stopwatch["laps"] as? Int == 0)
    }

    @Test("a countdown that finished with no dashboard open rings in status, which exits 1")
    func ringingExitsOne() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        #expect(try cli.run(["add", "0:01", "egg"]).status == 0)
        Thread.sleep(forTimeInterval: 1.2)
        let status = try cli.run(["status"])
        #expect(status.status == 1)
        // Overtime as the dashboard writes it: 0:00 under a second, then -0:01.
        #expect(status.stdout.hasPrefix("🔔 egg 0:00") || status.stdout.hasPrefix("🔔 egg -0:0"), "\(status.stdout)")
        let json = try cli.run(["status", "--json"])
        #expect(json.status == 1)
        #expect(json.stdout.contains(#""ringing":[{"label":"egg","overtime_seconds":"#))
        // A shorter alarm_cap in config.toml ends the ringing sooner.
        try FileManager.default.createDirectory(at: cli.configFolder, withIntermediateDirectories: true)
        try "alarm_cap = \"1s\"\nbell_interval = \"1s\"\n".write(to: cli.configFolder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        Thread.sleep(forTimeInterval: 1.0)
        let quiet = try cli.run(["status"])
        #expect(quiet.status == 0)
        #expect(quiet.stdout == "\n")
    }

    @Test("laps --csv prints the header row, and the laps a dashboard recorded")
    func lapsCSV() throws {
        let session = try TmuxSession()
        let cli = try NoodleCLI(sharing: session)
        let none = try cli.run(["laps", "--csv"])
        #expect(none.status == 0)
        #expect(none.stdout == "lap,lap_time,total,diff\n")

        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("Space")
        Thread.sleep(forTimeInterval: 0.3)
        try session.send("l")
        Thread.sleep(forTimeInterval: 0.3)
        try session.send("l")
        try session.waitFor("two laps") { $0.contains("Lap 1") && $0.contains("Lap 2") }
        try session.quitCleanly()

        let csv = try cli.run(["laps", "--csv"])
        #expect(csv.status == 0)
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.count == 3, "\(csv.stdout)")
        #expect(lines.first == "lap,lap_time,total,diff")
        #expect(lines.dropFirst().first?.range(of: #"^1,00:00\.\d\d,00:00\.\d\d,$"#, options: .regularExpression) != nil, "\(csv.stdout)")
        #expect(lines.last?.range(of: #"^2,00:00\.\d\d,00:00\.\d\d,[+-]00:00\.\d\d$"#, options: .regularExpression) != nil, "\(csv.stdout)")

        let table = try cli.run(["laps"])
        #expect(table.stdout.split(separator: "\n").first == "lap  lap_time     total       diff")
        #expect(table.stdout.split(separator: "\n").count == 3)
    }

    @Test("a countdown added from the shell appears on an open dashboard by itself")
    func addReachesDashboard() throws {
        let session = try TmuxSession()
        let cli = try NoodleCLI(sharing: session)
        try session.waitFor("the dashboard") { $0.contains("ready") }
        #expect(try cli.run(["add", "3m", "rice"]).status == 0)
        try session.waitFor("the added countdown") { $0.contains("rice") }
        try session.quitCleanly()
    }

    @Test("catalog lists the built-in ramen, Korean names included")
    func catalog() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        let result = try cli.run(["catalog"])
        #expect(result.status == 0)
        let shin = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("Shin Ramyun ") })
        #expect(shin.contains("신라면") && shin.contains("Nongshim") && shin.contains("4:30") && shin.contains("550 ml"))
        #expect(result.stdout.split(separator: "\n").count > 10)
    }

    @Test("a bad duration exits 2 with the reason on stderr and nothing on stdout")
    func badDuration() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        let result = try cli.run(["add", "soon", "tea"])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "noodle: not a duration: 'soon' (try 4:30, 4m30s, 90s, 1h5m or 5)\n")
    }

    @Test("usage errors exit 2 with ArgumentParser's message on stderr", arguments: [
        ["--bogus"], ["status", "--bogus"], ["add"], ["status", "--json", "--format", "{timer}"], ["dashboard", "--notify", "pigeon"],
    ])
    func usageErrors(_ arguments: [String]) throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        let result = try cli.run(arguments)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: noodle"))
    }

    @Test("--version, --help and completion scripts go to stdout with status 0", arguments: [
        (["--version"], "0.1.0\n"), (["--help"], "SUBCOMMANDS:"), (["status", "--help"], "{timer_left}"),
        (["--generate-completion-script", "bash"], "complete"), (["--generate-completion-script", "zsh"], "#compdef noodle"),
        (["--generate-completion-script", "fish"], "complete -c 'noodle'"),
    ])
    func cleanExits(_ arguments: [String], _ fragment: String) throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        let result = try cli.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains(fragment))
        #expect(result.stderr.isEmpty)
    }

    @Test("a config with an unknown key warns on stderr, and the dashboard runs")
    func configWarning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-config-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("config.toml").path
        try "flash = true\ncolour = \"red\"\n".write(toFile: path, atomically: true, encoding: .utf8)
        let session = try TmuxSession(arguments: ["--config", path])
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.quitCleanly()
        let stderr = try String(contentsOf: session.file("stderr"), encoding: .utf8)
        #expect(stderr.contains("noodle: \(path): unknown key 'colour' (ignored)\n"), "\(stderr)")
    }

    @Test("a config with a bad value stops noodle before curses with status 2 and the line on stderr")
    func configError() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-config-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("noodle"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("noodle/config.toml").path
        try "# mine\nframe_rate_cap = 500\n".write(toFile: path, atomically: true, encoding: .utf8)
        let session = try TmuxSession(environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(try session.exitStatus() == 2)
        #expect(try session.terminalRestored())
        let stderr = try String(contentsOf: session.file("stderr"), encoding: .utf8)
        #expect(stderr == "noodle: \(path):2: frame_rate_cap must be from 1 to 60 frames a second, not 500\n")

        // status reads the same file, and says the same.
        let cli = try NoodleCLI()
        defer { cli.remove() }
        let status = try cli.run(["status"], environment: ["XDG_CONFIG_HOME": folder.path])
        #expect(status.status == 2)
        #expect(status.stderr.contains("frame_rate_cap must be from 1 to 60"))
        // A --config that does not exist is an error too, not the defaults.
        let missing = try TmuxSession(arguments: ["--config", folder.appendingPathComponent("nope.toml").path])
        #expect(try missing.exitStatus() == 2)
        #expect(try String(contentsOf: missing.file("stderr"), encoding: .utf8).contains("no such config file"))
    }

    @Test("a config whose table header has no name is an error with status 2, not an abort inside the TOML parser")
    func namelessTableHeader() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        try FileManager.default.createDirectory(at: cli.configFolder, withIntermediateDirectories: true)
        let path = cli.configFolder.appendingPathComponent("config.toml").path
        try "flash = true\n[[\n".write(toFile: path, atomically: true, encoding: .utf8)
        let status = try cli.run(["status"])
        #expect(status.status == 2)
        #expect(status.stderr == "noodle: \(path):2: is not valid TOML (column 3): a table header needs a name after its [ (a letter, digit, _, - or a quoted name)\n")
    }
}
