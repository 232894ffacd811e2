/// A stored countdown as it stands at a moment, for the commands that act on one without a
/// dashboard: none may be open to have moved it on.
extension SavedCountdown {
    /// What a dashboard would show at `now`, by the rule `noodle status` and a starting dashboard
    /// use (`UnattendedFinish`): a deadline passed while stored as running rings until the alarm
    /// cap has passed since it, then is missed; stored as ringing with its deadline still ahead
    /// (a wall clock since set back) it runs.
    public func state(at now: Int64, alarmCap: Int64) -> State {
        guard state == .running || state == .ringing, let deadline else { return state }
        switch UnattendedFinish(deadline: deadline, now: now, alarmCap: alarmCap) {
        case nil: return .running
        case .ringing: return .ringing
        case .missed: return .missed
        }
    }

    /// Time left at `now`; negative once the deadline has passed (overtime).
    public func timeLeft(at now: Int64) -> Duration {
        .nanoseconds(remaining(at: now))
    }

    /// The operations that stop this countdown's alarm, for one transaction. A ring no dashboard
    /// has stored yet (still stored as running) is first recorded as the clock records it, so
    /// that the acknowledgement, which stops only what is stored as ringing, applies; and a
    /// dashboard storing that same ring a moment later cannot start it again. Neither applies
    /// once someone else has given the countdown more time, paused or removed it.
    public var acknowledgement: [StoreOperation] {
        guard state == .running, let deadline else { return [.acknowledgeCountdown(id: id)] }
        return [.advanceCountdown(id: id, deadline: deadline, state: .ringing, cuedSteps: steps.count), .acknowledgeCountdown(id: id)]
    }
}
