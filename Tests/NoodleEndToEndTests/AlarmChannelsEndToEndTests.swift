import Foundation
import NoodleTestSupport
import Testing

/// The alarm reaching the cook by every channel, with the real parts: a PulseAudio server playing
/// into a null sink, recorded; a private session bus with a notification server on it; two
/// dashboards and `noodle ack` on one data folder.
@Suite("End to end: sound, notifications with buttons, one acknowledgement everywhere", .serialized)
struct AlarmChannelsEndToEndTests {
    private func ringingLine(_ screen: String) -> Bool { screen.contains("done: tea") }

    @Test("the alarm sounds within 300 ms of the deadline, again after bell_interval, and stops within 300 ms of Enter")
    func soundStartsAndStops() throws {
        let pulse = try SoundServer()
        // The theme's alarm lasts 6.1 s: an 8 s repeat leaves a silence to hear the repeat by.
        let config = pulse.folder.appendingPathComponent("config.toml")
        try "bell_interval = \"8s\"\n".write(to: config, atomically: true, encoding: .utf8)
        let session = try TmuxSession(arguments: ["--config", config.path], environment: ["PULSE_SERVER": pulse.address], sound: true)
        try session.waitFor("the dashboard") { $0.contains("ready") }
        let cli = try NoodleCLI(sharing: session)
        // The add reads the clock after this, so its deadline is no earlier: lateness is if anything overstated.
        let deadline = Date().timeIntervalSince1970 + 2
        #expect(try cli.run(["add", "2s", "tea"]).status == 0)
        let first = try pulse.firstSound(after: deadline - 1, timeout: 6)
        #expect(first - deadline <= 0.3 && first - deadline > -0.05, "sound began \(first - deadline) s after the deadline")
        let again = try pulse.firstSound(after: first + 6.5, timeout: 10)
        #expect(abs(again - (first + 8)) <= 0.3, "played again \(again - first) s after the first")
        try session.waitFor("tea ringing") { ringingLine($0) }
        Thread.sleep(forTimeInterval: 0.4)
        let enter = Date().timeIntervalSince1970
        try session.send("Enter")
        let last = try #require(try pulse.lastSound(waitingAfter: enter, quiet: 1.5))
        #expect(last - enter <= 0.3, "sound went on \(last - enter) s after Enter")
        try session.waitFor("stopped") { !ringingLine($0) }
        try session.quitCleanly()
    }

    @Test("with no sound server the header says so once, and the alarm still rings in the terminal")
    func noSoundServer() throws {
        let session = try TmuxSession(sound: true)
        try session.waitFor("the dashboard") { $0.contains("ready") }
        let cli = try NoodleCLI(sharing: session)
        #expect(try cli.run(["add", "1s", "tea"]).status == 0)
        let screen = try session.waitFor("the problem said", timeout: 6) { $0.contains("No alarm sound:") }
        #expect(ringingLine(screen))
        try session.send("Enter")
        try session.waitFor("stopped") { !ringingLine($0) }
        try session.quitCleanly()
    }

