/// A stopwatch as instants, never as a counter: elapsed = accumulated + (now − runningSince).
/// However late or irregular the ticks, the reading equals the clock difference exactly.
public struct Stopwatch: Sendable, Equatable {
    /// Time banked by earlier runs, before the current one started.
    public private(set) var accumulated: Duration = .zero
    /// When the current run started; nil while stopped.
    public private(set) var runningSince: ContinuousClock.Instant?
    public private(set) var laps = Laps()

    public init() {}

    /// A stopwatch as it was stored.
    public init(accumulated: Duration, runningSince: ContinuousClock.Instant?, laps: Laps) {
        self.accumulated = max(.zero, accumulated)
        self.runningSince = runningSince
        self.laps = laps
    }

    public var isRunning: Bool { runningSince != nil }
    /// Stopped with something on it, so reset has work to do.
    public var isPaused: Bool { !isRunning && (accumulated > .zero || !laps.isEmpty) }
    public var isIdle: Bool { !isRunning && !isPaused }

    public func elapsed(at now: ContinuousClock.Instant) -> Duration {
        guard let runningSince else { return accumulated }
        return accumulated + max(.zero, runningSince.duration(to: now))
    }

    /// The lap in progress: from the last lap press (or the start) to now.
    public func currentLap(at now: ContinuousClock.Instant) -> Duration {
        elapsed(at: now) - laps.lastTotal
    }

    public mutating func start(at now: ContinuousClock.Instant) {
        guard runningSince == nil else { return }
        runningSince = now
    }

    public mutating func stop(at now: ContinuousClock.Instant) {
        guard runningSince != nil else { return }
        accumulated = elapsed(at: now)
        runningSince = nil
    }

    public mutating func lap(at now: ContinuousClock.Instant) {
        guard isRunning else { return }
        laps.record(total: elapsed(at: now))
    }

    public mutating func reset() {
        guard !isRunning else { return }
        self = Stopwatch()
    }
}
