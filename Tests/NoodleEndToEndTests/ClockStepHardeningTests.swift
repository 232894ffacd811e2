import Foundation
import Testing

/// The wall clock set forward or back between two runs, in the same boot. Debian's faketime
/// moves CLOCK_REALTIME for the process it starts; DONT_FAKE_MONOTONIC leaves the monotonic and
/// boot clocks real, exactly as a user's `date -s` would. (Preloading libfaketime by hand,
/// without the `faketime` program's shared-memory setup, loses noodle's arguments: the program
/// is the way that works.)
@Suite("Hardening: the wall clock stepped between runs", .serialized)
struct ClockStepHardeningTests {
    static let program = "/usr/bin/faketime"
    static let environment = ["DONT_FAKE_MONOTONIC": "1"]

    /// The command that runs noodle with its wall clock `offset` from the real one.
    static func wallClock(_ offset: String) -> [String] {
        [program, "-f", offset]
    }

    @Test("a countdown and the stopwatch read the same after the clock is stepped 10 minutes either way",
          .enabled(if: FileManager.default.fileExists(atPath: program), "needs Debian's faketime (make test installs it)"),
          arguments: [("+10m", "+0"), ("+0", "+10m")])
    func stepped(first: String, second: String) throws {
        // The first run: a 5:00 countdown from the dashboard, one from `noodle add`, the stopwatch started.
        let before = try TmuxSession(width: 120, height: 40, environment: Self.environment, launcher: Self.wallClock(first))
        try before.waitFor("the dashboard") { $0.contains("ready") }
        let cli = try NoodleCLI(sharing: before)
        let added = try cli.run(["add", "5:00", "cli tea"], environment: Self.environment, launcher: Self.wallClock(first))
        #expect(added.status == 0, "\(added.stderr)")
        try before.send("2", "n")
        try before.type("5:00 dash tea")
        try before.send("Enter")
        try before.send("1", "Space")
        try before.waitFor("both countdowns and the stopwatch running") {
            HardeningScreen.countdownListed("dash tea", in: $0) && HardeningScreen.countdownListed("cli tea", in: $0)
                && HardeningScreen.stopwatchRunning($0)
        }
        try before.quitCleanly()

        // The second run, with the wall clock 10 minutes away from the first's.
        let after = try TmuxSession(width: 120, height: 40, environment: Self.environment, launcher: Self.wallClock(second), sharing: before)
        let screen = try after.waitFor("the countdowns as they were") { HardeningScreen.countdownListed("dash tea", in: $0) }
        for label in ["dash tea", "cli tea"] {
            let left = try #require(Self.timeLeft(of: label, in: screen), "no time for \(label):\n\(screen)")
            #expect(left <= 300 && left >= 280, "\(label) shows \(left) s left after the clock step:\n\(screen)")
        }
        // The stopwatch neither froze nor jumped by the step: a lap records a few seconds, not zero or ten minutes.
        try after.send("1", "l")
        try after.waitFor("the lap") { HardeningScreen.lapsRecorded($0) == 1 }
        try after.quitCleanly()
        let laps = try cli.run(["laps", "--csv"], environment: Self.environment, launcher: Self.wallClock(second))
        let lap = laps.stdout.split(separator: "\n").dropFirst().first.map(String.init) ?? ""
        let total = Self.seconds(lap.split(separator: ",").dropFirst(2).first.map(String.init) ?? "")
        #expect(total.map { $0 > 0 && $0 < 60 } == true, "the lap after the step: \(laps.stdout)")

        // noodle status follows the same clock, under either wall clock.
        for offset in [first, second] {
            let status = try cli.run(["status", "--json"], environment: Self.environment, launcher: Self.wallClock(offset))
            let remaining = Self.remainingSeconds(statusJSON: status.stdout)
            #expect(remaining.count == 2 && remaining.allSatisfy { $0 <= 300 && $0 >= 270 }, "status under \(offset): \(status.stdout)")
        }
    }

    /// The `m:ss` shown on a countdown's row, in seconds.
    static func timeLeft(of label: String, in screen: String) -> Int? {
        // The row with a time beside the label: a big countdown's name line has none.
        guard let line = screen.split(separator: "\n").first(where: {
            $0.contains(label + " ") && $0.range(of: #" \d+:\d\d "#, options: .regularExpression) != nil
        }), let match = line.range(of: #" \d+:\d\d "#, options: .regularExpression)
        else { return nil }
        return seconds(String(line[match]).trimmingCharacters(in: .whitespaces)).map(Int.init)
    }

    /// `4:58`, `00:04.10` or `1:02:03` as seconds.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ":").map { Double($0) }
        guard !parts.isEmpty, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.reduce(0.0) { $0 * 60 + $1! }
    }

    static func remainingSeconds(statusJSON: String) -> [Int] {
        guard let object = try? JSONSerialization.jsonObject(with: Data(statusJSON.utf8)) as? [String: Any],
              let timers = object["timers"] as? [[String: Any]]
        else { return [] }
        return timers.compactMap { $0["remaining_seconds"] as? Int }
    }
}
