import GRDB

/// Why the store could not do what was asked, as one sentence naming the file.
public enum StoreError: Error, Equatable, CustomStringConvertible {
    /// The folder could not be created, or noodle may not create files in it.
    case folderNotWritable(path: String, reason: String)
    /// The database file could not be opened, set aside or brought up to date.
    case cannotOpen(path: String, reason: String)
    /// Another program held the write lock for longer than the busy timeout.
    case locked(path: String)
    /// Reading or writing failed for a reason that may pass (disk full, I/O error, ...).
    case failed(path: String, reason: String)
    /// The database refused a change outright (a constraint, a value out of range): trying again
    /// cannot help.
    case rejected(path: String, reason: String)
    /// The folder could not be watched for other noodle processes' writes.
    case cannotWatch(path: String, reason: String)

    public var description: String {
        switch self {
        case .folderNotWritable(let path, let reason):
            "cannot write to \(path): \(reason)"
        case .cannotOpen(let path, let reason):
            "cannot open the database \(path): \(reason)"
        case .locked(let path):
            "the database stayed locked by another program: \(path)"
        case .failed(let path, let reason), .rejected(let path, let reason):
            "\(reason), reading or writing the database \(path)"
        case .cannotWatch(let path, let reason):
            "cannot watch \(path) for changes saved by other noodle windows: \(reason)"
        }
    }

    /// Any error met while using the database at `path`, as a StoreError.
    init(_ error: any Error, path: String) {
        if let error = error as? StoreError {
            self = error
        } else if let error = error as? DatabaseError {
            switch error.resultCode.primaryResultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED: self = .locked(path: path)
            // A schema this noodle does not know (another version migrated it) is SQLITE_ERROR, and
            // passes when that noodle is updated: it is not among these.
            case .SQLITE_CONSTRAINT, .SQLITE_MISMATCH, .SQLITE_RANGE, .SQLITE_TOOBIG:
                self = .rejected(path: path, reason: error.reason)
            default: self = .failed(path: path, reason: error.reason)
            }
        } else {
            self = .failed(path: path, reason: String(describing: error))
        }
    }
}

extension StoreError {
    /// Whether the same write may go through later: a lock is released, a disk gets space.
    public var isRetryable: Bool {
        switch self {
        case .locked, .failed: true
        case .folderNotWritable, .cannotOpen, .rejected, .cannotWatch: false
        }
    }
}

extension DatabaseError {
    /// SQLite's own words for what went wrong, such as "file is not a database".
    var reason: String {
        message ?? String(describing: resultCode)
    }

    /// Whether the file is not an SQLite database or is damaged (SQLITE_NOTADB, SQLITE_CORRUPT).
    var isUnreadableFile: Bool {
        switch resultCode.primaryResultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: true
        default: false
        }
    }
}
