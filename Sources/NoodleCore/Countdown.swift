/// One ramen countdown. It holds instants and remaining time, never a tick count: the time left is
/// always deadline − now, and pausing for X seconds moves the deadline exactly X seconds later.
public struct Countdown: Sendable, Equatable, Identifiable {
    public enum Phase: Sendable, Equatable {
        case running(deadline: ContinuousClock.Instant)
        case paused(remaining: Duration)
        /// Finished and alerting until someone acknowledges it, or until the alarm cap passes.
        case ringing(deadline: ContinuousClock.Instant)
        /// Finished, and nobody acknowledged it before the cap: quiet, but still marked.
        case missed(deadline: ContinuousClock.Instant)
        /// Finished and acknowledged; it stays, counting overtime, until restarted or removed.
        case done(deadline: ContinuousClock.Instant)
    }

    /// What advancing time did to a countdown, for the alerts the app must raise.
    public enum Event: Sendable, Equatable {
        case finished
        case becameMissed
        case reachedStep(Int)
        /// `warn_before` of its end is left (see `Timers.warnBefore`).
        case warned
    }

    /// Negative until the store numbers it (see `AppState.takeLocalID`).
    public internal(set) var id: Int
    public var label: String
    public private(set) var total: Duration
    public private(set) var phase: Phase
    public var steps: [TimedStep]
    /// How many steps have had their cue, so each cues exactly once.
    public private(set) var cuedSteps = 0

    public init(id: Int, label: String, total: Duration, steps: [TimedStep] = [], startedAt now: ContinuousClock.Instant) {
        self.id = id
        self.label = label
        self.total = total
        self.steps = steps
        phase = .running(deadline: now.advanced(by: total))
        cuedSteps = steps.prefix { $0.offset <= .zero }.count
    }

    public var deadline: ContinuousClock.Instant? {
        switch phase {
        case .running(let deadline), .ringing(let deadline), .missed(let deadline), .done(let deadline): deadline
        case .paused: nil
        }
    }

    /// Whether the countdown with id `a` was made before the one with `b`: stored ids count up in
    /// creation order, and local ids (negative, counting down) are newer than every stored one.
    public static func isCreated(_ a: Int, before b: Int) -> Bool {
        if (a >= 0) != (b >= 0) { return a >= 0 }
        return a >= 0 ? a < b : a > b
    }

    /// The label, or the length for an unlabelled countdown.
    public var displayName: String {
        label.isEmpty ? DurationFormat.countdown(total) + " timer" : label
    }

    public var isRunning: Bool { if case .running = phase { true } else { false } }
    public var isRinging: Bool { if case .ringing = phase { true } else { false } }
    public var hasFinished: Bool {
        switch phase {
        case .ringing, .missed, .done: true
        case .running, .paused: false
        }
    }

    /// A countdown as it was stored: the phase and the cue count come back exactly.
    public init(id: Int, label: String, total: Duration, phase: Phase, steps: [TimedStep], cuedSteps: Int) {
        self.id = id
        self.label = label
        self.total = total
        self.phase = phase
        self.steps = steps
        self.cuedSteps = min(max(0, cuedSteps), steps.count)
    }

    /// Time left; negative once finished, which the display shows as overtime.
    public func remaining(at now: ContinuousClock.Instant) -> Duration {
        switch phase {
        case .paused(let remaining): remaining
        case .running(let deadline), .ringing(let deadline), .missed(let deadline), .done(let deadline):
            now.duration(to: deadline)
        }
    }

    /// Time since the start, as the steps count it.
    public func elapsed(at now: ContinuousClock.Instant) -> Duration {
        total - remaining(at: now)
    }

    public mutating func pause(at now: ContinuousClock.Instant) {
        guard case .running(let deadline) = phase else { return }
        phase = .paused(remaining: now.duration(to: deadline))
    }

    public mutating func resume(at now: ContinuousClock.Instant) {
        guard case .paused(let remaining) = phase else { return }
        phase = .running(deadline: now.advanced(by: remaining))
    }

    /// Adds (or with a negative amount takes off) time. Taking off more than is left finishes it now;
    /// adding to a finished countdown starts it again with that much left.
    public mutating func add(_ amount: Duration, at now: ContinuousClock.Instant) {
        let left = max(.zero, remaining(at: now)) + amount
        total = max(.zero, total + amount)
        switch phase {
        case .paused:
            phase = .paused(remaining: max(.zero, left))
        case .running, .ringing, .missed, .done:
            guard left > .zero || isRunning else { return }
            phase = .running(deadline: now.advanced(by: max(.zero, left)))
        }
    }

    /// Starts over from the full duration.
    public mutating func restart(at now: ContinuousClock.Instant) {
        phase = .running(deadline: now.advanced(by: total))
        cuedSteps = steps.prefix { $0.offset <= .zero }.count
    }

    /// Stops the alarm; the countdown stays, counting overtime.
    public mutating func acknowledge() {
        switch phase {
        case .ringing(let deadline), .missed(let deadline): phase = .done(deadline: deadline)
        default: break
        }
    }

    /// Brings the phase up to `now`: a passed deadline starts ringing (once), a ring older than
    /// `alarmCap` goes quiet as missed, and every step whose time has come is cued once, in order.
    public mutating func advance(to now: ContinuousClock.Instant, alarmCap: Duration) -> [Event] {
        var events: [Event] = []
        if case .running(let deadline) = phase {
            let elapsed = total - now.duration(to: deadline)
            while cuedSteps < steps.count, steps[cuedSteps].offset <= elapsed {
                events.append(.reachedStep(cuedSteps))
                cuedSteps += 1
            }
            if deadline <= now {
                phase = .ringing(deadline: deadline)
                events.append(.finished)
            }
        }
        if case .ringing(let deadline) = phase, deadline.advanced(by: alarmCap) <= now {
            phase = .missed(deadline: deadline)
            events.append(.becameMissed)
        }
        return events
    }

    /// The next instant at which `advance` would have something to do.
    public func nextEvent(alarmCap: Duration) -> ContinuousClock.Instant? {
        switch phase {
        case .running(let deadline):
            if cuedSteps < steps.count {
                return min(deadline, deadline.advanced(by: steps[cuedSteps].offset - total))
            }
            return deadline
        case .ringing(let deadline):
            return deadline.advanced(by: alarmCap)
        case .paused, .missed, .done:
            return nil
        }
    }
}
