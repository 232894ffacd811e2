import Glibc

/// A database file SQLite cannot read, moved out of the way so a fresh one can start.
/// Nothing is deleted: the file keeps its bytes under a new name, with its `-wal` and `-shm`
/// companions renamed alongside so the pair can still be opened together by someone repairing it.
enum UnreadableFile {
    /// Renames `path` (and `path-wal`, `path-shm` when present) to `path.corrupt-<UTC time>`
    /// and returns the new name of the main file.
    static func setAside(_ path: String, now: time_t = time(nil)) throws(StoreError) -> String {
        let kept = try freeName(for: path, stamp: utcStamp(now))
        // The journal files go first: a `-wal` left beside a fresh database would be replayed into it.
        var moved: [(from: String, to: String)] = []
        for suffix in ["-wal", "-shm", ""] where exists(path + suffix) {
            guard rename(path + suffix, kept + suffix) == 0 else {
                let reason = errnoDescription(errno)
                for move in moved.reversed() { _ = rename(move.to, move.from) }
                throw .cannotOpen(path: path, reason: "it could not be read, and could not be renamed to \(kept + suffix) either: \(reason)")
            }
            moved.append((path + suffix, kept + suffix))
        }
        return kept
    }

    /// Why the file at `path` is certainly not an SQLite database (it is not empty, and does not
    /// start with SQLite's 16-byte header), or nil when it is missing, empty or looks like one.
    static func foreignContent(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 16)
        var count = 0
        while count < header.count {
            let got = header.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, 16 - count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            count += got
        }
        if count == 0 { return nil }
        return header == Array("SQLite format 3\0".utf8) ? nil : "file is not a database"
    }

    /// `path.corrupt-<stamp>`, or with `-2`, `-3`, ... added when an earlier recovery in the same
    /// second already took that name: rename would silently replace it.
    private static func freeName(for path: String, stamp: String) throws(StoreError) -> String {
        for attempt in 1 ... 1000 {
            let name = path + ".corrupt-" + stamp + (attempt == 1 ? "" : "-\(attempt)")
            if !["", "-wal", "-shm"].contains(where: { exists(name + $0) }) { return name }
        }
        throw .cannotOpen(path: path, reason: "it could not be read, and no free name was left to keep it under")
    }

    /// Like 20261122T101500Z: ISO 8601 basic format, which sorts in time order.
    static func utcStamp(_ time: time_t) -> String {
        var seconds = time
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func pad(_ value: Int32, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return pad(parts.tm_year + 1900, 4) + pad(parts.tm_mon + 1, 2) + pad(parts.tm_mday, 2) + "T"
            + pad(parts.tm_hour, 2) + pad(parts.tm_min, 2) + pad(parts.tm_sec, 2) + "Z"
    }

    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }
}
