extension StatusSummary {
    /// How long from the summary's moment until one of its numbers next reads differently by time
    /// alone: a running countdown's next whole second (or its end), a ringing one's next second of
    /// overtime or the alarm cap running out, a running stopwatch's next second. Nil when nothing
    /// counts, so that only a write can change what is printed and a follower may sleep until one.
    ///
    /// `shown` says which figures count: the JSON lists every countdown, while the line and the
    /// template show only the nearest running one beside what rings and the stopwatch, so the
    /// others' seconds would only wake a follower to print nothing.
    public func untilNextChange(alarmCap: Duration, shown: Shown = .everything) -> Duration? {
        var soonest: Duration?
        func consider(_ wait: Duration) {
            if soonest.map({ wait < $0 }) ?? true { soonest = wait }
        }
        let second = Duration.seconds(1)
        let counting = shown == .everything ? timers.filter { $0.state == .running } : nearestRunning.map { [$0] } ?? []
        for timer in counting {
            // Time left is shown rounded up, so it changes as it passes a whole second: 2.3 s
            // left reads 3 until 2.0. A countdown on a whole second has a full second to go.
            let past = timer.remaining.remainder(dividingBy: second)
            consider(past > .zero ? past : second)
        }
        for item in ringing {
            // Overtime is rounded down, and the countdown stops ringing (it is missed) once the
            // cap has passed since its deadline.
            consider(second - item.overtime.remainder(dividingBy: second))
            if alarmCap > item.overtime { consider(alarmCap - item.overtime) }
        }
        if stopwatch.running {
            consider(second - stopwatch.elapsed.remainder(dividingBy: second))
        }
        return soonest
    }

    /// What a printed form of the summary shows of it.
    public enum Shown: Sendable, Equatable {
        /// Every countdown, as the JSON and its tooltip list them.
        case everything
        /// What rings, the nearest running countdown and the stopwatch, as the line and a template do.
        case line
    }
}

extension Duration {
    /// What is left after whole multiples of `unit`, never negative: a stopwatch read across a
    /// clock set back may be a little under zero.
    fileprivate func remainder(dividingBy unit: Duration) -> Duration {
        let left = nanoseconds % unit.nanoseconds
        return .nanoseconds(left < 0 ? left + unit.nanoseconds : left)
    }
}
