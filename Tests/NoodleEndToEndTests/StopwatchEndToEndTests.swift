import Foundation
import Testing

/// Reads the stopwatch's `mm:ss.cc` off the screen: from the big block digits when the panel shows
/// them, else from the first reading inside a panel (not the header, which quotes a stopped reading).
func stopwatchReading(_ screen: String) -> String? {
    if let big = BigDigitsReader.read(screen) { return big }
    for line in screen.split(separator: "\n").dropFirst() {
        if let range = line.range(of: #"\d\d:\d\d\.\d\d"#, options: .regularExpression) { return String(line[range]) }
    }
    return nil
}

/// Decodes the block digits, at whatever size they are drawn, as a person reads them: the half
/// blocks become pixels, the size follows from the rows they take, and each glyph is matched
/// against a table of the 3×5 font written out here independently of the font code, so a broken
/// font fails the test.
enum BigDigitsReader {
    static let glyphs: [String: Character] = [
        "###|#.#|#.#|#.#|###": "0", ".#.|##.|.#.|.#.|###": "1", "###|..#|###|#..|###": "2",
        "###|..#|###|..#|###": "3", "#.#|#.#|###|..#|..#": "4", "###|#..|###|..#|###": "5",
        "###|#..|###|#.#|###": "6", "###|..#|..#|..#|..#": "7", "###|#.#|###|#.#|###": "8",
        "###|#.#|###|..#|###": "9",
    ]

    /// Reads the Stopwatch panel's big `mm:ss` and the small `.cc` after it.
    static func read(_ screen: String) -> String? {
        // Only the Stopwatch panel's own columns: a countdown's progress bar beside it is made of blocks too.
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { line -> [Character] in
            let text = String(line)
            let edge = ["││", "│┌", "│└"].compactMap { text.range(of: $0)?.lowerBound }.min() ?? text.endIndex
            return Array(text[..<edge])
        }
        guard let (text, tail) = digits(in: lines), text.count >= 5, tail.hasPrefix(".") else { return nil }
        return text + tail.prefix(3)
    }

    /// The first run of big digits from the top of `lines`, and what follows it on its last row.
    static func digits(in lines: [[Character]]) -> (text: String, tail: String)? {
        let isBlock: (Character) -> Bool = { $0 == "█" || $0 == "▀" || $0 == "▄" }
        guard let top = lines.firstIndex(where: { $0.contains(where: isBlock) }) else { return nil }
        let bottom = (lines[top...].firstIndex { !$0.contains(where: isBlock) } ?? lines.count) - 1
        let rows = Array(lines[top ... bottom])
        // Scale k draws 5k half-block pixel rows in (5k + 1) / 2 cell rows.
        guard let k = (1 ... 12).first(where: { (5 * $0 + 1) / 2 == rows.count }) else { return nil }
        func pixel(_ x: Int, _ y: Int) -> Bool {
            let row = rows[y / 2]
            guard x >= 0, x < row.count else { return false }
            return y % 2 == 0 ? (row[x] == "█" || row[x] == "▀") : (row[x] == "█" || row[x] == "▄")
        }
        guard var x = rows.compactMap({ $0.firstIndex(where: isBlock) }).min() else { return nil }
        var text = ""
        while true {
            let pattern = (0 ..< 5).map { r in String((0 ..< 3).map { c in pixel(x + c * k, r * k) ? "#" : "." }) }.joined(separator: "|")
            if let digit = glyphs[pattern] {
                text.append(digit)
                x += 4 * k
            } else if (0 ..< 5).map({ pixel(x, $0 * k) }) == [false, true, false, true, false] {
                text.append(":")
                x += 2 * k
            } else {
                break
            }
        }
        // Small text (the stopwatch's centiseconds) follows the last glyph on its bottom row.
        let last = rows[rows.count - 1]
        let start = min(max(0, x - k), last.count)
        return text.isEmpty ? nil : (text, String(last[start...]))
    }
}

func seconds(of reading: String) -> Double {
    let parts = reading.split(separator: ":")
    return Double(parts[0])! * 60 + Double(parts[1])!
}

@Suite("End to end: the release binary in tmux", .serialized)
struct StopwatchEndToEndTests {
    @Test("start, wait 1.2 s: the display shows at least a second")
    func startShowsTime() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("Stopwatch") && $0.contains("ready") }
        try session.send("Space")
        Thread.sleep(forTimeInterval: 1.2)
        let screen = try session.screen()
        let reading = try #require(stopwatchReading(screen))
        #expect(seconds(of: reading) >= 1.0, "reading was \(reading)")
        #expect(screen.contains("running"))
    }

    @Test("two laps appear with their numbers; stop freezes; reset clears")
    func lapsStopReset() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("Space")
        Thread.sleep(forTimeInterval: 0.3)
        try session.send("l")
        Thread.sleep(forTimeInterval: 0.3)
        try session.send("l")
        try session.waitFor("two laps and the live third") { $0.contains("Lap 1") && $0.contains("Lap 2") && $0.contains("Lap 3") }

        try session.send("Space")
        // The panel's own label, drawn below the digits: the header (row 0, written first) also
        // says "stopped", and under load tmux can show it before the digit rows arrive.
        let stopped = try session.waitFor("stopped") { $0.contains("‖ stopped") }
        Thread.sleep(forTimeInterval: 0.5)
        #expect(stopwatchReading(try session.screen()) == stopwatchReading(stopped))

        try session.send("r")
        let reset = try session.waitFor("reset") { stopwatchReading($0) == "00:00.00" && $0.contains("ready") }
        #expect(!reset.contains("Lap 1"))
    }

    @Test("resizing to 40x12, 1x1 and 200x60 while running keeps it alive and drawing")
    func resizes() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("Space")
        try session.resize(width: 40, height: 12)
        try session.waitFor("the tabbed layout") { $0.contains("[1 Stopwatch]") }
        try session.resize(width: 1, height: 1)
        Thread.sleep(forTimeInterval: 0.3)
        try session.resize(width: 200, height: 60)
        let screen = try session.waitFor("all three panels") { $0.contains("Timers") && $0.contains("Bookmarks") && $0.contains("running") }
        #expect(screen.split(separator: "\n").first.map { $0.count > 150 } == true)
        _ = try session.noodlePID()
        try session.quitCleanly()
    }

    @Test("q exits with status 0 and restores the terminal")
    func quitRestores() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("Space")
        try session.quitCleanly()
    }

    @Test("SIGTERM, SIGINT and SIGHUP exit with 128+n and restore the terminal", arguments: zip([SIGTERM, SIGINT, SIGHUP], [Int32(143), 130, 129]))
    func signalsRestore(signal: Int32, status: Int32) throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("Space")
        Thread.sleep(forTimeInterval: 0.2)
        kill(try session.noodlePID(), signal)
        #expect(try session.exitStatus() == status)
        #expect(try session.terminalRestored())
    }

    @Test("Ctrl-Z with no job-control shell above noodle does not freeze it")
    func suspendWithoutJobControl() throws {
        // The pane runs noodle from `bash -c`, an orphaned process group: a stop there could never be undone.
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("C-z")
        Thread.sleep(forTimeInterval: 0.3)
        try session.send("Space")
        try session.waitFor("the dashboard still answering") { $0.contains("Stopwatch") && $0.contains("running") }
        try session.quitCleanly()
    }

    @Test("an outside SIGSTOP then SIGCONT: the dashboard comes back, still running and still taking keys")
    func stopAndContinue() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("Space")
        let pid = try session.noodlePID()
        kill(pid, SIGSTOP)
        Thread.sleep(forTimeInterval: 0.3)
        kill(pid, SIGCONT)
        try session.waitFor("the dashboard again") { $0.contains("Stopwatch") && $0.contains("running") }
        try session.send("l")
        try session.waitFor("a lap recorded after the stop") { $0.contains("Lap 2") }
        try session.quitCleanly()
    }

    @Test("a crash (SIGSEGV, SIGABRT) still restores the terminal, and dies of its signal", arguments: zip([SIGSEGV, SIGABRT], [Int32(139), 134]))
    func crashRestores(signal: Int32, status: Int32) throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("Space")
        kill(try session.noodlePID(), signal)
        #expect(try session.exitStatus() == status)
        #expect(try session.terminalRestored())
    }

    @Test("SIGQUIT exits with 131 and restores the terminal")
    func quitSignal() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        kill(try session.noodlePID(), SIGQUIT)
        #expect(try session.exitStatus() == 131)
        #expect(try session.terminalRestored())
    }

    @Test("help opens with ? and lists keys from every group")
    func help() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("?")
        let screen = try session.waitFor("help") { $0.contains("Help") && $0.contains("Record a lap") }
        #expect(screen.contains("Global"))
        try session.send("Escape")
        try session.waitFor("help closed") { !$0.contains("Record a lap") }
    }
}

@Suite("End to end: refusing to start")
struct StartupErrorTests {
    @Test("stdout not a terminal: a clear error and status 2")
    func notATerminal() throws {
        let result = try Spawn.run([TmuxSession.binaryPath], environment: ["TERM": "xterm", "LANG": "C.UTF-8"])
        #expect(result.status == 2)
        #expect(result.output.contains("standard output is not a terminal"))
    }

    @Test("TERM unset, dumb or unknown: a clear error naming the problem and status 2", arguments: [
        ([String: String](), ["TERM"], "TERM is not set"),
        (["TERM": "dumb"], [], "cannot move the cursor"),
        (["TERM": "no-such-terminal"], [], "unknown to terminfo"),
    ])
    func badTerm(environment: [String: String], unset: [String], message: String) throws {
        let session = try TmuxSession(environment: environment, unsetting: unset)
        #expect(try session.exitStatus() == 2)
        let errors = try String(contentsOf: session.file("stderr"), encoding: .utf8)
        #expect(errors.contains(message), "stderr was: \(errors)")
        #expect(try session.terminalRestored())
    }
}
