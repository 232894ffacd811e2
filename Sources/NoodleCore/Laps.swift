/// Completed laps, kept as the stopwatch total at each lap press.
///
/// Storing totals rather than lap lengths means no lap can accumulate rounding:
/// every lap time is the exact difference of two clock readings.
/// Best and worst are maintained on append, so a list of 100,000 laps costs nothing per frame.
public struct Laps: Sendable, Equatable {
    public private(set) var totals: [Duration] = []
    private var shortest: Int?
    private var longest: Int?

    public init() {}

    public init(totals: [Duration]) {
        for total in totals { record(total: total) }
    }

    public var count: Int { totals.count }
    public var isEmpty: Bool { totals.isEmpty }
    public var lastTotal: Duration { totals.last ?? .zero }

    /// The length of lap `index` (0-based, oldest first).
    public func time(of index: Int) -> Duration {
        totals[index] - (index > 0 ? totals[index - 1] : .zero)
    }

    /// How much longer (+) or shorter (−) lap `index` was than the one before; nil for the first.
    public func delta(of index: Int) -> Duration? {
        index > 0 ? time(of: index) - time(of: index - 1) : nil
    }

    /// The shortest lap, once there are two laps to compare and they are not all equal.
    public var best: Int? { count >= 2 && hasSpread ? shortest : nil }
    /// The longest lap, under the same conditions as `best`.
    public var worst: Int? { count >= 2 && hasSpread ? longest : nil }

    private var hasSpread: Bool {
        guard let shortest, let longest else { return false }
        return time(of: shortest) != time(of: longest)
    }

    public mutating func record(total: Duration) {
        totals.append(total)
        let index = totals.count - 1
        let length = time(of: index)
        if shortest.map({ length < time(of: $0) }) ?? true { shortest = index }
        if longest.map({ length > time(of: $0) }) ?? true { longest = index }
    }
}
