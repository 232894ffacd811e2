import Foundation

/// A session bus of the test's own (dbus-daemon in a fresh folder) with notification-server.py
/// on it, so tests never touch the desktop's bus or show anything on a real screen. Both are
/// killed when this goes away.
///
/// Hand `environment` to the program under test; read what it sent with `calls()`; play the
/// person at the desktop with `invoke`, `dismiss` and `stall`.
public final class PrivateSessionBus {
    public let folder: String
    /// What DBUS_SESSION_BUS_ADDRESS must say to reach this bus.
    public let address: String
    /// One JSON object per line, for every call the server took.
    public let logPath: String
    private var daemon: pid_t?
    private var server: pid_t?

    public var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    /// Debian's python3-dbus is for the system interpreter; a pyenv or venv python3 first on PATH lacks it.
    public static var python: String {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
    }

    static var serverScript: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("notification-server.py").path
    }

    /// `withServer: false` leaves org.freedesktop.Notifications unowned: a desktop without a notification server.
    public init(withServer: Bool = true, readyTimeout: Duration = .seconds(10)) throws {
        var template = Array("/tmp/noodle-bus-XXXXXX".utf8CString)
        folder = try template.withUnsafeMutableBufferPointer { buffer in
            guard let made = mkdtemp(buffer.baseAddress!) else { throw BusError("mkdtemp: \(String(cString: strerror(errno)))") }
            return String(cString: made)
        }
        logPath = folder + "/calls.jsonl"
        // No service directories: a name nobody owns fails at once instead of starting the desktop's own daemon.
        let config = """
        <busconfig>
          <type>session</type>
          <listen>unix:path=\(folder)/bus</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow send_destination="*" eavesdrop="true"/>
            <allow eavesdrop="true"/>
            <allow own="*"/>
          </policy>
        </busconfig>
        """
        var daemon: pid_t?, server: pid_t?
        do {
            try config.write(toFile: folder + "/bus.conf", atomically: true, encoding: .utf8)
            let (daemonPID, daemonOutput) = try Self.start(
                ["dbus-daemon", "--config-file=\(folder)/bus.conf", "--nofork", "--print-address=1"],
                environment: ProcessInfo.processInfo.environment, stderr: folder + "/dbus-daemon.stderr"
            )
            daemon = daemonPID
            address = try Self.readLine(from: daemonOutput, timeout: readyTimeout, what: "dbus-daemon's address")
            if withServer {
                var environment = ProcessInfo.processInfo.environment
                environment["DBUS_SESSION_BUS_ADDRESS"] = address
                let (serverPID, serverOutput) = try Self.start(
                    [Self.python, Self.serverScript, logPath], environment: environment, stderr: folder + "/server.stderr"
                )
                server = serverPID
                let line = try Self.readLine(from: serverOutput, timeout: readyTimeout, what: "the notification server's ready line")
                guard line == "ready" else { throw BusError("the notification server said \(line)") }
            }
        } catch {
            Self.kill(&server)
            Self.kill(&daemon)
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        }
        self.daemon = daemon
        self.server = server
    }

    deinit { stop() }

    /// Every call the server has logged so far, in order.
    public func calls() throws -> [ServerCall] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try text.split(separator: "\n").map { try decoder.decode(ServerCall.self, from: Data($0.utf8)) }
    }

    /// Clicks a button: the server emits ActionInvoked(id, key). Returns once the server has done so.
    public func invoke(notificationID: UInt32, key: String) throws {
        try control("Invoke", "uint32:\(notificationID)", "string:\(key)")
    }

    /// Dismisses the notification as a person would: NotificationClosed(id, 2).
    public func dismiss(notificationID: UInt32) throws {
        try control("Dismiss", "uint32:\(notificationID)")
    }

    /// Makes the server stop answering for `seconds`, starting just after this returns.
    public func stall(seconds: Double) throws {
        try control("Stall", "double:\(seconds)")
    }

    /// Kills dbus-daemon outright, as a crashed or ended desktop session would; the server goes with it.
    public func killBus() {
        Self.kill(&daemon)
    }

    public func stop() {
        Self.kill(&server)
        Self.kill(&daemon)
        try? FileManager.default.removeItem(atPath: folder)
    }

    private func control(_ method: String, _ arguments: String...) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = address
        let (pid, output) = try Self.start(
            ["dbus-send", "--session", "--print-reply", "--reply-timeout=5000", "--dest=org.freedesktop.Notifications",
             "/org/freedesktop/Notifications", "org.noodle.TestControl.\(method)"] + arguments,
            environment: environment, stderr: folder + "/dbus-send.stderr"
        )
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // Closed only now: closed earlier, dbus-send dies of SIGPIPE printing the reply.
        close(output)
        guard status == 0 else {
            let stderr = (try? String(contentsOfFile: folder + "/dbus-send.stderr", encoding: .utf8)) ?? ""
            throw BusError("dbus-send \(method) failed (status \(status)): \(stderr)")
        }
    }

    private static func kill(_ pid: inout pid_t?) {
        guard let process = pid else { return }
        pid = nil
        Glibc.kill(process, SIGKILL)
        var status: Int32 = 0
        while waitpid(process, &status, 0) == -1 && errno == EINTR {}
    }

    /// Starts `arguments` with stdout on a pipe whose read end is returned. posix_spawn and waitpid,
    /// not Foundation's Process, whose SIGCHLD handling has left children unreaped under the parallel runner.
    private static func start(_ arguments: [String], environment: [String: String], stderr: String) throws -> (pid_t, Int32) {
        var pipeEnds: [Int32] = [-1, -1]
        // Close-on-exec, so no other child (tests run in parallel) holds these ends open.
        guard pipe(&pipeEnds) == 0 else { throw BusError("pipe: \(String(cString: strerror(errno)))") }
        _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
        defer { close(pipeEnds[1]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        let pid: pid_t
        switch spawnWithCleanSignals(arguments, environment: environment, actions: &actions) {
        case .success(let started): pid = started
        case .failure(let failure):
            close(pipeEnds[0])
            throw BusError(failure.description)
        }
        return (pid, pipeEnds[0])
    }

    /// The first line written to `descriptor`, waiting for it with poll() up to `timeout`; closes the descriptor.
    private static func readLine(from descriptor: Int32, timeout: Duration, what: String) throws -> String {
        defer { close(descriptor) }
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var bytes: [UInt8] = []
        while !bytes.contains(UInt8(ascii: "\n")) {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { throw BusError("no \(what) within \(timeout)") }
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&entry, 1, Int32(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1))
            if ready < 0, errno == EINTR { continue }
            var chunk = [UInt8](repeating: 0, count: 512)
            let count = ready > 0 ? read(descriptor, &chunk, chunk.count) : 0
            if ready > 0, count <= 0 { throw BusError("\(what): the process ended first") }
            bytes += chunk.prefix(max(count, 0))
        }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}

/// One call as notification-server.py logged it; fields a method does not have are nil.
public struct ServerCall: Decodable, Equatable {
    public var method: String
    public var id: UInt32?
    public var appName: String?
    public var replacesId: UInt32?
    public var appIcon: String?
    public var summary: String?
    public var body: String?
    public var actions: [String]?
    public var urgency: Int?
    public var category: String?
    public var soundName: String?
    public var desktopEntry: String?
    /// The D-Bus type each hint arrived as, by the name dbus-python gives it ("Byte", "String").
    public var hintTypes: [String: String]?
    public var expireTimeout: Int32?
    public var key: String?

    /// A call with only a method and an id, as CloseNotification is logged.
    public init(method: String, id: UInt32? = nil) {
        self.method = method
        self.id = id
    }
}

public struct BusError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
