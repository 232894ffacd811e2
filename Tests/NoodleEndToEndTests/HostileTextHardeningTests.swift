import CWidth
import Foundation
import Testing

/// Labels and memos that carry terminal controls: none of them may reach the terminal as a
/// control, all of them must show as something visible, and no row may shift the frame.
@Suite("Hardening: hostile text")
struct HostileTextHardeningTests {
    /// One hostile thing each, followed by a marker: a leaked sequence would sit right before it.
    /// Durations of an hour and more, so no alarm bell rings; the bidi one is due first, so the
    /// window title carries it.
    static let labels: [(duration: String, label: String)] = [
        ("61m", "bidi\u{202E}zz8"),
        ("62m", "csi\u{1B}[2Jzz1"),
        ("63m", "sgr\u{1B}[31mzz2"),
        ("64m", "osc52\u{1B}]52;c;aGVsbG8=\u{07}zz3"),
        ("65m", "osc8\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\zz4"),
        ("66m", "c1a\u{9B}zz5"),
        ("67m", "c1b\u{9D}zz6"),
        ("68m", "bel\u{07}zz7"),
        ("69m", "zwj👨\u{200D}👩\u{200D}👧zz9"),
        ("70m", "cmb e\u{301}\u{302}zz10"),
        ("71m", "emoji 🍜🦀zz11"),
        ("72m", "esc\u{1B}zz12"),
        // NUL cannot travel in argv; the memo below carries one instead.
    ]

    /// What the stand-in editor writes into the memo: a NUL, OSC 52, CSI, a C1 control in UTF-8
    /// and as a raw byte (not UTF-8 at all), and a bidi override.
    static let memoBytes = #"nul\000zzm0 m1\033]52;c;aGVsbG8=\007zzm1 m2\033[2Jzzm2 c1\302\233zzm4 raw\233zzm5 rlo\342\200\256zzm6\n"#

    @Test("controls in labels and memos reach the terminal only as visible text, and the frame stays square")
    func hostileLabelsAndMemo() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        for (duration, label) in Self.labels {
            let added = try cli.run(["add", duration, label])
            #expect(added.status == 0, "\(label.debugDescription): \(added.stderr)")
            #expect(!added.stdout.utf8.containsSequence([0xC2, 0x9B]) && !added.stdout.utf8.containsSequence([0xC2, 0x9D]))
        }
        let folder = cli.home.appendingPathComponent("hostile")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let editor = folder.appendingPathComponent("editor.sh")
        try writeScript("#!/bin/sh\nprintf '\(Self.memoBytes)' > \"$1\"\n", to: editor)

        let record = folder.appendingPathComponent("bytes")
        let pane = try RecordedPane(record: record, folder: folder, environment: [
            "XDG_DATA_HOME": cli.home.appendingPathComponent("data").path,
            "XDG_CONFIG_HOME": cli.home.appendingPathComponent("config").path,
            "LANG": "C.UTF-8", "TERM": "tmux-256color", "EDITOR": editor.path, "VISUAL": "",
        ])
        let started = Date()
        try pane.waitFor("the hostile countdowns") { $0.contains("csi^[[2Jzz1") && $0.contains("esc^[zz12") }
        // A bookmark whose memo the stand-in editor fills with hostile bytes.
        try pane.send("3", "a")
        try pane.type("jin ramen")
        try pane.waitFor("Jin Ramen in the catalog") { $0.contains("│>  Jin Ramen 진라면") }
        try pane.send("Enter")
        try pane.waitFor("Jin Ramen ticked") { $0.contains("│>✓ Jin Ramen 진라면") }
        try pane.send("Escape")
        try pane.waitFor("the bookmark") { $0.contains("│> Jin Ramen 진라면") }
        try pane.send("E")
        try pane.waitFor("the hostile memo") { $0.contains("Memo: nul\u{2400}zzm0 m1^[]52;c;aGVsbG8=^Gzzm1") }
        Thread.sleep(forTimeInterval: max(0, 2 - Date().timeIntervalSince(started)))
        let screen = try pane.screen()
        try pane.send("q")
        #expect(try pane.exitStatus() == 0)
        let bytes = try [UInt8](Data(contentsOf: record))

