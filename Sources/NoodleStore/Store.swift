import GRDB
import Glibc
import NoodleCore

/// noodle's data in one SQLite file, shared safely by every noodle the user has open.
///
/// Synchronous by design: one connection (a `DatabaseQueue`, never a pool) used only through
/// blocking `read`/`write` calls on the caller's thread, so the app's single-threaded loop never
/// gains dispatch worker threads (see `RetiredConnections` for the one place GRDB would start
/// some). Not Sendable: a Store is used by one thread at a time (a dashboard hands its store to
/// the writer's thread once it has loaded). Changes are operations
/// (`StoreOperation`), each applied to the rows as they are in one immediate transaction.
public final class Store {
    /// How long a write waits for another noodle's write to finish before reporting `locked`.
    /// The dashboard's writer keeps trying after that, and says so in the header.
    static let defaultBusyTimeout: Double = 2
    /// A command run from a script or a key binding has nobody to retry it: it waits out a burst
    /// of other writers (thirty `noodle add` at once on a busy disk took over 2 s) before failing.
    public static let commandLineBusyTimeout: Double = 10

    public let directory: String
    /// The database file: `<directory>/noodle.sqlite`.
    public let path: String
    /// Set when the file found at `path` could not be read and was set aside for a fresh one:
    /// a sentence for the user naming both files. Nil when the database opened as it was.
    public private(set) var recoveryNote: String?

    let queue: DatabaseQueue
    /// `PRAGMA data_version` at the last load or check. It changes only when another connection
    /// commits, so a difference means another noodle saved.
    private var seenDataVersion: Int64

    /// Opens (creating when missing) the store in `directory`.
    public convenience init(directory: String) throws(StoreError) {
        try self.init(directory: directory, busyTimeout: Self.defaultBusyTimeout)
    }

