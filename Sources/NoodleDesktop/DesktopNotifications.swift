import CDBus

/// A client of the freedesktop notification server (org.freedesktop.Notifications) on the
/// session bus, for the single thread that runs noodle's poll loop.
///
/// Why libdbus: an alarm needs buttons, replacement and closing, and a click to come back into
/// the loop. `notify-send` can show buttons only by staying alive with `--wait`, one process per
/// notification, and cannot close one at all. GDBus would bring GLib and a main-loop thread
/// into a program that has one poll loop and nothing else. libdbus is the reference C library,
/// small and stable, and lets the connection be one more descriptor in that loop: nothing here
/// blocks except the `doctor` queries, which wait at most their timeout.
///
/// libdbus defaults that would end the process are turned off or avoided: a lost bus does not
/// `exit()` (exit_on_disconnect), invalid UTF-8 never reaches it (`BusText`), the connection is
/// private and closed before its last reference goes, and the process's SIGPIPE disposition
/// is left to noodle.
public final class DesktopNotifications {
    static let serverName = "org.freedesktop.Notifications"
    static let serverPath = "/org/freedesktop/Notifications"
    static let serverInterface = "org.freedesktop.Notifications"

    private let connection: OpaquePointer
    private var connected = true
    private var nextRequest = 1
    /// Notify calls sent and not yet answered, by the serial their reply will name.
    private var requestsBySerial: [UInt32: Int] = [:]
    /// Signals are broadcast for every application's notifications; only ours are reported.
    private var ownNotifications: Set<UInt32> = []
    /// Events that happened without the bus (a send that failed), handed out with the next batch.
    private var localEvents: [Event] = []

    /// Connects to the session bus the environment names, as a desktop application would.
    public static func connect(environment: [String: String]) throws(ConnectionError) -> DesktopNotifications {
        try DesktopNotifications(address: environment["DBUS_SESSION_BUS_ADDRESS"])
    }

    /// Opens a private connection to the bus at `address` and registers with it, waiting at most
    /// `registrationTimeout` for the bus to answer, then asks for the server's two signals.
    public init(address: String?, registrationTimeout: Duration = .seconds(2)) throws(ConnectionError) {
        guard let address, !address.isEmpty else { throw .noSessionBus }
        // Sends use MSG_NOSIGNAL on Linux; libdbus would otherwise set SIGPIPE to ignored for the whole process.
        dbus_connection_set_change_sigpipe(0)
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        // Private: the shared connection from dbus_bus_get is the process's, exits on disconnect, and must never be closed.
        guard let connection = dbus_connection_open_private(address, &error) else {
            throw .unreachable(address: address, reason: Self.text(of: error))
        }
        dbus_connection_set_exit_on_disconnect(connection, 0)
        // Hello by hand, because dbus_bus_register would wait up to libdbus's default 25 s for a wedged bus.
        if let failure = Self.register(connection, timeout: registrationTimeout) {
            dbus_connection_close(connection)
            dbus_connection_unref(connection)
            throw failure
        }
        self.connection = connection
        for signal in ["ActionInvoked", "NotificationClosed"] {
            // Without an error to fill, libdbus sends the rule and does not wait for the bus to accept it.
            dbus_bus_add_match(connection, Self.matchRule(signal), nil)
        }
        dbus_connection_flush(connection)
    }

    deinit {
        // Dropping the last reference to an open private connection is a fatal libdbus check.
        dbus_connection_close(connection)
        dbus_connection_unref(connection)
    }

    /// The socket to poll for reading; -1 once the bus is gone, which poll() skips.
    public var fileDescriptor: Int32 {
        var descriptor: Int32 = -1
        guard connected, dbus_connection_get_unix_fd(connection, &descriptor) != 0 else { return -1 }
        return descriptor
    }

    /// Whether `takeEvents()` has something without the socket becoming readable: a blocking
    /// query or a flush may have read messages off the socket into libdbus's queue. A loop
    /// checks this before sleeping in poll().
    public var hasQueuedEvents: Bool {
        !localEvents.isEmpty || (connected && dbus_connection_get_dispatch_status(connection) == DBUS_DISPATCH_DATA_REMAINS)
    }

    /// Sends a notification without waiting; its id arrives later as `.shown` with the returned request number.
    @discardableResult
    public func notify(_ notification: Notification) -> Int {
        let request = nextRequest
        nextRequest += 1
        guard connected else {
            localEvents.append(.failed(request: request, reason: "the session bus is gone"))
            return request
        }
        guard let message = NotifyMessage.make(notification) else {
            localEvents.append(.failed(request: request, reason: "out of memory building the notification"))
            return request
        }
        defer { dbus_message_unref(message) }
        var serial: UInt32 = 0
        guard dbus_connection_send(connection, message, &serial) != 0 else {
            localEvents.append(.failed(request: request, reason: "out of memory sending the notification"))
            return request
        }
        requestsBySerial[serial] = request
        // Blocks only while the socket will not take the bytes, which a live bus drains at once.
        dbus_connection_flush(connection)
        return request
    }

