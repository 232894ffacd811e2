import Foundation
import Testing

/// A clock time about two hours ahead, as `HH:MM` in `zone`, and the seconds until it.
private func clockTimeTwoHoursAhead(in zone: String) -> (text: String, seconds: Double) {
    let now = Date()
    let target = ((now.timeIntervalSince1970 + 7200) / 60).rounded(.down) * 60
    let formatter = DateFormatter()
    formatter.timeZone = TimeZone(identifier: zone)
    formatter.dateFormat = "HH:mm"
    return (formatter.string(from: Date(timeIntervalSince1970: target)), target - now.timeIntervalSince1970)
}

/// `h:mm:ss` in `text` as seconds.
private func countdownSeconds(in text: Substring) -> Double? {
    guard let match = text.firstMatch(of: /(\d+):(\d\d):(\d\d)/) else { return nil }
    return Double(Int(match.1)! * 3600 + Int(match.2)! * 60 + Int(match.3)!)
}

@Suite("End to end: until a clock time", .serialized)
struct UntilEndToEndTests {
    @Test("n, @HH:MM tea two hours ahead, Enter: the preview says so, and the countdown has two hours left")
    func prompt() throws {
        let zone = "America/New_York"
        let session = try TmuxSession(width: 160, height: 40, environment: ["TZ": zone])
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("2")
        try session.send("n")
        let (clock, seconds) = clockTimeTwoHoursAhead(in: zone)
        try session.type("@\(clock) tea")
        let preview = try session.waitFor("the preview") { $0.contains("= until \(clock)") }
        let line = try #require(preview.split(separator: "\n").first { $0.contains("= until") })
        #expect(line.contains("from now"), "\(line)")
        #expect(abs((countdownSeconds(in: line) ?? 0) - seconds) <= 60, "\(line), expected \(seconds) s")
        try session.send("Enter")
        let screen = try session.waitFor("the countdown") { $0.contains("tea") && !$0.contains("= until") }
        // The row with its time left; the big countdown above it names tea too.
        let row = try #require(screen.split(separator: "\n").first { $0.hasPrefix("│") && $0.contains("tea") && countdownSeconds(in: $0) != nil })
        let left = try #require(countdownSeconds(in: row), "row was \(row)")
        #expect(abs(left - seconds) <= 60, "row \(row), expected \(seconds) s")
        // And it says when it finishes, on the kitchen clock of TZ's zone.
        #expect(row.contains("→ \(clock)"), "row \(row), expected → \(clock)")
        #expect(screen.contains("Started tea until \(clock)"), "screen:\n\(screen)")
        try session.quitCleanly()
    }
}

@Suite("End to end: the command line, issue 12's fixes", .serialized)
struct CommandLineFixesEndToEndTests {
    @Test("noodle add @HH:MM stores the time until then, read in TZ's zone")
    func addUntil() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        for zone in ["Europe/Berlin", "Asia/Kolkata"] {
            let (clock, seconds) = clockTimeTwoHoursAhead(in: zone)
            let added = try cli.run(["add", "@\(clock)", "tea", zone], environment: ["TZ": zone])
            #expect(added.status == 0, "stderr: \(added.stderr)")
            #expect(added.stdout.hasSuffix("done at \(clock)\n") || added.stdout.hasSuffix("done at \(clock) tomorrow\n"), "\(added.stdout)")
        }
        let json = try cli.run(["status", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let timers = try #require(object["timers"] as? [[String: Any]])
        #expect(timers.count == 2)
        for timer in timers {
            let remaining = Double(timer["remaining_seconds"] as? Int ?? 0)
            #expect(remaining > 7080 && remaining <= 7200, "\(timer)")
        }
        let bad = try cli.run(["add", "@25:00", "tea"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("no such time of day"), "\(bad.stderr)")
    }

    @Test("--data-dir before the subcommand reaches it")
    func dataDirFirst() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        let folder = cli.home.appendingPathComponent("elsewhere").path
        #expect(try cli.run(["--data-dir", folder, "add", "5", "tea"]).status == 0)
        let status = try cli.run(["--data-dir", folder, "status"])
        #expect(status.status == 0, "stderr: \(status.stderr)")
        #expect(status.stdout.hasPrefix("🍜 tea 4:") || status.stdout.hasPrefix("🍜 tea 5:00"), "\(status.stdout)")
        #expect(try cli.run(["status"]).stdout == "\n", "the default folder holds nothing")
    }

    @Test("status --max-width cuts between whole characters, with an ellipsis")
    func maxWidth() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        #expect(try cli.run(["add", "5", "신라면 블랙 with an egg"]).status == 0)
        let cut = try cli.run(["status", "--max-width", "8"])
        #expect(cut.stdout == "🍜 신라…\n", "\(cut.stdout)")
        let ascii = try cli.run(["status", "--max-width", "8"], environment: ["LANG": "C"])
        #expect(ascii.stdout.hasSuffix("~\n"), "\(ascii.stdout)")
        #expect(try cli.run(["status", "--json", "--max-width", "8"]).status == 2)
    }

    @Test("themes fits 80 columns")
    func themes() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        let listed = try cli.run(["themes"])
        #expect(listed.status == 0)
        #expect(listed.stdout.contains("high-contrast"))
        for line in listed.stdout.split(separator: "\n") where !line.contains("/") {
            #expect(line.count <= 80, "\(line)")
        }
    }
}
