/// The local clock time a countdown ends at, as a cook reads it across the room: `12:34`.
/// Read with the zone's rules, so a countdown that ends after the clocks change shows the time
/// the kitchen clock will say then, as `@03:30` made before the change ends at 03:30.
extension Countdown {
    /// `HH:MM` in local time when the countdown reaches (or reached) zero; nil while paused,
    /// when no one knows yet.
    public func finishClock(now: Now, zone: LocalZone) -> String? {
        guard deadline != nil else { return nil }
        // To the second (clockTime rounds): the wall and monotonic clocks are read apart, and a
        // deadline right on a minute's edge must not flicker between two minutes.
        return zone.clockTime(of: now.wall.advanced(by: remaining(at: now.instant)))
    }
}
