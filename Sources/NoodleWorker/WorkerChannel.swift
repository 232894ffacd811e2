import Glibc

/// What a worker thread and the poll loop share: a lock, a condition the worker sleeps on, and a
/// pipe the loop polls, to which the worker writes a byte when it has something for the loop.
/// The store's writer and the alarm's sound are such workers: each keeps the loop from waiting
/// on something slow (a disk, a sound server) and reports back through its own descriptor.
public final class WorkerChannel: @unchecked Sendable {
    // @unchecked: the lock and condition are pthread objects made for use across threads, and
    // the descriptors never change after init.

    /// Readable while the worker has something for the loop; non-blocking and close-on-exec.
    public let fileDescriptor: Int32
    private let writeEnd: Int32
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    /// `owner` names the worker in the message if the system has no pipe to give.
    public init(for owner: String) {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Waits are measured on the monotonic clock: setting the wall clock does not stretch them.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "no pipe for the \(owner): \(String(cString: strerror(errno)))")
        for fd in ends {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = ends[0]
        writeEnd = ends[1]
    }

    public func locked<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Sleeps until `signal`; only inside `locked`, and in a loop over what is awaited.
    public func wait() {
        pthread_cond_wait(condition, mutex)
    }

    /// As `wait`, until `deadline` at the latest (see `deadline(after:)`); false when it passed.
    @discardableResult
    public func wait(until deadline: timespec) -> Bool {
        var until = deadline
        return pthread_cond_timedwait(condition, mutex, &until) != ETIMEDOUT
    }

    /// Wakes every `wait`; inside `locked`.
    public func signal() {
        pthread_cond_broadcast(condition)
    }

    /// Makes `fileDescriptor` readable, for the loop's poll.
    public func wakeLoop() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Reads every pending wake-up, so the descriptor stops being readable until the next.
    public func drainWakeups() {
        var drain = [UInt8](repeating: 0, count: 64)
        while read(fileDescriptor, &drain, drain.count) > 0 {}
    }

    /// The moment `duration` from now, for `wait(until:)`.
    public static func deadline(after duration: Duration) -> timespec {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let (seconds, attoseconds) = duration.components
        var nanoseconds = Int(now.tv_nsec) + Int(attoseconds / 1_000_000_000)
        var wholeSeconds = Int(now.tv_sec) + Int(seconds)
        if nanoseconds >= 1_000_000_000 {
            wholeSeconds += 1
            nanoseconds -= 1_000_000_000
        }
        return timespec(tv_sec: wholeSeconds, tv_nsec: nanoseconds)
    }

    /// Runs `body` on a detached thread of its own, with every signal blocked: signals are the
    /// loop's business (its handlers write to the loop's pipe), and threads a library starts from
    /// this one (libcanberra's, PulseAudio's) inherit the mask.
    public static func startThread(for owner: String, _ body: @escaping () -> Void) {
        final class Work {
            let body: () -> Void
            init(_ body: @escaping () -> Void) { self.body = body }
        }
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, Unmanaged.passRetained(Work(body)).toOpaque())
        precondition(started == 0, "no thread for the \(owner): \(String(cString: strerror(started)))")
        pthread_detach(thread)
    }
}
