import Glibc
import NoodleCore

/// The loop's one thread (the main thread), and the executor of the loop actor. It runs the actor's
/// jobs and, when there are none, sleeps in a single `poll` on the keyboard, the signal pipe and a
/// wake-up pipe, with the timeout set to the next moment anything is due. Events go straight to the
/// loop's handler on this thread, so a frame costs one wake-up of one thread: no timer thread, no
/// dispatch queue hand-offs and no task resumption (together five context switches a frame before).
/// No dispatch worker thread is ever started, which also keeps libdispatch's once-a-second
/// workqueue monitor from running: idle really is idle.
/// Everything that can wake the loop.
enum LoopEvent: Sendable {
    case input
    case signal(Int32)
    case wake
    /// Something wrote to the database's folder: maybe another instance, maybe this one.
    case storeTouched
    /// The store's writer has reports waiting.
    case storeReported
}

final class LoopExecutor: SerialExecutor, @unchecked Sendable {
    static let shared = LoopExecutor()

    /// Guards `jobs` and `sleeping`, the only state other threads touch.
    private var lock = pthread_mutex_t()
    private var jobs: [UnownedJob] = []
    private var sleeping = false
    /// A self-pipe: a byte written to [1] ends the loop thread's poll.
    private var wakePipe: [Int32] = [-1, -1]

    // Touched only on the loop thread.
    private var deadline: ContinuousClock.Instant?
    private var handler: (@LoopActor (LoopEvent) -> Int32?)?
    private var finished: CheckedContinuation<Int32, Never>?
    private var thread = pthread_t()

    /// The read end of the signal pipe, set before the loop runs.
    private var signalFD: Int32 = -1
    /// The database folder's inotify descriptor, or -1 (poll skips negative descriptors).
    private var storeFD: Int32 = -1
    /// The store writer's report pipe.
    private var reportFD: Int32 = -1

    private init() {
        pthread_mutex_init(&lock, nil)
        pipe(&wakePipe)
        for fd in wakePipe {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pthread_mutex_lock(&lock)
        jobs.append(job)
        let mustWake = sleeping
        sleeping = false
        pthread_mutex_unlock(&lock)
        if mustWake { poke() }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wakePipe[1], &byte, 1)
    }

    // MARK: On the loop thread (reached only through the loop actor)

    func checkIsolated() {
        precondition(pthread_equal(pthread_self(), thread) != 0, "not on the loop thread")
    }

    /// Runs the loop: every event is handed to `handle` on this thread until it returns an exit status.
    @LoopActor func run(_ handle: @escaping @LoopActor (LoopEvent) -> Int32?) async -> Int32 {
        handler = handle
        return await withCheckedContinuation { finished = $0 }
    }

    @LoopActor func wake(at instant: ContinuousClock.Instant?) { deadline = instant }

    /// Makes the calling thread the loop thread, forever: the program ends by calling exit.
    func runForever(signalPipe: Int32, storeWatch: Int32, storeReports: Int32) -> Never {
        thread = pthread_self()
        signalFD = signalPipe
        storeFD = storeWatch
        reportFD = storeReports
        while true {
            pthread_mutex_lock(&lock)
            let ready = jobs
            jobs.removeAll(keepingCapacity: true)
            // With no job and no handler (before the app starts, or after it has returned its exit
            // status and before the task resumes to exit) the loop waits on the wake pipe alone.
            if ready.isEmpty { sleeping = true }
            let mustSleep = sleeping
            pthread_mutex_unlock(&lock)

            for job in ready { job.runSynchronously(on: asUnownedSerialExecutor()) }
            if mustSleep { sleep() }
        }
    }

    /// Sleeps until a key, a signal, a database change, a store report, a job enqueued from another thread, or the deadline.
    private func sleep() {
        let listening = handler != nil
        // Negative descriptors are skipped by poll: without a handler only a job can wake the loop.
        var fds = [
            pollfd(fd: wakePipe[0], events: Int16(POLLIN), revents: 0),
            pollfd(fd: listening ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: listening ? signalFD : -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: listening ? storeFD : -1, events: Int16(POLLIN), revents: 0),
            pollfd(fd: listening ? reportFD : -1, events: Int16(POLLIN), revents: 0),
        ]
        let timeout = listening ? deadline.map { Self.milliseconds(until: $0) } ?? -1 : -1
        let count = poll(&fds, nfds_t(fds.count), timeout)
        pthread_mutex_lock(&lock)
        sleeping = false
        pthread_mutex_unlock(&lock)
        if count > 0 && fds[0].revents != 0 {
            var drain = [UInt8](repeating: 0, count: 64)
            while read(wakePipe[0], &drain, drain.count) > 0 {}
        }
        if count > 0 && fds[2].revents != 0 {
            var caught = [UInt8](repeating: 0, count: 32)
            let got = read(signalFD, &caught, caught.count)
            // A dragged window edge sends a burst of SIGWINCH; one resize handles them all.
            var seen = Set<UInt8>()
            for number in caught.prefix(max(0, got)) where seen.insert(number).inserted {
                deliver(.signal(Int32(number)))
            }
        }
        if count > 0 && fds[3].revents != 0 {
            deliver(.storeTouched)
        }
        if count > 0 && fds[4].revents != 0 {
            deliver(.storeReported)
        }
        if count > 0 && fds[1].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            // The terminal is gone: handle it as the hang-up it is, rather than spin on a dead descriptor.
            deliver(.signal(SIGHUP))
        } else if count > 0 && fds[1].revents != 0 {
            deliver(.input)
        } else if count == 0 {
            deadline = nil
            deliver(.wake)
        }
    }

    /// poll counts whole milliseconds; rounding up means a wake is never early, so the
    /// display it was scheduled for has always changed by the time the loop looks.
    private static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: instant)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(min(millis, Int64(Int32.max)))
    }

    private func deliver(_ event: LoopEvent) {
        guard let handle = handler, let status = LoopActor.assumeIsolated({ handle(event) }) else { return }
        handler = nil
        finished?.resume(returning: status)
        finished = nil
    }
}

/// The actor every curses call and every state change runs on: the loop's one thread.
@globalActor
actor LoopActor {
    static let shared = LoopActor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { LoopExecutor.shared.asUnownedSerialExecutor() }
}

extension LoopActor {
    /// Runs loop-actor code from the loop thread outside any job, as the executor does for events;
    /// the same contract as `MainActor.assumeIsolated`, checked the same way.
    static func assumeIsolated<T>(_ operation: @LoopActor () -> T) -> T {
        LoopExecutor.shared.checkIsolated()
        typealias Unisolated = () -> T
        return withoutActuallyEscaping(operation) { operation in
            unsafeBitCast(operation, to: Unisolated.self)()
        }
    }
}
