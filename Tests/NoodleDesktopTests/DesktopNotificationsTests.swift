import NoodleTestSupport
import Foundation
import NoodleDesktop
import Testing

/// An alarm as the dashboard will send it.
let alarm = DesktopNotifications.Notification(
    summary: "Shin Ramyun is ready", body: "4:30 finished", actions: [("stop", "Stop"), ("plus1", "+1 min"), ("snooze", "Snooze 5 min")],
    urgency: .critical, category: "x-noodle.alarm", soundName: "alarm-clock-elapsed"
)

@Suite("Desktop notifications over a private session bus")
struct DesktopNotificationsTests {
    @Test("an alarm is shown with an id, critical, its three buttons in order, and its category")
    func shown() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        let started = ContinuousClock.now
        let request = client.notify(alarm)
        let id = try #require(client.shownID(for: request))
        print("notify -> shown round trip: \(ContinuousClock.now - started)")
        let call = try #require(try bus.calls().last)
        #expect(call.method == "Notify" && call.id == id)
        #expect(call.appName == "noodle" && call.replacesId == 0)
        #expect(call.summary == "Shin Ramyun is ready" && call.body == "4:30 finished")
        #expect(call.actions == ["stop", "Stop", "plus1", "+1 min", "snooze", "Snooze 5 min"])
        #expect(call.urgency == 2 && call.hintTypes?["urgency"] == "Byte")
        #expect(call.category == "x-noodle.alarm" && call.soundName == "alarm-clock-elapsed" && call.desktopEntry == "noodle")
        #expect(call.expireTimeout == 0)
    }

    @Test("a repeat that names the shown id replaces it and keeps the id")
    func replaced() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        let id = try #require(client.shownID(for: client.notify(alarm)))
        var repeated = alarm
        repeated.replacesID = id
        repeated.body = "4:30 finished, 1 min ago"
        #expect(client.shownID(for: client.notify(repeated)) == id)
        let calls = try bus.calls()
        #expect(calls.count == 2)
        #expect(calls.last?.replacesId == id && calls.last?.id == id && calls.last?.body == "4:30 finished, 1 min ago")
    }

    @Test("a clicked button wakes poll() and comes out of takeEvents with its key")
    func clicked() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        let id = try #require(client.shownID(for: client.notify(alarm)))
        let started = ContinuousClock.now
        try bus.invoke(notificationID: id, key: "stop")
        let events = client.events(until: { $0 == .actionInvoked(notificationID: id, actionKey: "stop") })
        print("invoke (dbus-send started) -> event: \(ContinuousClock.now - started)")
        #expect(events == [.actionInvoked(notificationID: id, actionKey: "stop")])
    }

    @Test("clicks on other applications' notifications are not reported")
    func othersIgnored() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        let id = try #require(client.shownID(for: client.notify(alarm)))
        try bus.invoke(notificationID: id + 100, key: "stop")
        try bus.dismiss(notificationID: id + 100)
        try bus.invoke(notificationID: id, key: "snooze")
        let events = client.events(until: { if case .actionInvoked = $0 { true } else { false } })
        #expect(events == [.actionInvoked(notificationID: id, actionKey: "snooze")])
    }

    @Test("close takes the notification down, and the server says so with reason 3")
    func closed() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        let id = try #require(client.shownID(for: client.notify(alarm)))
        client.close(notificationID: id)
        let events = client.events(until: { if case .closed = $0 { true } else { false } })
        #expect(events == [.closed(notificationID: id, reason: 3)])
        #expect(try bus.calls().last == ServerCall(method: "CloseNotification", id: id))
    }

    @Test("a notification the person dismissed is closed with reason 2, and its later clicks are not ours")
    func dismissed() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        let id = try #require(client.shownID(for: client.notify(alarm)))
        try bus.dismiss(notificationID: id)
        #expect(client.events(until: { if case .closed = $0 { true } else { false } }) == [.closed(notificationID: id, reason: 2)])
        try bus.invoke(notificationID: id, key: "stop")
        #expect(client.events(until: { _ in true }, timeout: .milliseconds(200)).isEmpty)
    }

    @Test("takeEvents returns at once when nothing is pending")
    func neverBlocks() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        _ = client.takeEvents()
        let started = ContinuousClock.now
        for _ in 0 ..< 1000 {
            #expect(client.takeEvents().isEmpty)
        }
        let perCall = (ContinuousClock.now - started) / 1000
        print("takeEvents with nothing pending: \(perCall) per call")
        #expect(perCall < .milliseconds(1))
    }

    @Test("control characters, broken UTF-8 and noncharacters in people's text neither crash nor reach the server")
    func hostileText() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        let broken = String(decoding: [0x74, 0x65, 0x61, 0xFF, 0xC3, 0x28] as [UInt8], as: UTF8.self)
        let hostile = DesktopNotifications.Notification(
            summary: "\u{1B}]52;c;aGk=\u{07}" + broken + "\u{0}" + scalars(0xFFFE, 0xFDD0) + "\u{9B}2J 라면", body: "line one\nline\u{0} two\u{1B}[31m",
            actions: [("st\u{0}op", "St" + scalars(0xFFFF) + "op")], urgency: .normal, category: "x-noodle\u{7}.alarm"
        )
        let id = try #require(client.shownID(for: client.notify(hostile)))
        let call = try #require(try bus.calls().last)
        #expect(call.id == id)
        #expect(call.summary == "]52;c;aGk=tea\u{FFFD}\u{FFFD}(2J 라면")
        #expect(call.body == "line one\nline two[31m")
        #expect(call.actions == ["stop", "Stop"] && call.category == "x-noodle.alarm")
        #expect(call.urgency == 1 && call.expireTimeout == -1)
    }

    @Test("with no notification server on the bus the request fails with the bus's reason")
    func noServer() throws {
        let bus = try PrivateSessionBus(withServer: false)
        let client = try DesktopNotifications.connect(environment: bus.environment)
        let request = client.notify(alarm)
        let events = client.events(until: { if case .failed = $0 { true } else { false } })
        guard case let .failed(failed, reason) = events.first else {
            Issue.record("expected a failure, got \(events)")
            return
        }
        #expect(failed == request && reason.contains("ServiceUnknown"))
    }
}