    /// `busyTimeout` is in seconds; tests shorten it to see `locked` quickly.
    public init(directory: String, busyTimeout: Double) throws(StoreError) {
        let path = StoreLocation.joined(directory, StoreLocation.fileName)
        self.directory = directory
        self.path = path
        try StoreFolder.prepare(directory)
        // Opening may create the file, set a damaged one aside or migrate the schema. Two noodles
        // doing that at once (a status bar's `noodle status` as the dashboard first starts) saw
        // each other's half-made schema and failed with "no such table: grdb_migrations", so
        // openings take turns on a lock of the folder, held only until this one is open.
        let folderLock = Glibc.open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderLock >= 0 { _ = flock(folderLock, LOCK_EX) }
        defer { if folderLock >= 0 { close(folderLock) } }
        if access(path, F_OK) == 0, access(path, R_OK | W_OK) != 0 {
            // SQLite would quietly open it read-only and fail at the first save instead.
            throw .cannotOpen(path: path, reason: errnoDescription(errno))
        }

        let configuration = Self.configuration(busyTimeout: busyTimeout)
        var recoveryNote: String?
        let queue: DatabaseQueue
        do {
            if let reason = UnreadableFile.foreignContent(path) {
                // Caught before SQLite sees it: on closing a connection to a non-database, SQLite
                // deletes the `-wal` beside it, and nothing of the user's may be deleted.
                recoveryNote = try Self.setAside(path, reason: reason)
                queue = try Self.open(path, configuration)
            } else {
                do {
                    queue = try Self.open(path, configuration)
                } catch let error as DatabaseError where error.isUnreadableFile {
                    recoveryNote = try Self.setAside(path, reason: error.reason)
                    queue = try Self.open(path, configuration)
                }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode.primaryResultCode == .SQLITE_BUSY {
            throw .locked(path: path)
        } catch let error as DatabaseError {
            throw .cannotOpen(path: path, reason: error.reason)
        } catch {
            throw .cannotOpen(path: path, reason: String(describing: error))
        }
        do {
            seenDataVersion = try queue.inDatabase(Self.dataVersion)
        } catch {
            RetiredConnections.retire(queue)
            throw StoreError(error, path: path)
        }
        self.queue = queue
        self.recoveryNote = recoveryNote
    }

    deinit {
        RetiredConnections.retire(queue)
    }

    private static func configuration(busyTimeout: Double) -> Configuration {
        var configuration = Configuration()
        configuration.label = "noodle"
        configuration.foreignKeysEnabled = true
        // Another noodle saving holds the write lock for milliseconds; wait that out.
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // WAL lets every open noodle read while one writes. Set here rather than through
            // `journalMode = .wal`, which would also set synchronous = NORMAL and write a dummy
            // table at each open.
            let mode = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
            guard mode == "wal" else {
                throw DatabaseError(message: "the file system does not support WAL journaling (journal mode stayed \(mode ?? "unknown"))")
            }
            // In WAL mode NORMAL already survives a crash or kill -9 of noodle, but a power cut
            // or OS crash can roll back the last commits. FULL syncs the log at every commit, so
            // a save that returned is on disk. noodle saves on user actions, not in bulk, so the
            // extra fsync per save costs nothing anyone notices.
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        return configuration
    }

    /// Opens the file and brings its schema up to date. A first read of the schema finds a file
    /// that is not a database, or a damaged one, before anything relies on it.
    private static func open(_ path: String, _ configuration: Configuration) throws -> DatabaseQueue {
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        do {
            _ = try queue.inDatabase { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") }
            try Schema.migrate(queue, path: path)
            return queue
        } catch {
            // The file may be renamed next: close it first.
            RetiredConnections.retire(queue)
            throw error
        }
    }

    /// Moves the unreadable file aside and returns the sentence telling the user so.
    private static func setAside(_ path: String, reason: String) throws(StoreError) -> String {
        let kept = try UnreadableFile.setAside(path)
        // The kept name comes first: a one-line status bar may show nothing else.
        let keptName = kept.split(separator: "/").last.map(String.init) ?? kept
        return "unreadable database kept as \(keptName) (\(reason)); a fresh \(path) was started beside it"
    }

    private static func dataVersion(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0
    }

    // MARK: - Using the store

    /// Everything stored, read in one transaction.
    public func load() throws(StoreError) -> SavedState {
        let (state, version) = try using {
            try queue.read { db in (try StoreRows.read(db), try Self.dataVersion(db)) }
        }
        seenDataVersion = version
        return state
    }

    /// Whether another process committed to the database since the last load or check.
    /// This process's own commits never count: SQLite's data version changes only for others'.
    public func hasChangedElsewhere() throws(StoreError) -> Bool {
        let version = try using { try queue.inDatabase(Self.dataVersion) }
        defer { seenDataVersion = version }
        return version != seenDataVersion
    }

    /// How long each write waits for another program's lock before reporting `locked`. The writer
    /// shortens it, so that a lock is said in the header at once; it keeps trying meanwhile.
    func waitForLocks(upTo milliseconds: Int) {
        try? queue.inDatabase { db in try db.execute(sql: "PRAGMA busy_timeout = \(milliseconds)") }
    }

    /// The result of `PRAGMA integrity_check`: "ok", or one line per problem found.
    public func integrityCheck() throws(StoreError) -> String {
        try using {
            try queue.inDatabase { db in try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "\n") }
        }
    }

    // MARK: - Plumbing

    /// One immediate write transaction: the write lock is taken at BEGIN, so everything read
    /// inside is still true at the commit, and waiting for another writer is covered by the busy
    /// timeout instead of failing half-way.
    func write<T>(_ updates: (Database) throws -> T) throws(StoreError) -> T {
        return try using {
            try queue.writeWithoutTransaction { db in
                var result: T?
                try db.inTransaction(.immediate) {
                    result = try updates(db)
                    return .commit
                }
                return result!
            }
        }
    }

    /// Runs `body`, turning any error into a StoreError naming the file.
    func using<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError(error, path: path)
        }
    }
}
