import GRDB
import Glibc

/// The clock every stored time is read on: nanoseconds since the Unix epoch, counted by the boot
/// clock (CLOCK_BOOTTIME) from the wall-clock time the first noodle of this boot saw. Within one
/// boot every noodle agrees on it, and setting the wall clock forward or back, noodle open or
/// closed, moves no deadline and no stopwatch. After a reboot the boot clock starts again, so a
/// new boot takes the wall clock as it then reads: stored times from before are wall-clock times.
public struct StoredClock: Sendable, Equatable {
    /// The stored time at which this boot's clock read zero.
    public let wallAtBoot: Int64

    /// Now, in stored time.
    public func now() -> Int64 {
        wallAtBoot + Self.reading(CLOCK_BOOTTIME)
    }

    /// This boot's clock, by the wall clock as it reads now: for a process that may not write.
    public static var fromWallClock: StoredClock {
        StoredClock(wallAtBoot: reading(CLOCK_REALTIME) - reading(CLOCK_BOOTTIME))
    }

    /// The kernel's id for this boot, or nil where /proc does not say (then only the wall clock counts).
    static var bootID: String? {
        let fd = open("/proc/sys/kernel/random/boot_id", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return nil }
        // A UUID and a line break: only the printable bytes are the id.
        let id = String(decoding: buffer.prefix(count).filter { $0 > 0x20 }, as: UTF8.self)
        return id.isEmpty ? nil : id
    }

    static func reading(_ clock: clockid_t) -> Int64 {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }
}

extension Store {
    /// This boot's stored clock: the one recorded by the first noodle of this boot, or, for the
    /// first, the wall clock now, recorded for the others (rows of earlier boots are dropped).
    /// Another program holding the database only means this noodle cannot record it: it then
    /// counts on the wall clock, as a noodle of an earlier boot would.
    public func storedClock() throws(StoreError) -> StoredClock {
        guard let boot = StoredClock.bootID else { return .fromWallClock }
        if let known = try recorded(boot: boot) { return known }
        do {
            return try write { db in
                if let known = try Self.recorded(boot: boot, db) { return known }
                let clock = StoredClock.fromWallClock
                try db.execute(sql: "DELETE FROM clock")
                try db.execute(sql: "INSERT INTO clock (bootID, wallAtBoot) VALUES (?, ?)", arguments: [boot, clock.wallAtBoot])
                return clock
            }
        } catch .locked {
            return .fromWallClock
        }
    }

    /// This boot's stored clock without writing: the recorded one, else the wall clock now.
    public func recordedClock() throws(StoreError) -> StoredClock {
        guard let boot = StoredClock.bootID else { return .fromWallClock }
        return try recorded(boot: boot) ?? .fromWallClock
    }

    private func recorded(boot: String) throws(StoreError) -> StoredClock? {
        try using { try queue.read { db in try Self.recorded(boot: boot, db) } }
    }

    private static func recorded(boot: String, _ db: Database) throws -> StoredClock? {
        try Int64.fetchOne(db, sql: "SELECT wallAtBoot FROM clock WHERE bootID = ?", arguments: [boot]).map(StoredClock.init(wallAtBoot:))
    }
}