    @Test("the notification is critical with Stop and +1 min, repeats replace it, +1 min snoozes, noodle ack closes it")
    func notificationButtons() throws {
        let bus = try PrivateSessionBus()
        let session = try TmuxSession(width: 120, height: 40, environment: bus.environment)
        try session.waitFor("the dashboard") { $0.contains("ready") }
        let cli = try NoodleCLI(sharing: session)
        #expect(try cli.run(["add", "1s", "tea"]).status == 0)
        let shown = try waitForCalls(bus, "the notification") { $0.contains { $0.method == "Notify" && $0.summary == "tea is done" } }
        let notify = try #require(shown.first { $0.method == "Notify" })
        #expect(notify.urgency == 2 && notify.hintTypes?["urgency"] == "Byte", "\(notify)")
        #expect(notify.actions == ["stop", "Stop", "add-minute", "+1 min"])
        #expect(notify.category == "x-noodle.alarm")
        let id = try #require(notify.id)
        // The bell repeats every 3 s: the same notification, brought up to date.
        let repeated = try waitForCalls(bus, "a repeat", timeout: 6) { $0.filter { $0.method == "Notify" }.count >= 2 }
        let second = try #require(repeated.filter { $0.method == "Notify" }.dropFirst().first)
        #expect(second.replacesId == id && second.id == id && (second.body ?? "").contains("ringing for"), "\(second)")

        try bus.invoke(notificationID: id, key: "add-minute")
        try session.waitFor("snoozed by the button") { $0.contains("Snoozed tea: rings again in") && !ringingLine($0) }
        _ = try waitForCalls(bus, "the snoozed alarm's notification closed") { $0.contains { $0.method == "CloseNotification" && $0.id == id } }

        // Rings again after the minute; taken back to ringing at once with -.
        try session.send("2", "-")
        try session.waitFor("ringing again") { ringingLine($0) }
        let ringingAgain = try waitForCalls(bus, "a new notification") { $0.filter { $0.method == "Notify" && $0.replacesId == 0 }.count >= 2 }
        let newID = try #require(ringingAgain.last { $0.method == "Notify" && $0.replacesId == 0 }?.id)
        #expect(try cli.run(["ack", "tea"]).status == 0)
        try session.waitFor("acknowledged from the shell") { !ringingLine($0) }
        _ = try waitForCalls(bus, "closed after noodle ack") { $0.contains { $0.method == "CloseNotification" && $0.id == newID } }
        try session.quitCleanly()
    }

    @Test("Stop on one dashboard's notification stops the bell, the sound and the other's notification in both")
    func oneAcknowledgementEverywhere() throws {
        let pulse = try SoundServer()
        let bus = try PrivateSessionBus()
        let environment = bus.environment.merging(["PULSE_SERVER": pulse.address]) { $1 }
        let a = try TmuxSession(width: 120, height: 40, environment: environment, sound: true)
        let b = try TmuxSession(width: 120, height: 40, environment: environment, sharing: a)
        for session in [a, b] { try session.waitFor("the dashboard") { $0.contains("ready") } }
        let cli = try NoodleCLI(sharing: a)
        #expect(try cli.run(["add", "1s", "tea"]).status == 0)
        let calls = try waitForCalls(bus, "both notifications") { Set($0.filter { $0.method == "Notify" }.compactMap(\.id)).count >= 2 }
        let ids = Array(Set(calls.filter { $0.method == "Notify" }.compactMap(\.id))).sorted()
        for session in [a, b] { try session.waitFor("ringing") { ringingLine($0) } }
        _ = try pulse.firstSound(after: Date().timeIntervalSince1970 - 2, timeout: 4)

        let stop = Date().timeIntervalSince1970
        try bus.invoke(notificationID: ids[0], key: "stop")
        for session in [a, b] { try session.waitFor("stopped in both") { !ringingLine($0) } }
        _ = try waitForCalls(bus, "the other notification closed") { $0.contains { $0.method == "CloseNotification" && $0.id == ids[1] } }
        let last = try #require(try pulse.lastSound(waitingAfter: stop, quiet: 1.5))
        #expect(last - stop <= 0.6, "sound went on \(last - stop) s after Stop, through the store to the other dashboard")
        let stored = try HardeningKit.readDatabase(a.databasePath)
        #expect(stored.countdownLabels == ["tea"])
        for session in [a, b] { try session.quitCleanly() }
    }

    @discardableResult
    private func waitForCalls(_ bus: PrivateSessionBus, _ what: String, timeout: Double = 5, _ predicate: ([ServerCall]) -> Bool) throws -> [ServerCall] {
        let deadline = Date().addingTimeInterval(timeout)
        var calls: [ServerCall] = []
        while Date() < deadline {
            calls = (try? bus.calls()) ?? []
            if predicate(calls) { return calls }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw E2EError("the notification server never saw \(what); it saw \(calls)")
    }
}
