import Foundation
import Testing

/// Resizes as fast as tmux takes them, to every size from 1x1 to 250x80, while the stopwatch runs
/// and countdowns are listed: noodle must survive, and draw the right frame once it settles.
@Suite("Hardening: resize storm")
struct ResizeHardeningTests {
    static let resizes = HardeningKit.count(short: 1000, soak: 5000)

    @Test("a storm of random resizes, then 120x40: alive, and within 2 s the whole frame, the stopwatch counting, the countdowns listed")
    func storm() throws {
        var random = HardeningRandom("resize-storm")
        let session = try TmuxSession(width: 120, height: 40)
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("Space", "2", "n")
        try session.type("45m storm tea")
        try session.send("Enter", "n")
        try session.type("50m storm egg")
        try session.send("Enter", "1")
        try session.waitFor("two countdowns and the running stopwatch") {
            $0.contains("▶ storm tea") && $0.contains("▶ storm egg") && HardeningScreen.stopwatchRunning($0)
        }
        let pid = try session.noodlePID()

        // Several resize-window commands per tmux call (1 to 25): each still resizes the pane, so
        // noodle gets bursts of SIGWINCH with no time between them, and single ones in between.
        var done = 0
        let started = Date()
        while done < Self.resizes {
            let batch = min(Self.resizes - done, Int.random(in: 1 ... 25, using: &random))
            var arguments = ["tmux", "-u", "-L", session.socket]
            for index in 0 ..< batch {
                if index > 0 { arguments.append(";") }
                arguments += ["resize-window", "-t", session.name,
                              "-x", "\(Int.random(in: 1 ... 250, using: &random))", "-y", "\(Int.random(in: 1 ... 80, using: &random))"]
            }
            let result = try Spawn.run(arguments)
            try #require(result.status == 0, "tmux refused a resize: \(result.output) (seed \(random.seed))")
            done += batch
        }
        let stormSeconds = Date().timeIntervalSince(started)
        #expect(HardeningKit.processExists(pid), "noodle died in the storm (seed \(random.seed))")

        try session.resize(width: 120, height: 40)
        let settled = Date()
        let screen = try session.waitFor("the 120x40 frame within 2 s of a storm of \(done) resizes in \(stormSeconds) s", timeout: 2) { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return HardeningScreen.isWholeDashboard(screen, width: 120) && lines.count >= 40
                && lines[38].hasPrefix("└") && lines[38].hasSuffix("┘") && lines[38].count == 120
                && screen.contains("▶ storm tea") && screen.contains("▶ storm egg") && stopwatchReading(screen) != nil
        }
        #expect(Date().timeIntervalSince(settled) < 2)
        #expect(try session.noodlePID() == pid)
        let first = try #require(stopwatchReading(screen))
        Thread.sleep(forTimeInterval: 0.3)
        let second = try #require(stopwatchReading(try session.screen()))
        #expect(seconds(of: second) > seconds(of: first), "the stopwatch read \(first), then \(second)")
        try session.quitCleanly()
    }
}
