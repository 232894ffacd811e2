import Glibc
import NoodleCore

extension LocalZone {
    /// The system's rules for the local zone (`TZ`, else /etc/localtime) from `seconds` since the
    /// epoch to `horizon` after it, read through localtime_r, hour by hour: every change of
    /// offset found between two hours is narrowed to its second.
    static func current(at seconds: Int64) -> LocalZone {
        tzset()
        let start = offset(at: seconds)
        var transitions: [Transition] = []
        var previous = start
        var hour = seconds
        while hour < seconds + horizon {
            let next = hour + 3600
            let offsetThen = offset(at: next)
            if offsetThen != previous {
                // The last second with the old offset is in [low, high): halve until they meet.
                var low = hour, high = next
                while high - low > 1 {
                    let middle = low + (high - low) / 2
                    if offset(at: middle) == previous { low = middle } else { high = middle }
                }
                transitions.append(Transition(at: high, offsetSeconds: offsetThen))
                previous = offsetThen
            }
            hour = next
        }
        return LocalZone(builtAt: seconds, offsetSeconds: start, transitions: transitions)
    }

    private static func offset(at seconds: Int64) -> Int {
        var time = time_t(seconds)
        var fields = tm()
        localtime_r(&time, &fields)
        return fields.tm_gmtoff
    }
}
