/// When to look for another instance's changes after the database folder was touched.
///
/// inotify reports the write of a WAL frame, but another process's commit becomes visible only
/// when it then updates the shared-memory index, which inotify cannot see. So the check waits a
/// moment after the last write, and looks again later in case the writer was slow: a synchronous
/// commit waits for the disk, which on a busy machine was seen to take longer than 400 ms, and a
/// commit missed here stays unseen until the next write. Three wake-ups per burst, none otherwise.
struct SharedChangeChecks {
    static let delays: [Duration] = [.milliseconds(40), .milliseconds(400), .seconds(2)]

    private var due: [ContinuousClock.Instant] = []

    /// The folder was written to at `now`: look again after each delay, counted from now.
    mutating func folderTouched(at now: ContinuousClock.Instant) {
        due = Self.delays.map(now.advanced(by:))
    }

    var next: ContinuousClock.Instant? { due.first }

    /// Whether a check is due at `now`; consumes every check that is.
    mutating func takeDue(at now: ContinuousClock.Instant) -> Bool {
        let before = due.count
        due.removeAll { $0 <= now }
        return due.count < before
    }
}
