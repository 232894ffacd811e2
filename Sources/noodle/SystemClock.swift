import Glibc
import NoodleCore

/// The only reader of real clocks: the loop asks it once per pass and hands the result to the core.
enum SystemClock {
    static func now() -> Now {
        let instant = ContinuousClock.now
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        var seconds = spec.tv_sec
        var local = tm()
        localtime_r(&seconds, &local)
        let wall = WallTime(
            secondsSinceEpoch: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9,
            utcOffsetSeconds: local.tm_gmtoff
        )
        return Now(instant: instant, wall: wall)
    }
}
