import ArgumentParser
import NoodleConfig
import NoodleCore
import NoodleStore

/// The database as the commands that change it use it: opened (made if need be), read, and
/// written one operation list per transaction. Every failure is a message and exit status 2.
struct CommandLineStore {
    let store: Store
    /// Moments on the stored clock, as every stored time is.
    let now: Int64

    init(_ data: DataDirectoryOption) throws {
        do {
            store = try Store(directory: data.directory, busyTimeout: Store.commandLineBusyTimeout)
            if let note = store.recoveryNote { Output.standardError("noodle: \(note)\n") }
            // Deadlines are kept on the stored clock, which setting the wall clock does not move.
            now = try store.storedClock().now()
        } catch {
            throw Self.failed(error)
        }
    }

    /// What is stored, with times from a wall clock since set back brought within reason, as the
    /// dashboard takes them in (only in this copy: nothing is written for it).
    func load() throws -> SavedState {
        do {
            var saved = try store.load()
            StoreOperation.clampToClock(at: now).apply(to: &saved)
            return saved
        } catch {
            throw Self.failed(error)
        }
    }

    /// Applies `operations` in one transaction, to the rows as they are by then.
    func apply(_ operations: [StoreOperation]) throws {
        do {
            try store.apply(operations)
        } catch {
            throw Self.failed(error)
        }
    }

    /// The countdown with `id` as stored after a write; nil when someone removed it meanwhile.
    func countdown(id: Int) throws -> SavedCountdown? {
        try load().countdowns.first { $0.id == id }
    }

    /// The wall clock's time of day `fromNow` after now, as a person reads it: `14:05`.
    static func clockTime(in fromNow: Int64) -> String {
        let wall = WallClock.nanoseconds()
        return WallClock.localTime(ofNanoseconds: wall + fromNow, relativeTo: wall)
    }

    private static func failed(_ error: any Error) -> ExitCode {
        Output.standardError("noodle: \(error)\n")
        return ExitCode(2)
    }
}

/// config.toml for the commands that need a setting from it (alarm_cap, snooze); its warnings
/// are left to the dashboard, which shows them.
struct ConfigPathOption: ParsableArguments {
    @Option(name: .customLong("config"), help: ArgumentHelp("Read settings from this file instead of the default config.toml.", valueName: "path"))
    var path: String?

    func load() throws -> Config {
        let environment = ProcessEnvironment.values
        do {
            return try ConfigFile.load(path: path ?? ConfigFile.defaultPath(environment: environment)).config
        } catch {
            Output.standardError("noodle: \(error)\n")
            throw ExitCode(2)
        }
    }
}
