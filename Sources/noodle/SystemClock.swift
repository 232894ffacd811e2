import Glibc
import NoodleCore

/// The app's reader of real clocks: the loop asks it once per pass and hands the result to the core.
final class SystemClock {
    /// The local UTC offset, looked up at most once a minute: localtime_r walks the zone file,
    /// which at 30 frames a second was a visible share of the loop's time.
    private var offset: (seconds: Int, validUntil: Int) = (0, Int.min)

    func now() -> Now {
        let instant = ContinuousClock.now
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        if spec.tv_sec >= offset.validUntil {
            var seconds = spec.tv_sec
            var local = tm()
            localtime_r(&seconds, &local)
            offset = (local.tm_gmtoff, spec.tv_sec - spec.tv_sec % 60 + 60)
        }
        let wall = WallTime(secondsSinceEpoch: Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9, utcOffsetSeconds: offset.seconds)
        return Now(instant: instant, wall: wall)
    }
}
