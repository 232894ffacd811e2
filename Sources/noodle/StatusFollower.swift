import ArgumentParser
import Glibc
import NoodleCore
import NoodleStore

/// `noodle status --follow`: the status line printed again whenever it reads differently, for a
/// status bar that keeps one process running (waybar's custom module, a polybar tail script).
///
/// It never polls the database. One `poll` waits on the folder's inotify descriptor, the signal
/// pipe and stdout, with a timeout to the next moment the line can change by time alone; with
/// nothing running that is no timeout at all, and only a write to the folder wakes it.
struct StatusFollower {
    /// Signals that end a follower, quietly and with status 0: its bar closed or was reloaded.
    static let stopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    let directory: String
    let alarmCap: Duration
    /// What the printed form shows, so that only its figures' seconds wake the follower.
    let shown: StatusSummary.Shown
    /// The line for a summary, in whatever mode `noodle status` was asked for.
    let line: (StatusSummary) throws -> String

    private var store: Store?
    private var saved = SavedState()
    private var clock = StoredClock.fromWallClock

    init(directory: String, alarmCap: Duration, shown: StatusSummary.Shown, line: @escaping (StatusSummary) throws -> String) {
        self.directory = directory
        self.alarmCap = alarmCap
        self.shown = shown
        self.line = line
    }

    /// Returns when told to stop or when nobody reads stdout any more; errors are ExitCode(2).
    mutating func run() throws {
        let signals = SignalPipe.install(Self.stopSignals)
        let watcher: StoreWatcher
        do {
            // The folder is made as the Store makes it, so that it can be watched before the
            // database exists: the first `noodle add` then wakes this follower like any other.
            try StoreFolder.prepare(directory)
            watcher = try StoreWatcher(directory: directory)
        } catch {
            throw Self.failed(error)
        }
        var checks = SharedChangeChecks()
        var printed: String?
        try openWhenMade()
        while true {
            let now = clock.now()
            var current = saved
            StoreOperation.clampToClock(at: now).apply(to: &current)
            let summary = StatusSummary(current, now: now, alarmCap: alarmCap.nanoseconds)
            let text = try line(summary)
            if text != printed {
                // One write(2) a line, nothing buffered: a bar reading a pipe sees it at once.
                guard Output.standardOutputDelivered(text + "\n") else { return }
                printed = text
            }
            let changes = summary.untilNextChange(alarmCap: alarmCap, shown: shown).map { ContinuousClock.now.advanced(by: $0) }
            let wake = [changes, checks.next].compactMap { $0 }.min()
            var fds = [
                pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: signals, events: Int16(POLLIN), revents: 0),
                // Asked for nothing, a pipe's write end still reports POLLERR once its reader
                // closes: a bar that went away ends an idle follower too, not only at its next line.
                pollfd(fd: STDOUT_FILENO, events: 0, revents: 0),
            ]
            let count = poll(&fds, nfds_t(fds.count), wake.map(EventPoller.milliseconds(until:)) ?? -1)
            if count < 0, errno != EINTR {
                throw Self.failed("poll: " + String(cString: strerror(errno)))
            }
            if fds[1].revents != 0 { return }
            if fds[2].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return }
            if fds[0].revents != 0 {
                watcher.drain()
                checks.folderTouched(at: .now)
            }
            // inotify sees the log written before the commit is visible to readers, so the look
            // comes a moment later, and again in case the writer's disk was slow.
            if checks.takeDue(at: .now) { try lookAgain() }
        }
    }

    /// Opens the database once a noodle has made it; until then the state is empty.
    private mutating func openWhenMade() throws {
        guard store == nil, access(StoreLocation.databasePath(in: directory), F_OK) == 0 else { return }
        do {
            let opened = try Store(directory: directory)
            if let note = opened.recoveryNote { Output.standardError("noodle: \(note)\n") }
            store = opened
            try load(opened)
        } catch {
            throw Self.failed(error)
        }
    }

    private mutating func lookAgain() throws {
        guard let store else { return try openWhenMade() }
        do {
            if try store.hasChangedElsewhere() { try load(store) }
        } catch {
            throw Self.failed(error)
        }
    }

    private mutating func load(_ store: Store) throws {
        saved = try store.load()
        // The first noodle of a boot records the clock; until one has, the wall clock stands in.
        clock = try store.recordedClock()
    }

    private static func failed(_ error: Any) -> ExitCode {
        Output.standardError("noodle: \(error)\n")
        return ExitCode(2)
    }
}