    /// Asks the server to take a notification down; it answers with `.closed(id, 3)`.
    public func close(notificationID: UInt32) {
        guard connected, let message = dbus_message_new_method_call(Self.serverName, Self.serverPath, Self.serverInterface, "CloseNotification")
        else { return }
        defer { dbus_message_unref(message) }
        var writer = MessageWriter(message)
        writer.append(notificationID)
        // The empty reply comes back as a message no request waits for, and is dropped.
        guard writer.ok, dbus_connection_send(connection, message, nil) != 0 else { return }
        dbus_connection_flush(connection)
    }

    /// Everything that arrived since the last call. Never waits: it reads only what the socket already has.
    public func takeEvents() -> [Event] {
        var events = localEvents
        localEvents = []
        // A bounded number of passes, so a flood of other applications' signals cannot hold the loop;
        // whatever is left keeps the descriptor readable for the next pass.
        for _ in 0 ..< 8 where connected {
            dbus_connection_read_write(connection, 0)
            var took = false
            while connected, let message = dbus_connection_pop_message(connection) {
                took = true
                handle(message, into: &events)
                dbus_message_unref(message)
            }
            if !took { break }
        }
        return events
    }

    private func handle(_ message: OpaquePointer, into events: inout [Event]) {
        switch dbus_message_get_type(message) {
        case DBUS_MESSAGE_TYPE_METHOD_RETURN:
            guard let request = requestsBySerial.removeValue(forKey: dbus_message_get_reply_serial(message)) else { return }
            var arguments = MessageArguments(message)
            if let id = arguments.uint32() {
                ownNotifications.insert(id)
                events.append(.shown(request: request, notificationID: id))
            } else {
                events.append(.failed(request: request, reason: "the server's reply carried no notification id"))
            }
        case DBUS_MESSAGE_TYPE_ERROR:
            guard let request = requestsBySerial.removeValue(forKey: dbus_message_get_reply_serial(message)) else { return }
            var arguments = MessageArguments(message)
            let name = dbus_message_get_error_name(message).map { String(cString: $0) } ?? "an error"
            events.append(.failed(request: request, reason: arguments.string().map { "\(name): \($0)" } ?? name))
        case DBUS_MESSAGE_TYPE_SIGNAL:
            handleSignal(message, into: &events)
        default:
            return
        }
    }

    private func handleSignal(_ message: OpaquePointer, into events: inout [Event]) {
        var arguments = MessageArguments(message)
        if dbus_message_is_signal(message, Self.serverInterface, "ActionInvoked") != 0 {
            guard let id = arguments.uint32(), let key = arguments.string(), ownNotifications.contains(id) else { return }
            events.append(.actionInvoked(notificationID: id, actionKey: key))
        } else if dbus_message_is_signal(message, Self.serverInterface, "NotificationClosed") != 0 {
            guard let id = arguments.uint32(), let reason = arguments.uint32(), ownNotifications.remove(id) != nil else { return }
            events.append(.closed(notificationID: id, reason: reason))
        } else if dbus_message_is_signal(message, "org.freedesktop.DBus.Local", "Disconnected") != 0 {
            connected = false
            // The bus would have answered these; it never will now.
            for request in requestsBySerial.values.sorted() {
                events.append(.failed(request: request, reason: "the session bus went away"))
            }
            requestsBySerial = [:]
            ownNotifications = []
            events.append(.disconnected)
        }
    }

    /// A method call to the server, waiting at most `timeout` for its reply; nil on any failure.
    func callAndWait(_ method: String, timeout: Duration) -> OpaquePointer? {
        guard connected, let message = dbus_message_new_method_call(Self.serverName, Self.serverPath, Self.serverInterface, method)
        else { return nil }
        defer { dbus_message_unref(message) }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        return dbus_connection_send_with_reply_and_block(connection, message, Self.milliseconds(timeout), &error)
    }

    private static func register(_ connection: OpaquePointer, timeout: Duration) -> ConnectionError? {
        guard let hello = dbus_message_new_method_call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "Hello")
        else { return .notRegistered(reason: "out of memory") }
        defer { dbus_message_unref(hello) }
        var error = DBusError()
        dbus_error_init(&error)
        defer { dbus_error_free(&error) }
        guard let reply = dbus_connection_send_with_reply_and_block(connection, hello, milliseconds(timeout), &error) else {
            return .notRegistered(reason: text(of: error))
        }
        dbus_message_unref(reply)
        return nil
    }

    /// Only the server's own signals: the bus checks that the sender owns the name.
    private static func matchRule(_ member: String) -> String {
        "type='signal',sender='\(serverName)',path='\(serverPath)',interface='\(serverInterface)',member='\(member)'"
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        // Never below 1: -1 means libdbus's default of 25 s.
        return Int32(clamping: max(1, total))
    }

    private static func text(of error: DBusError) -> String {
        guard let message = error.message else { return "unknown error" }
        return String(cString: message)
    }
}
