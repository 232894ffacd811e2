import Glibc
import NoodleCore
import NoodleWorker

/// A dashboard's one writer: a thread of its own, with the store's connection, that applies
/// operations one at a time in the order they were made. The loop hands it an operation and goes
/// on; a database another program holds locked, a full disk or a slow disk delay the writer,
/// never a key or a bell. What happened comes back as reports the loop reads when `fileDescriptor`
/// is readable.
///
/// An operation that cannot be written yet (locked, disk full, I/O error) is retried until it goes
/// through; nothing after it is applied first, so the order stays the order of the user's actions.
public final class StoreWriter: @unchecked Sendable {
    // @unchecked: every field below the lock is touched only inside `channel.locked`; `store`
    // and `ids` only on the writer's thread once it has started.

    public enum Report: Sendable, Equatable {
        /// Operations up to `through` are stored; `assignedIDs` maps local ids of items they made
        /// to the ids SQLite gave them.
        case stored(through: Int, assignedIDs: [Int: Int])
        /// Writing waits, and will be retried; the words say why.
        case waiting(String)
        /// A write went through after waiting: everything handed over so far is stored.
        case recovered
        /// The operation numbered `through` was refused outright and dropped (every one before it
        /// is done with too); the words say why.
        case dropped(through: Int, reason: String)
        /// Everything stored, read after another process wrote, with operations up to `through` in it.
        case loaded(SavedState, through: Int)
        /// Another process's changes could not be read; the words say why.
        case unreadable(String)
    }

    /// Readable while reports wait to be taken; non-blocking and close-on-exec.
    public var fileDescriptor: Int32 { channel.fileDescriptor }
    public let path: String

    private let store: Store
    /// Signalled when work arrives and when an operation is stored (for `flush`).
    private let channel = WorkerChannel(for: "store writer")

    // Guarded by the channel's lock.
    private var inbox: [(sequence: Int, operation: StoreOperation)] = []
    private var lastSequence = 0
    private var refreshWanted = false
    private var outbox: [Report] = []
    /// Why writes wait, while they do: said again only when the reason changes.
    private var waitingReason: String?

    /// How long to wait before trying a failed write again: a full disk or an I/O error is
    /// not worth asking about more often; a lock is waited on by SQLite for `lockWait` first.
    static let retryDelay: Duration = .seconds(1)
    static let lockRetryDelay: Duration = .milliseconds(20)
    /// How long one try waits for another program's lock: long enough for another noodle's
    /// commit, short enough that the header says so before the user reaches for q.
    static let lockWait = 250

    /// Takes over `store`: from now on only the writer's thread uses it.
    public init(store: Store) {
        self.store = store
        path = store.path
        store.waitForLocks(upTo: Self.lockWait)
        WorkerChannel.startThread(for: "store writer") { [self] in run() }
    }

    // MARK: From the loop

    /// Queues `operation` after every one before it; returns its sequence number.
    @discardableResult
    public func enqueue(_ operation: StoreOperation) -> Int {
        channel.locked {
            lastSequence += 1
            inbox.append((lastSequence, operation))
            channel.signal()
            return lastSequence
        }
    }

    /// Asks for the stored state to be read again if another process changed it.
    public func requestRefresh() {
        channel.locked {
            refreshWanted = true
            channel.signal()
        }
    }

    /// Every report since the last call, oldest first.
    public func takeReports() -> [Report] {
        channel.drainWakeups()
        return channel.locked {
            defer { outbox.removeAll() }
            return outbox
        }
    }

    /// How many operations are not stored yet.
    public var pendingCount: Int { channel.locked { inbox.count } }

    /// Waits until every queued operation is stored, or `timeout` has passed; returns whether all are.
    /// For leaving: the loop has nothing left to do but this.
    public func flush(timeout: Duration) -> Bool {
        let deadline = WorkerChannel.deadline(after: timeout)
        return channel.locked {
            while !inbox.isEmpty {
                if !channel.wait(until: deadline) { break }
            }
            return inbox.isEmpty
        }
    }

    // MARK: On the writer's thread

    /// Local ids mapped to the ids the store gave, for operations queued before the answer came.
    private var ids: [Int: Int] = [:]

    private func run() {
        var stored = 0
        while true {
            let (next, refresh) = channel.locked { () -> ((sequence: Int, operation: StoreOperation)?, Bool) in
                while inbox.isEmpty && !refreshWanted { channel.wait() }
                if inbox.isEmpty { refreshWanted = false }
                return (inbox.first, inbox.isEmpty)
            }
            if let next {
                guard apply(next) else { continue }
                stored = next.sequence
                // Another noodle's commit that inotify could not show (see SharedChangeChecks)
                // is seen at the latest when this one writes: one query when nothing changed.
                if pendingCount == 0 { readOthersChanges(through: stored) }
            } else if refresh {
                readOthersChanges(through: stored)
            }
        }
    }

    /// Applies one operation; returns whether it is done with (stored, or dropped as impossible).
    private func apply(_ next: (sequence: Int, operation: StoreOperation)) -> Bool {
        do {
            let id = try store.apply(next.operation.mappingIDs(ids))
            var assigned: [Int: Int] = [:]
            if let local = next.operation.localID, let id {
                ids[local] = id
                assigned[local] = id
            }
            finish(next.sequence, with: .stored(through: next.sequence, assignedIDs: assigned))
            return true
        } catch where error.isRetryable {
            // The store's own sentence for a lock says it gave up; here it is only waiting.
            let reason = error == .locked(path: path) ? "the database is locked by another program" : "\(error)"
            let changed = channel.locked { () -> Bool in
                defer { waitingReason = reason }
                return waitingReason != reason
            }
            if changed { post(.waiting(reason)) }
            sleepForRetry(error == .locked(path: path) ? Self.lockRetryDelay : Self.retryDelay)
            return false
        } catch {
            finish(next.sequence, with: .dropped(through: next.sequence, reason: "a change could not be stored and was dropped: \(error)"))
            return true
        }
    }

    /// Takes the operation off the queue and tells the loop, and `flush`.
    private func finish(_ sequence: Int, with report: Report) {
        let wake = channel.locked { () -> Bool in
            inbox.removeFirst()
            let recovered = waitingReason != nil
            if recovered {
                waitingReason = nil
                outbox.append(.recovered)
            }
            if case .stored(let through, let assigned) = report, case .stored(_, let earlier) = outbox.last {
                outbox[outbox.count - 1] = .stored(through: through, assignedIDs: earlier.merging(assigned) { $1 })
            } else {
                outbox.append(report)
            }
            channel.signal()
            // A burst of operations wakes the loop once, when it is all stored, unless ids came
            // back or the header has news.
            guard case .stored(_, let assigned) = report else { return true }
            return inbox.isEmpty || !assigned.isEmpty || recovered
        }
        if wake { channel.wakeLoop() }
    }

    private func readOthersChanges(through stored: Int) {
        do {
            guard try store.hasChangedElsewhere() else { return }
            post(.loaded(try store.load(), through: stored))
        } catch {
            post(.unreadable("could not read changes from \(store.path): \(error)"))
        }
    }

    private func post(_ report: Report) {
        channel.locked { outbox.append(report) }
        channel.wakeLoop()
    }

    /// Waits before the next try; a new operation ends the wait early, which only means trying sooner.
    private func sleepForRetry(_ delay: Duration) {
        let until = WorkerChannel.deadline(after: delay)
        channel.locked { _ = channel.wait(until: until) }
    }
}
