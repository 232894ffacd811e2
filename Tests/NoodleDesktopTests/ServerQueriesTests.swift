import NoodleTestSupport
import Glibc
import NoodleDesktop
import Testing

@Suite("What noodle doctor asks the notification server")
struct ServerQueriesTests {
    @Test("capabilities and server information are answered")
    func answered() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        #expect(client.capabilities() == ["actions", "body", "persistence", "sound"])
        let information = try #require(client.serverInformation())
        #expect(information == ("noodle-test-server", "noodle", "1.0", "1.2"))
    }

    @Test("a server that does not answer is given up on after the timeout")
    func timeout() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        try bus.stall(seconds: 2)
        let started = ContinuousClock.now
        #expect(client.capabilities(timeout: .milliseconds(300)) == nil)
        let waited = ContinuousClock.now - started
        print("capabilities with a stalled server and a 300 ms timeout returned after \(waited)")
        #expect(waited >= .milliseconds(250) && waited < .milliseconds(1500))
    }

    @Test("with no server the queries say nil at once")
    func noServer() throws {
        let bus = try PrivateSessionBus(withServer: false)
        let client = try DesktopNotifications.connect(environment: bus.environment)
        let started = ContinuousClock.now
        #expect(client.capabilities(timeout: .seconds(5)) == nil)
        #expect(client.serverInformation(timeout: .seconds(5)) == nil)
        #expect(ContinuousClock.now - started < .seconds(2))
    }
}

@Suite("Signals that arrive while a query waits")
struct QueuedEventsTests {
    @Test("a click read off the socket during a query is still handed out, and hasQueuedEvents says so")
    func clickDuringQuery() throws {
        let bus = try PrivateSessionBus()
        let client = try DesktopNotifications.connect(environment: bus.environment)
        let id = try #require(client.shownID(for: client.notify(alarm)))
        #expect(!client.hasQueuedEvents)
        try bus.invoke(notificationID: id, key: "plus1")
        // The server emitted the signal before answering, so libdbus reads it while waiting for the answer.
        #expect(client.capabilities() != nil)
        var entry = pollfd(fd: client.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 0) == 0)
        #expect(client.hasQueuedEvents)
        #expect(client.takeEvents() == [.actionInvoked(notificationID: id, actionKey: "plus1")])
        #expect(!client.hasQueuedEvents)
    }
}
