import NoodleTestSupport
import Glibc
import NoodleDesktop

extension DesktopNotifications {
    /// Events as a poll loop would get them: sleep in poll() on the descriptor, take what arrived,
    /// until one matches `done` or `timeout` runs out. Returns everything taken, in order.
    func events(until done: (Event) -> Bool, timeout: Duration = .seconds(5)) -> [Event] {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var taken: [Event] = []
        while clock.now < deadline {
            if !hasQueuedEvents {
                var entry = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
                guard poll(&entry, 1, milliseconds(clock.now.duration(to: deadline))) >= 0 || errno == EINTR else { break }
            }
            let batch = takeEvents()
            taken += batch
            if batch.contains(where: done) { break }
        }
        return taken
    }

    /// The id of the notification `request` asked for, once the server has answered.
    func shownID(for request: Int, timeout: Duration = .seconds(5)) -> UInt32? {
        for case let .shown(answered, id) in events(until: { if case .shown(request, _) = $0 { true } else { false } }, timeout: timeout)
        where answered == request {
            return id
        }
        return nil
    }
}

func milliseconds(_ duration: Duration) -> Int32 {
    Int32(clamping: max(0, duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000 + 1))
}
