import NoodleCatalog
import NoodleCore
import NoodleStore

/// What the dashboard opens before curses starts, so that every failure is still a plain message
/// on stderr with exit status 2, and the terminal is never left half set up.
struct Session {
    /// The store's one writer, which owns its connection from here on.
    let writer: OperationWriter
    let dataDirectory: String
    let watcher: StoreWatcher?
    let catalog: Catalog
    let saved: SavedState
    /// The clock stored times are read on (see StoredClock).
    let clock: StoredClock
    /// Something the user must hear about that did not stop noodle: a database kept aside, a broken catalog.
    let warning: String?

    static func open(dataDirectory: String?, environment: [String: String]) throws(StoreError) -> Session {
        let directory = dataDirectory ?? StoreLocation.directory(environment: environment)
        let store = try Store(directory: directory)
        let saved = try store.load()
        let clock = try store.storedClock()
        let (catalog, catalogProblem) = BuiltInCatalog.load()
        let warnings = [store.recoveryNote, catalogProblem.map { "the built-in catalog is broken: \($0)" }].compactMap { $0 }
        return Session(
            writer: StoreWriter(store: store),
            dataDirectory: store.directory,
            watcher: try? StoreWatcher(directory: store.directory),
            catalog: catalog,
            saved: saved,
            clock: clock,
            warning: warnings.isEmpty ? nil : warnings.joined(separator: "; ")
        )
    }
}
