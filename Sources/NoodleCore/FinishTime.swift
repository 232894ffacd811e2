/// The local clock time a countdown ends at, as a cook reads it across the room: `12:34`.
/// Every view that shows a finish time asks here, so making it follow the time zone's rules
/// (a DST change before the deadline) is a change to this one function.
extension Countdown {
    /// `HH:MM` in local time when the countdown reaches (or reached) zero; nil while paused,
    /// when no one knows yet.
    public func finishClock(now: Now) -> String? {
        guard deadline != nil else { return nil }
        let finish = now.wall.advanced(by: remaining(at: now.instant))
        // To the second: the wall and monotonic clocks are read apart, and a deadline right on a
        // minute's edge must not flicker between two minutes from one frame to the next.
        return WallTime(secondsSinceEpoch: finish.secondsSinceEpoch.rounded(), utcOffsetSeconds: finish.utcOffsetSeconds).hourMinute
    }
}
