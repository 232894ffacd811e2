/// One moment read on both clocks, the monotonic one and the one times are stored in, which
/// converts between them for everything stored.
/// A process converts with a single anchor, so a value read back converts to exactly what was
/// written, and an operation's times match the rows it conditions on (an advance applies only
/// while the stored deadline is the one it saw).
public struct ClockAnchor: Sendable, Equatable {
    public let instant: ContinuousClock.Instant
    /// The same moment as wall-clock nanoseconds since the Unix epoch.
    public let wall: Int64

    public init(_ now: Now) {
        instant = now.instant
        wall = Int64((now.wall.secondsSinceEpoch * 1e9).rounded())
    }

    /// `instant` is stored as `wall`: the app passes the stored clock's reading (see `StoredClock`),
    /// which setting the wall clock does not move.
    public init(instant: ContinuousClock.Instant, wall: Int64) {
        self.instant = instant
        self.wall = wall
    }

    public func wall(of instant: ContinuousClock.Instant) -> Int64 {
        wall + self.instant.duration(to: instant).nanoseconds
    }

    public func instant(ofWall nanoseconds: Int64) -> ContinuousClock.Instant {
        instant.advanced(by: .nanoseconds(nanoseconds - wall))
    }
}

extension Duration {
    /// Whole nanoseconds, rounded toward zero: the unit everything stored is kept in.
    public var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
