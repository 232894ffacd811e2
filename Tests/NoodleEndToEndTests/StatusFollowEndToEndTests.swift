import Foundation
import Testing

/// A `noodle status --follow` left running with its stdout in a file, read as it writes, as a
/// status bar reads the pipe.
private final class Follower {
    let started: NoodleCLI.Started
    private var finished: NoodleCLI.Result?

    init(_ cli: NoodleCLI, _ arguments: [String]) throws {
        started = try cli.start(["status", "--follow"] + arguments)
    }

    deinit {
        // A failed expectation must not leave a follower running for good.
        if finished == nil { _ = stop(SIGKILL) }
    }

    /// The whole lines written so far.
    var lines: [String] {
        let text = (try? String(contentsOfFile: started.outPath, encoding: .utf8)) ?? ""
        var lines = text.components(separatedBy: "\n")
        lines.removeLast()  // after the last line break: empty, or a line still being written
        return lines
    }

    /// Waits up to `timeout` seconds for `done` to hold of the lines; returns them.
    @discardableResult
    func waitFor(_ what: String, timeout: Double = 5, _ done: ([String]) -> Bool) throws -> [String] {
        let end = Date().addingTimeInterval(timeout)
        while true {
            let lines = self.lines
            if done(lines) { return lines }
            if Date() > end { throw E2EError("timed out waiting for \(what); the follower printed:\n" + lines.joined(separator: "\n")) }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    /// Sends `signal` and waits for the follower to exit.
    func stop(_ signal: Int32) -> NoodleCLI.Result {
        if let finished { return finished }
        kill(started.pid, signal)
        let result = started.finish()
        finished = result
        return result
    }
}

private func object(_ line: String) -> [String: Any] {
    (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
}

private func teaSeconds(_ line: String) -> Int? {
    let timers = object(line)["timers"] as? [[String: Any]] ?? []
    return timers.first { $0["label"] as? String == "tea" }?["remaining_seconds"] as? Int
}

private func repeatedLine(_ lines: [String]) -> String? {
    zip(lines, lines.dropFirst()).first { $0 == $1 }?.0
}

@Suite("End to end: noodle status --follow", .serialized)
struct StatusFollowEndToEndTests {
    @Test("a follower started before the database exists prints idle, stays silent while nothing changes, and sees an add within 2 s")
    func beforeTheDatabase() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        let database = cli.home.appendingPathComponent("data/noodle/noodle.sqlite").path
        #expect(!FileManager.default.fileExists(atPath: database))
        let follower = try Follower(cli, ["--json"])
        let first = try follower.waitFor("the first line") { !$0.isEmpty }
        #expect(object(first[0])["class"] as? String == "idle", "\(first)")
        #expect(object(first[0])["text"] as? String == "")

        // Nothing runs: no polling, so no line at all, not even a repeated one.
        Thread.sleep(forTimeInterval: 3)
        #expect(follower.lines.count == 1, "\(follower.lines)")

        let added = try cli.run(["add", "1h", "rice"])
        #expect(added.status == 0, "\(added.stderr)")
        let addedAt = Date()
        let lines = try follower.waitFor("the added countdown") { $0.contains { $0.contains(#""label":"rice""#) } }
        let delay = Date().timeIntervalSince(addedAt)
        print("follower printed the add \(Int(delay * 1000)) ms after noodle add returned")
        #expect(delay < 2, "took \(delay) s")
        let rice = try #require(lines.last { $0.contains("rice") })
        #expect(object(rice)["class"] as? String == "running")
        #expect(object(rice)["text"] as? String == "🍜 rice 1:00:00" || (object(rice)["text"] as? String ?? "").hasPrefix("🍜 rice 59:5"), "\(rice)")

        let stopped = follower.stop(SIGTERM)
        #expect(stopped.status == 0)
        #expect(stopped.stderr.isEmpty, "\(stopped.stderr)")
        #expect(repeatedLine(stopped.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }) == nil)
    }

    @Test("a follower counts a countdown down each second, prints ringing when it ends, and idle at once on ack")
    func countdownLifecycle() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        #expect(try cli.run(["ack", "--all"]).status == 0)
        let follower = try Follower(cli, ["--json"])
        try follower.waitFor("the first line") { !$0.isEmpty }

        #expect(try cli.run(["add", "3s", "tea"]).status == 0)
        let ringing = try follower.waitFor("tea to ring", timeout: 8) { $0.contains { $0.contains(#""class":"ringing""#) } }
        // Each second of the countdown is a line of its own, counting down.
        let counted = ringing.compactMap(teaSeconds)
        #expect(counted.count >= 2, "\(ringing)")
        #expect(counted == counted.sorted(by: >) && Set(counted).count == counted.count, "\(counted)")
        #expect(counted.allSatisfy { (1 ... 3).contains($0) }, "\(counted)")

        // Ringing counts on too: overtime reaches a second within about one more second.
        let overtime = try follower.waitFor("a second of overtime", timeout: 4) {
            $0.contains { (object($0)["ringing"] as? [[String: Any]])?.first?["overtime_seconds"] as? Int == 1 }
        }
        let ringLine = try #require(overtime.last)
        #expect(object(ringLine)["text"] as? String == "🔔 tea -0:01")
        #expect(object(ringLine)["tooltip"] as? String == "🔔 tea -0:01")

        #expect(try cli.run(["ack", "tea"]).status == 0)
        let ackedAt = Date()
        try follower.waitFor("idle after the ack", timeout: 4) { object($0.last ?? "")["class"] as? String == "idle" }
        let delay = Date().timeIntervalSince(ackedAt)
        print("follower printed idle \(Int(delay * 1000)) ms after noodle ack returned")
        #expect(delay < 2, "took \(delay) s")

        let stopped = follower.stop(SIGINT)
        #expect(stopped.status == 0)
        #expect(stopped.stderr.isEmpty, "\(stopped.stderr)")
        let all = stopped.stdout.components(separatedBy: "\n").filter { !$0.isEmpty }
        #expect(repeatedLine(all) == nil, "\(all)")
    }

    @Test("a follower whose reader goes away exits 0 at once, even with nothing new to print")
    func readerGone() throws {
        let cli = try NoodleCLI()
        defer { cli.remove() }
        // pipefail: the pipeline's status is the follower's unless head fails; timeout says 124 if it hangs.
        let pipeline = ["timeout", "10", "bash", "-c", #"set -o pipefail; "$0" "$@" | head -n 1"#]
        let started = Date()
        let result = try cli.run(["status", "--follow", "--format", "{timer}"], launcher: pipeline)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\n")
        #expect(Date().timeIntervalSince(started) < 5)
    }
}
