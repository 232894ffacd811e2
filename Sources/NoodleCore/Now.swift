/// The moment a message is handled, read once by the app and passed in, so the core never touches a clock.
///
/// `instant` drives every elapsed and remaining time (monotonic, immune to wall-clock jumps);
/// `wall` is only for what a person reads (the header clock) and for what must survive a restart.
public struct Now: Sendable, Equatable {
    public var instant: ContinuousClock.Instant
    public var wall: WallTime

    public init(instant: ContinuousClock.Instant, wall: WallTime) {
        self.instant = instant
        self.wall = wall
    }

    /// The same moment `duration` later on both clocks; what tests use to step time exactly.
    public func advanced(by duration: Duration) -> Now {
        Now(instant: instant.advanced(by: duration), wall: wall.advanced(by: duration))
    }
}

/// Wall-clock time as seconds since the Unix epoch, with the local UTC offset in force.
public struct WallTime: Sendable, Equatable {
    public var secondsSinceEpoch: Double
    public var utcOffsetSeconds: Int

    public init(secondsSinceEpoch: Double, utcOffsetSeconds: Int = 0) {
        self.secondsSinceEpoch = secondsSinceEpoch
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    public func advanced(by duration: Duration) -> WallTime {
        WallTime(secondsSinceEpoch: secondsSinceEpoch + duration.seconds, utcOffsetSeconds: utcOffsetSeconds)
    }

    private var localSeconds: Double { secondsSinceEpoch + Double(utcOffsetSeconds) }

    /// Local time of day as `HH:MM`.
    public var hourMinute: String {
        let secondsOfDay = Int(localSeconds.rounded(.down)).modulo(86_400)
        return twoDigits(secondsOfDay / 3600) + ":" + twoDigits(secondsOfDay / 60 % 60)
    }

    /// Minutes since the epoch in local time: equal for two moments exactly when `hourMinute` is.
    public var localMinute: Int {
        Int((localSeconds / 60).rounded(.down))
    }

    /// How long until the local minute changes, which is when an `HH:MM` display flips.
    public var untilNextMinute: Duration {
        let intoMinute = localSeconds - (localSeconds / 60).rounded(.down) * 60
        return .seconds(max(0.001, 60 - intoMinute))
    }
}

extension Int {
    /// Euclidean remainder: never negative for a positive modulus.
    func modulo(_ modulus: Int) -> Int {
        let r = self % modulus
        return r < 0 ? r + modulus : r
    }
}

extension Duration {
    /// The duration as floating-point seconds, for wall-clock arithmetic and display only.
    public var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }
}
