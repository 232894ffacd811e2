import CCanberra
import Glibc
import NoodleConfig
import NoodleWorker

/// The alarm as sound, through the desktop's sound server: libcanberra resolves the freedesktop
/// theme's events and plays them through PulseAudio or PipeWire, as desktop programs do; where it
/// cannot (no backend for the server), the server's own player (`paplay`, `pw-play`) plays the
/// file instead. All of it happens on a thread of its own: connecting to a server, or one that is
/// missing, never holds up a key or the bell. A problem is reported once, for the header.
final class AlarmSound: @unchecked Sendable {
    // @unchecked: `commands` and `problems` are touched only inside `channel.locked`, and
    // `players` is changed only there; the rest only on the sound thread once it has started.

    enum Cue: Sendable, Equatable {
        /// A countdown's end, and each repeat while it rings.
        case alarm
        /// A step, or the warning before the end.
        case soft
    }

    private enum Command: Equatable {
        /// Connects and has the server keep the alarm's sound, so the first alarm starts at once.
        case prepare
        case play(Cue)
        case stopAlarm
    }

    private enum Source: Equatable {
        case event(String)
        case file(String)
    }

    /// Readable while a problem waits to be taken; non-blocking and close-on-exec.
    var fileDescriptor: Int32 { channel.fileDescriptor }

    private let channel = WorkerChannel(for: "alarm sound")
    private var commands: [Command] = []
    private var problems: [String] = []

    private let alarmSource: Source
    private let volume: Int
    private let environment: [String: String]
    private var context: OpaquePointer?
    /// The fallback player's process for each cue, while it may still play.
    private var players: [Cue: pid_t] = [:]
    private var problemSaid = false
    /// Why libcanberra did not play, for the message if the fallback player fails too.
    private var canberraFailure: String?

    /// libcanberra's ids for the sounds it plays, so each can be cancelled.
    private static func canberraID(_ cue: Cue) -> UInt32 { cue == .alarm ? 1 : 2 }

    /// Nil when there is to be no sound: `sound = "none"`, or a volume of 0.
    init?(sound: Config.Sound, volume: Int, environment: [String: String]) {
        switch sound {
        case .none: return nil
        case .theme: alarmSource = .event(SoundTheme.alarmEvent)
        case .file(let path): alarmSource = .file(path)
        }
        guard volume > 0 else { return nil }
        self.volume = volume
        self.environment = environment
        WorkerChannel.startThread(for: "alarm sound") { [self] in run() }
        send(.prepare)
    }

    // MARK: From the loop

    func play(_ cue: Cue) { send(.play(cue)) }

    /// Stops the alarm sound now; a soft cue plays out.
    func stopAlarm() { send(.stopAlarm) }

    /// The problems met since the last call.
    func takeProblems() -> [String] {
        channel.drainWakeups()
        return channel.locked {
            defer { problems.removeAll() }
            return problems
        }
    }

    /// Stops whatever plays, for a program about to end: a fallback player must not ring on.
    func silenceForExit() {
        let pids = channel.locked { Array(players.values) }
        for pid in pids { kill(pid, SIGTERM) }
    }

    private func send(_ command: Command) {
        channel.locked {
            commands.append(command)
            channel.signal()
        }
    }

    // MARK: On the sound thread

    private func run() {
        while true {
            var taken = channel.locked { () -> [Command] in
                while commands.isEmpty {
                    guard !players.isEmpty else {
                        channel.wait()
                        continue
                    }
                    // A fallback player is out: looked at every 100 ms, so one that failed is said at once.
                    if !channel.wait(until: WorkerChannel.deadline(after: .milliseconds(100))) { break }
                }
                defer { commands.removeAll() }
                return commands
            }
            // A stop queued behind plays of the alarm makes them moot.
            if let stop = taken.lastIndex(of: .stopAlarm) {
                taken = taken.enumerated().filter { $0.offset >= stop || $0.element != .play(.alarm) }.map(\.element)
            }
            reapPlayers()
            for command in taken { perform(command) }
        }
    }

    private func perform(_ command: Command) {
        switch command {
        case .prepare:
            // Quietly: a problem is said when a sound is due, which may never be.
            if context == nil, openContext() == nil, let context {
                _ = withProperties(for: alarmSource) { ca_context_cache_full(context, $0) }
            }
        case .play(let cue):
            stopPlaying(cue)
            let source = cue == .alarm ? alarmSource : .event(SoundTheme.softEvent)
            guard let failure = playWithCanberra(source, id: Self.canberraID(cue)) else { return }
            canberraFailure = failure
            if let fallbackFailure = playWithPlayer(source, cue: cue) {
                say("\(failure); \(fallbackFailure)")
            }
        case .stopAlarm:
            stopPlaying(.alarm)
        }
    }

    private func stopPlaying(_ cue: Cue) {
        if let context { ca_context_cancel(context, Self.canberraID(cue)) }
        let player = channel.locked { players.removeValue(forKey: cue) }
        if let pid = player {
            kill(pid, SIGTERM)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        }
    }

