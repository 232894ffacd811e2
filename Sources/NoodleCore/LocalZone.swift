/// The local time zone's rules for the next day or two, as plain data: the UTC offset in force
/// at `builtAt` and every change of offset after it up to `coversUntil`.
///
/// The shell reads them from the system (`LocalZone.current` in the executable) and passes them
/// in, so the core can turn "12:30" into a moment, and a moment into "12:30", without reading the
/// environment or a zone file, and tests can hand it any zone's rules.
public struct LocalZone: Sendable, Equatable {
    /// A change of the UTC offset: from `at` (seconds since the epoch) on, `offsetSeconds` holds.
    public struct Transition: Sendable, Equatable {
        public var at: Int64
        public var offsetSeconds: Int

        public init(at: Int64, offsetSeconds: Int) {
            self.at = at
            self.offsetSeconds = offsetSeconds
        }
    }

    /// When the rules were read, in seconds since the epoch.
    public var builtAt: Int64
    /// The offset in force at `builtAt`.
    public var offsetSeconds: Int
    /// Changes after `builtAt`, earliest first.
    public var transitions: [Transition]
    /// How far ahead the transitions were looked for; beyond it the last known offset is assumed.
    public var coversUntil: Int64

    public init(builtAt: Int64, offsetSeconds: Int, transitions: [Transition] = [], coversUntil: Int64? = nil) {
        self.builtAt = builtAt
        self.offsetSeconds = offsetSeconds
        self.transitions = transitions.sorted { $0.at < $1.at }
        self.coversUntil = coversUntil ?? builtAt + Self.horizon
    }

    /// UTC, for a state that was never told the local rules.
    public static let utc = LocalZone(builtAt: 0, offsetSeconds: 0, coversUntil: .max)

    /// How far ahead the shell looks for transitions: a clock time is at most a day ahead, and
    /// the rules are read again long before this runs out (see `isStale`).
    public static let horizon: Int64 = 48 * 3600

    /// Whether the shell should read the rules again: an hour after reading them, or once their
    /// first transition has passed, so a zone changed under a running noodle is picked up too.
    public func isStale(at seconds: Int64) -> Bool {
        seconds >= builtAt + 3600 || transitions.first.map { seconds >= $0.at } ?? false
    }

    /// The UTC offset in force at `seconds` since the epoch.
    public func offset(atEpochSeconds seconds: Int64) -> Int {
        var offset = offsetSeconds
        for transition in transitions {
            if transition.at > seconds { break }
            offset = transition.offsetSeconds
        }
        return offset
    }

    /// The local wall-clock reading of a moment, as seconds since the local epoch.
    public func localSeconds(ofWallSeconds seconds: Double) -> Double {
        let whole = Int64(seconds.rounded(.down))
        return seconds + Double(offset(atEpochSeconds: whole))
    }

    /// The moments whose local reading is `local` (seconds since the local epoch), earliest
    /// first: one as a rule, two when the clocks go back over it. A reading the clocks jump over
    /// (02:30 on the night they go from 02:00 to 03:00) is taken as that much later (03:30), as
    /// a wall clock left on the old time would have shown it.
    public func moments(ofLocalSeconds local: Int64) -> [Int64] {
        var offsets = [offsetSeconds]
        for transition in transitions where !offsets.contains(transition.offsetSeconds) { offsets.append(transition.offsetSeconds) }
        let exact = Set(offsets.map { local - Int64($0) }.filter { offset(atEpochSeconds: $0) == Int(local - $0) }).sorted()
        if !exact.isEmpty { return exact }
        for transition in transitions {
            let before = offset(atEpochSeconds: transition.at - 1)
            if transition.offsetSeconds > before, local - Int64(transition.offsetSeconds) < transition.at, local - Int64(before) >= transition.at {
                return [local - Int64(before)]
            }
        }
        return [local - Int64(offsetSeconds)]
    }

    /// A moment's local time of day as `HH:MM`: the finish time of a countdown, say. The moment
    /// is taken to the nearest second, so a deadline worked out a few nanoseconds short of 12:30
    /// (wall time is a `Double`) still reads 12:30.
    public func clockTime(ofWallSeconds seconds: Double) -> String {
        let secondsOfDay = Int(localSeconds(ofWallSeconds: seconds.rounded()).rounded(.down)).modulo(86_400)
        return twoDigits(secondsOfDay / 3600) + ":" + twoDigits(secondsOfDay / 60 % 60)
    }

    /// `clockTime(ofWallSeconds:)` of a `WallTime`.
    public func clockTime(of wall: WallTime) -> String {
        clockTime(ofWallSeconds: wall.secondsSinceEpoch)
    }

    /// The local day a moment falls on, counted from the epoch: equal for two moments on the same date.
    public func day(ofWallSeconds seconds: Double) -> Int {
        Int((localSeconds(ofWallSeconds: seconds) / 86_400).rounded(.down))
    }
}
