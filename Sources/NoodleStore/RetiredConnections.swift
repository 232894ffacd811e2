import GRDB
import Synchronization

/// Connections noodle is done with: closed, then kept for the life of the process instead of
/// being deallocated.
///
/// Deallocating a GRDB `DatabaseQueue` disposes its dispatch queue, and libdispatch releases the
/// queue-specific value GRDB set on it (its scheduling watchdog) asynchronously on a global
/// queue. That starts dispatch worker threads, one of which stays. noodle runs on one thread and
/// must not gain any, so a finished connection is closed (its file released, its log checkpointed)
/// and its small object parked here. This happens when a Store is released, when opening fails,
/// and in tests: a handful of times per process.
enum RetiredConnections {
    private static let parked = Mutex<[DatabaseQueue]>([])

    static func retire(_ queue: DatabaseQueue) {
        try? queue.close()
        parked.withLock { $0.append(queue) }
    }
}