    /// Plays through libcanberra; nil when it is playing, else why not.
    private func playWithCanberra(_ source: Source, id: UInt32) -> String? {
        if context == nil, let failure = openContext() { return failure }
        guard let result = withProperties(for: source, { ca_context_play_full(context, id, $0, nil, nil) }) else {
            return "libcanberra: out of memory"
        }
        guard result < 0 else { return nil }
        if result == Int32(CA_ERROR_DISCONNECTED) || result == Int32(CA_ERROR_STATE) {
            // The server went away (or restarted): a new connection next time.
            ca_context_destroy(context)
            context = nil
        }
        return "libcanberra: " + String(cString: ca_strerror(result))
    }

    /// `body` with the properties that say which sound `source` is and how loud; nil when they
    /// could not be made.
    private func withProperties(for source: Source, _ body: (OpaquePointer) -> Int32) -> Int32? {
        var properties: OpaquePointer?
        guard ca_proplist_create(&properties) == 0, let properties else { return nil }
        defer { ca_proplist_destroy(properties) }
        switch source {
        case .event(let name):
            ca_proplist_sets(properties, "event.id", name)
            // Kept by the sound server after the first play, so each repeat starts at once.
            ca_proplist_sets(properties, "canberra.cache-control", "permanent")
        case .file(let path):
            ca_proplist_sets(properties, "media.filename", path)
        }
        ca_proplist_sets(properties, "event.description", "noodle timer")
        ca_proplist_sets(properties, "canberra.volume", decibels)
        return body(properties)
    }

    /// Opens a libcanberra context; nil when open, else why not.
    private func openContext() -> String? {
        var made: OpaquePointer?
        guard ca_context_create(&made) == 0, let made else { return "libcanberra: out of memory" }
        // PulseAudio's protocol, which PipeWire also serves; libcanberra would otherwise go on to
        // ALSA, whose library writes its complaints onto the dashboard's screen. CANBERRA_DRIVER
        // still chooses, for whoever sets it.
        if environment["CANBERRA_DRIVER"] == nil { ca_context_set_driver(made, "pulse") }
        var properties: OpaquePointer?
        if ca_proplist_create(&properties) == 0, let properties {
            ca_proplist_sets(properties, "application.name", "noodle")
            ca_proplist_sets(properties, "application.id", "noodle")
            ca_context_change_props_full(made, properties)
            ca_proplist_destroy(properties)
        }
        let result = ca_context_open(made)
        guard result == 0 else {
            ca_context_destroy(made)
            return "libcanberra: " + String(cString: ca_strerror(result))
        }
        context = made
        return nil
    }

    /// The sound server's own player on the file; nil when it started, else why not.
    private func playWithPlayer(_ source: Source, cue: Cue) -> String? {
        let file: String
        switch source {
        case .file(let path): file = path
        case .event(let name):
            guard let found = SoundTheme.file(for: name, environment: environment) else {
                return "no sound file for \(name) (Debian: sound-theme-freedesktop)"
            }
            file = found
        }
        let path = environment["PATH"] ?? "/usr/bin:/bin"
        let fraction = Double(volume) / 100
        let argv: [String]
        // paplay first: it goes where PULSE_SERVER says, as libcanberra does; PipeWire serves it too.
        if Notifier.onPath("paplay", path) {
            argv = ["paplay", "--volume=\(Int(65536 * fraction))", file]
        } else if Notifier.onPath("pw-play", path) {
            argv = ["pw-play", "--volume=\(fraction)", file]
        } else {
            return "neither pw-play nor paplay is installed"
        }
        var pid: pid_t = 0
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] { posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0) }
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        // Spawned from a thread with every signal blocked: the child must start with none blocked,
        // or the SIGTERM that stops it would wait forever.
        let started = ChildSignals.withAttributes(ownProcessGroup: true) { attributes in
            posix_spawnp(&pid, argv[0], &actions, &attributes, &cArguments, environ)
        }
        guard started == 0 else { return "\(argv[0]): \(String(cString: strerror(started)))" }
        channel.locked { players[cue] = pid }
        return nil
    }

    /// Collects fallback players that ended; one that failed is said (no server to play to, say).
    private func reapPlayers() {
        for (cue, pid) in players {
            var status: Int32 = 0
            guard waitpid(pid, &status, WNOHANG) == pid else { continue }
            channel.locked { players[cue] = nil }
            if status != 0 {
                say((canberraFailure.map { $0 + "; " } ?? "") + "the sound server's player could not play either (exit status \((status >> 8) & 0xff))")
            }
        }
    }

    /// libcanberra's volume is in decibels: 100 % is 0 dB.
    private var decibels: String {
        let value = 20 * log10(Double(volume) / 100)
        return String(Double(Int(value * 100)) / 100)
    }

    private func say(_ problem: String) {
        guard !problemSaid else { return }
        problemSaid = true
        channel.locked { problems.append(problem) }
        channel.wakeLoop()
    }
}