        // What the terminal was sent.
        let hostile: [(String, [UInt8])] = [
            ("CSI 2J", Array("\u{1B}[2Jzz1".utf8)), ("CSI 31m", Array("\u{1B}[31mzz2".utf8)), ("OSC 52", Array("\u{1B}]52".utf8)),
            ("OSC 8", Array("\u{1B}]8;".utf8)), ("a lone ESC", Array("\u{1B}zz12".utf8)), ("memo CSI", Array("\u{1B}[2Jzzm2".utf8)),
            ("U+009B", [0xC2, 0x9B]), ("U+009D", [0xC2, 0x9D]), ("NUL", [0]), ("raw 0x9B", Array("raw".utf8) + [0x9B]),
        ]
        for (name, sequence) in hostile {
            #expect(!bytes.containsSequence(sequence), "\(name) reached the terminal")
        }
        let (titles, outsideTitles) = Self.splitTitles(bytes)
        #expect(!titles.isEmpty, "noodle set no window title")
        for title in titles {
            #expect(!title.contains { $0 < 0x20 || $0 == 0x7F } && !title.containsSequence([0xC2, 0x9B]) && !title.containsSequence([0xC2, 0x9D]),
                    "a control in the title \(String(decoding: title, as: UTF8.self).debugDescription)")
        }
        // Every BEL ends a title (OSC 2); no other OSC, and no alarm bell, is ever sent.
        #expect(!outsideTitles.contains(0x07), "a BEL outside a title sequence")
        #expect(!outsideTitles.containsSequence([0x1B, 0x5D]), "an OSC other than the title")
        // Format controls are dropped from the grid: never sent as part of a frame.
        #expect(!outsideTitles.containsSequence(Array("\u{202E}".utf8)), "U+202E drawn")
        #expect(!outsideTitles.containsSequence(Array("\u{200D}".utf8)), "U+200D drawn")
        #expect(!titles.contains { $0.containsSequence(Array("\u{202E}".utf8)) }, "U+202E in the window title")

        // What the screen shows: each control as something visible, and a square frame.
        for visible in ["csi^[[2Jzz1", "sgr^[[31mzz2", "osc52^[]52;c;aGVsbG8=^Gzz3", "c1a\u{FFFD}zz5", "c1b\u{FFFD}zz6", "bel^Gzz7",
                        "bidizz8", "esc^[zz12", "👨👩👧zz9", "🍜🦀zz11", "^[[2Jzzm2"] {
            #expect(screen.contains(visible), "\(visible.debugDescription) not on screen:\n\(screen)")
        }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Where the left column ends, as the top row draws it (an idle stopwatch's column is wider).
        let top = TerminalColumns.cells(lines[1])
        let split = (top.indices.dropLast()).first { top[$0] == "┐" && top[$0 + 1] == "┌" } ?? 53
        for (row, line) in lines.enumerated() where (1 ... 38).contains(row) {
            let cells = TerminalColumns.cells(line)
            #expect(cells.count == 120 && ["│", "┐", "┘", "┤"].contains(cells.last ?? " "),
                    "row \(row) is \(cells.count) columns, ending \(cells.last ?? " "): \(line)")
            // The Stopwatch panel ends, and the Timers and Bookmarks panels start, in the same columns on every row.
            #expect(cells.count > split + 1 && ["│", "┐", "┘", "┤"].contains(cells[split]) && ["│", "┌", "└", "├"].contains(cells[split + 1]),
                    "row \(row): \(line)")
        }

        // The memo is stored as the screen showed it when its editor returned.
        let database = try HardeningKit.readDatabase(cli.home.appendingPathComponent("data/noodle/noodle.sqlite").path)
        #expect(database.integrity == "ok")
        let memo = database.bookmarks.first?.memo ?? ""
        // SQLite text would end at the NUL: it is kept as the visible U+2400 the screen showed.
        #expect(memo.hasPrefix("nul\u{2400}zzm0"), "stored memo: \(memo.debugDescription)")
        #expect(memo.contains("zzm6"), "stored memo: \(memo.debugDescription)")
        let labels = try HardeningKit.readDatabase(cli.home.appendingPathComponent("data/noodle/noodle.sqlite").path).countdownLabels
        #expect(labels == Self.labels.map(\.label))
    }

    @Test("status and add print labels without any control, for status bars and scripts")
    func commandLineOutput() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        for (duration, label) in Self.labels {
            let added = try cli.run(["add", duration, label])
            #expect(added.status == 0)
            let c1 = added.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F ... 0x9F).contains($0.value) }
            #expect(!c1, "control in \(added.stdout.debugDescription)")
        }
        for arguments in [["status"], ["status", "--format", "{timer} | {count}"], ["status", "--json"]] {
            let status = try cli.run(arguments)
            #expect(status.status == 0)
            let controls = status.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F ... 0x9F).contains($0.value) }
            #expect(!controls, "control in \(arguments): \(status.stdout.debugDescription)")
            if arguments.last == "--json" {
                #expect(HardeningKit.timerLabels(statusJSON: status.stdout) == Self.labels.map(\.label))
            }
        }
        let status = try cli.run(["status"])
        #expect(!status.stdout.unicodeScalars.contains("\u{202E}"), "\(status.stdout.debugDescription)")
    }

    /// The OSC 2 title payloads, and every byte outside them.
    static func splitTitles(_ bytes: [UInt8]) -> (titles: [[UInt8]], rest: [UInt8]) {
        var titles: [[UInt8]] = []
        var rest: [UInt8] = []
        var index = 0
        let start: [UInt8] = [0x1B, 0x5D, 0x32, 0x3B]
        while index < bytes.count {
            if bytes[index...].starts(with: start), let end = bytes[(index + 4)...].firstIndex(of: 0x07) {
                titles.append(Array(bytes[(index + 4) ..< end]))
                index = end + 1
            } else {
                rest.append(bytes[index])
                index += 1
            }
        }
        return (titles, rest)
    }
}

