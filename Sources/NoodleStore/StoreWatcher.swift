import Glibc

/// Wakes the app's poll loop when something in the store's folder is written, so another
/// noodle's write shows up without polling the database. The loop polls `fileDescriptor`, calls
/// `drain()`, then asks the writer to look (`Store.hasChangedElsewhere()`): this process's own
/// writes wake it too, and only the data version tells them apart.
public final class StoreWatcher {
    /// Readable while events are pending; non-blocking and close-on-exec.
    public let fileDescriptor: Int32
    public let directory: String

    /// Watches `directory` (normally `Store.directory`) for files written, closed after writing,
    /// created or moved in.
    public init(directory: String) throws(StoreError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else {
            throw .cannotWatch(path: directory, reason: errnoDescription(errno))
        }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE)
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            let code = errno
            close(fd)
            let limit = code == ENOSPC ? " (the limit of inotify watches, fs.inotify.max_user_watches, is reached)" : ""
            throw .cannotWatch(path: directory, reason: errnoDescription(code) + limit)
        }
        fileDescriptor = fd
        self.directory = directory
    }

    deinit {
        close(fileDescriptor)
    }

    /// Reads every pending event without blocking, so the descriptor stops being readable until
    /// the next write. The events themselves are not needed: any of them means "look again".
    public func drain() {
        // Large enough for many events at once; inotify never splits an event across reads.
        let capacity = 64 * (MemoryLayout<inotify_event>.size + Int(NAME_MAX) + 1)
        withUnsafeTemporaryAllocation(byteCount: capacity, alignment: MemoryLayout<inotify_event>.alignment) { buffer in
            while true {
                let count = read(fileDescriptor, buffer.baseAddress, capacity)
                if count > 0 { continue }
                if count < 0, errno == EINTR { continue }
                return  // 0, EAGAIN (nothing left) or a real error: nothing more to read now
            }
        }
    }
}
