import Glibc

/// Everything that can wake the loop.
enum LoopEvent: Equatable {
    case input
    case signal(Int32)
    /// Nothing happened before the deadline: something is due now.
    case wake
    /// Something wrote to the database's folder: maybe another instance, maybe this one.
    case storeTouched
    /// The store's writer has reports waiting.
    case storeReported
    /// The alarm sound has a problem to report.
    case soundReported
    /// The desktop's notification server answered, or a button was pressed.
    case desktopReported
}

/// The loop's one sleep: a single `poll` on the keyboard, the signal pipe, the database folder's
/// inotify descriptor and the store writer's report pipe, with the timeout set to the next moment
/// anything is due. Nothing wakes on a fixed tick; with nothing due it sleeps until an event.
struct EventPoller {
    let signalFD: Int32
    /// -1 when the folder is not watched (poll skips negative descriptors).
    let storeFD: Int32
    let reportFD: Int32
    /// -1 when there is no sound.
    var soundFD: Int32 = -1
    /// The session bus; -1 without one.
    var desktopFD: Int32 = -1

    /// Sleeps until a key, a signal, a database change, a store report or `deadline`; returns what happened.
    func wait(until deadline: ContinuousClock.Instant?) -> [LoopEvent] {
        var fds = [
            pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: storeFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: reportFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: soundFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: desktopFD, events: Int16(POLLIN), revents: 0),
        ]
        let count = poll(&fds, nfds_t(fds.count), deadline.map(Self.milliseconds(until:)) ?? -1)
        guard count > 0 else { return count == 0 ? [.wake] : [] }
        var events: [LoopEvent] = []
        if fds[1].revents != 0 {
            var caught = [UInt8](repeating: 0, count: 32)
            let got = read(signalFD, &caught, caught.count)
            // A dragged window edge sends a burst of SIGWINCH; one resize handles them all.
            var seen = Set<UInt8>()
            for number in caught.prefix(max(0, got)) where seen.insert(number).inserted {
                events.append(.signal(Int32(number)))
            }
        }
        if fds[2].revents != 0 { events.append(.storeTouched) }
        if fds[3].revents != 0 { events.append(.storeReported) }
        if fds[4].revents != 0 { events.append(.soundReported) }
        if fds[5].revents != 0 { events.append(.desktopReported) }
        if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
            // The terminal is gone: handle it as the hang-up it is, rather than spin on a dead descriptor.
            events.append(.signal(SIGHUP))
        } else if fds[0].revents != 0 {
            events.append(.input)
        }
        // A held key keeps the keyboard readable: what is due must not wait for it to stop.
        if let deadline, deadline <= ContinuousClock.now { events.append(.wake) }
        return events
    }

    /// poll counts whole milliseconds; rounding up means a wake is never early, so the
    /// display it was scheduled for has always changed by the time the loop looks.
    static func milliseconds(until instant: ContinuousClock.Instant) -> Int32 {
        let left = ContinuousClock.now.duration(to: instant)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        let millis = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(min(millis, Int64(Int32.max)))
    }
}
