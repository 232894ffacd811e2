/// What a countdown is whose deadline passed with no dashboard open to ring it: ringing until
/// the alarm cap has passed since its deadline, then missed, as it would have been on a
/// dashboard. `noodle status` and a dashboard starting up both ask this one rule, so they agree.
public enum UnattendedFinish: Sendable, Equatable {
    case ringing
    case missed

    /// Nil while the deadline is still ahead. Times are stored nanoseconds.
    public init?(deadline: Int64, now: Int64, alarmCap: Int64) {
        guard deadline <= now else { return nil }
        // The same edge as `Countdown.advance`: missed once deadline + cap <= now.
        self = now - deadline < alarmCap ? .ringing : .missed
    }
}
