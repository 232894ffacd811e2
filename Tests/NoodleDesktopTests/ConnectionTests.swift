import NoodleTestSupport
import Glibc
import NoodleDesktop
import Testing

@Suite("Connecting to the session bus, and losing it")
struct ConnectionTests {
    @Test("no DBUS_SESSION_BUS_ADDRESS is a clean error")
    func unset() {
        #expect(throws: DesktopNotifications.ConnectionError.noSessionBus) { try DesktopNotifications.connect(environment: [:]) }
        #expect(throws: DesktopNotifications.ConnectionError.noSessionBus) { try DesktopNotifications(address: "") }
    }

    @Test("an address nobody listens at, or that is not an address, is a clean error", arguments: [
        "unix:path=/tmp/noodle-no-such-folder/bus", "not an address", "tcp:host=127.0.0.1,port=1",
    ])
    func unreachable(address: String) {
        #expect {
            try DesktopNotifications(address: address)
        } throws: { error in
            guard case let .unreachable(reported, reason) = error as? DesktopNotifications.ConnectionError else { return false }
            return reported == address && !reason.isEmpty
        }
    }

    @Test("the socket a killed bus left behind is a clean error")
    func deadSocket() throws {
        let bus = try PrivateSessionBus(withServer: false)
        bus.killBus()
        #expect(throws: DesktopNotifications.ConnectionError.self) { try DesktopNotifications(address: bus.address) }
    }

    @Test("a bus killed while connected is reported once, fails what was waiting, and exits nothing")
    func busKilled() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        _ = try #require(client.shownID(for: client.notify(alarm)))
        try bus.stall(seconds: 5)
        let waiting = client.notify(alarm)
        bus.killBus()
        let events = client.events(until: { $0 == .disconnected })
        #expect(events == [.failed(request: waiting, reason: "the session bus went away"), .disconnected])
        #expect(client.fileDescriptor == -1)
        #expect(client.takeEvents().isEmpty)
        let later = client.notify(alarm)
        client.close(notificationID: 1)
        #expect(client.takeEvents() == [.failed(request: later, reason: "the session bus is gone")])
        #expect(client.capabilities() == nil)
    }
}