/// noodle in a tmux pane behind a pass-through pty that keeps every byte noodle writes: the
/// recorder shows the screen to tmux (so capture-pane reads it) and saves the same bytes.
final class RecordedPane: ScreenSource {
    let socket: String
    let name: String
    private let statusFile: URL

    static let recorder = """
        import errno, fcntl, os, pty, select, sys, termios, tty
        record, argv = sys.argv[1], sys.argv[2:]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(argv[0], argv)
        fcntl.ioctl(fd, termios.TIOCSWINSZ, fcntl.ioctl(0, termios.TIOCGWINSZ, b"\\0" * 8))
        saved = termios.tcgetattr(0)
        tty.setraw(0)
        out = open(record, "wb", buffering=0)
        try:
            while True:
                ready = select.select([fd, 0], [], [])[0]
                if fd in ready:
                    try:
                        data = os.read(fd, 65536)
                    except OSError as error:
                        if error.errno != errno.EIO:
                            raise
                        data = b""
                    if not data:
                        break
                    out.write(data)
                    os.write(1, data)
                if 0 in ready:
                    data = os.read(0, 65536)
                    if data:
                        os.write(fd, data)
        finally:
            termios.tcsetattr(0, termios.TCSAFLUSH, saved)
        status = os.waitpid(pid, 0)[1]
        sys.exit(os.waitstatus_to_exitcode(status))
        """

    init(record: URL, folder: URL, environment: [String: String], width: Int = 120, height: Int = 40) throws {
        let id = UUID().uuidString.prefix(8)
        name = "noodle-rec-\(id)"
        socket = "noodle-e2e-rec-\(id)"
        let script = folder.appendingPathComponent("recorder.py")
        try Self.recorder.write(to: script, atomically: true, encoding: .utf8)
        statusFile = folder.appendingPathComponent("status")
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(TmuxSession.quote($0.value))" }.joined(separator: " ")
        let command = "env \(assignments) python3 \(TmuxSession.quote(script.path)) \(TmuxSession.quote(record.path)) "
            + "\(TmuxSession.quote(TmuxSession.binaryPath)); echo $? > \(TmuxSession.quote(statusFile.path)); sleep 600"
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command])
    }

    deinit {
        _ = try? tmux(["kill-server"])
    }

    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }
    func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", name]) }

    func exitStatus(timeout: Double = 5) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let text = try? String(contentsOf: statusFile, encoding: .utf8), text.hasSuffix("\n"),
               let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw E2EError("the recorded noodle did not exit; screen was:\n\((try? screen()) ?? "")")
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let result = try Spawn.run(["tmux", "-u", "-L", socket] + arguments)
        guard result.status == 0 else { throw E2EError("tmux \(arguments.joined(separator: " ")) failed: \(result.output)") }
        return result.output
    }
}

/// A captured line as the terminal's cells: wide characters take two (the second an empty
/// string), combining marks join the cell before. Measured with glibc's wcwidth in C.UTF-8,
/// as tmux and noodle measure.
enum TerminalColumns {
    static func cells(_ line: String) -> [String] {
        var cells: [String] = []
        for scalar in line.unicodeScalars {
            let width = noodle_scalar_width(scalar.value)
            if width <= 0 {
                if let last = cells.indices.last { cells[last].unicodeScalars.append(scalar) }
            } else {
                cells.append(String(scalar))
                if width == 2 { cells.append("") }
            }
        }
        return cells
    }
}

extension Sequence where Element == UInt8 {
    func containsSequence(_ needle: [UInt8]) -> Bool {
        let haystack = Array(self)
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return (0 ... haystack.count - needle.count).contains { haystack[$0 ..< $0 + needle.count].elementsEqual(needle) }
    }
}
