import Foundation
import Testing

/// The release binary running in a private tmux server at a fixed size, driven like a person would:
/// keys in with send-keys, the screen out with capture-pane.
final class TmuxSession: ScreenSource {
    let name: String
    let socket: String
    /// The XDG folders; shared with another session to restart noodle on the same data.
    let home: URL
    /// This run's own records: stty before and after, stderr, exit status.
    let runFolder: URL
    let binary: String
    private let ownsHome: Bool

    /// Where `make test` put the release binary; tests fail loudly rather than skip when it is missing.
    static var binaryPath: String {
        if let path = ProcessInfo.processInfo.environment["NOODLE_BIN"] { return path }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return root.appendingPathComponent(".build/release/noodle").path
    }

    /// Starts noodle inside a wrapper that records `stty -g` before and after, and noodle's exit status.
    /// `sharing` runs on another session's data, as a restart or a second terminal would;
    /// `launcher` is a command noodle runs under (such as `faketime -f +10m`).
    /// `sound` leaves the alarm's sound on; otherwise a fresh home's config.toml says `sound = "none"`,
    /// so that no test rings through the machine's speakers or has the header say there are none.
    init(width: Int = 100, height: Int = 30, arguments: [String] = [], environment: [String: String] = [:], unsetting: [String] = [],
         launcher: [String] = [], sharing other: TmuxSession? = nil, sound: Bool = false) throws {
        binary = Self.binaryPath
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw E2EError("no noodle binary at \(binary); run `make test`, which builds it first")
        }
        let id = UUID().uuidString.prefix(8)
        name = "noodle-\(id)"
        socket = "noodle-e2e-\(id)"
        home = other?.home ?? FileManager.default.temporaryDirectory.appendingPathComponent("noodle-e2e-\(id)")
        ownsHome = other == nil
        runFolder = home.appendingPathComponent("run-\(id)")
        try FileManager.default.createDirectory(at: runFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("data"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/noodle"), withIntermediateDirectories: true)
        if other == nil, !sound {
            try "sound = \"none\"\n".write(to: home.appendingPathComponent("config/noodle/config.toml"), atomically: true, encoding: .utf8)
        }
        var exports = ["XDG_DATA_HOME": home.appendingPathComponent("data").path,
                       "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                       "LANG": "C.UTF-8", "TERM": "tmux-256color",
                       // No sound server either: the sound tests name their own.
                       "PULSE_SERVER": "unix:" + home.appendingPathComponent("no-sound-server").path]
        exports.merge(environment) { $1 }
        for name in unsetting { exports[name] = nil }
        let unsets = unsetting.map { "-u \($0)" }.joined(separator: " ")
        let assignments = exports.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.quote($0.value))" }.joined(separator: " ")
        let command = (launcher + [binary] + arguments).map(Self.quote).joined(separator: " ")
        let script = """
        stty -g > \(Self.quote(file("stty-before").path)); \
        env \(unsets) \(assignments) \(command) 2> \(Self.quote(file("stderr").path)); echo $? > \(Self.quote(file("status").path)); \
        stty -g > \(Self.quote(file("stty-after").path)); sleep 600
        """
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", script])
        try tmux(["set-option", "-t", name, "-g", "bell-action", "any"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        Thread.sleep(forTimeInterval: 0.05)
        try? FileManager.default.removeItem(at: ownsHome ? home : runFolder)
    }

    func file(_ name: String) -> URL { runFolder.appendingPathComponent(name) }

    /// The database this session's noodle uses.
    var databasePath: String { home.appendingPathComponent("data/noodle/noodle.sqlite").path }

    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The pid of noodle itself, a child of the wrapper shell in the pane.
    func noodlePID() throws -> Int32 {
        let shell = try tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        for child in children.split(separator: " ") {
            let pid = String(child)
            if let cmdline = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8), cmdline.hasPrefix(binary) {
                return Int32(pid)!
            }
        }
        throw E2EError("noodle is not running in the pane")
    }

    /// Waits for noodle to exit and returns its status.
    func exitStatus(timeout: Double = 5) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // The shell creates stty-after before stty has written it: wait for the whole line.
            if let text = try? String(contentsOf: file("status"), encoding: .utf8),
               let after = try? String(contentsOf: file("stty-after"), encoding: .utf8), after.hasSuffix("\n"),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw E2EError("noodle did not exit; screen was:\n\((try? screen()) ?? "")")
    }

    /// True when the terminal settings after noodle exited are exactly those before it started.
    func terminalRestored() throws -> Bool {
        let before = try String(contentsOf: file("stty-before"), encoding: .utf8)
        let after = try String(contentsOf: file("stty-after"), encoding: .utf8)
        return !before.isEmpty && before == after
    }

    /// Quits with q and checks what every exit must leave: status 0 and the terminal as it was.
    func quitCleanly(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try send("q")
        let status = try exitStatus()
        #expect(status == 0, "stderr: \((try? String(contentsOf: file("stderr"), encoding: .utf8)) ?? "")", sourceLocation: sourceLocation)
        #expect(try terminalRestored(), sourceLocation: sourceLocation)
    }

    /// The pane's title, as the program set it with OSC 2.
    func paneTitle() throws -> String {
        try tmux(["display-message", "-p", "-t", name, "#{pane_title}"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func bellRang() throws -> Bool {
        try tmux(["list-windows", "-t", name, "-F", "#{window_bell_flag}"]).contains("1")
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let result = try Spawn.run(["tmux", "-u", "-L", socket] + arguments)
        guard result.status == 0 else { throw E2EError("tmux \(arguments.joined(separator: " ")) failed: \(result.output)") }
        return result.output
    }

    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

struct E2EError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Anything whose screen a test can read: it can be waited on.
protocol ScreenSource {
    func screen() throws -> String
}

extension ScreenSource {
    /// Polls the screen until `predicate` holds or `timeout` passes; returns the last screen seen.
    @discardableResult
    func waitFor(_ description: String, timeout: Double = 5, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw E2EError("timed out waiting for \(description); screen was:\n\(last)")
    }
}
