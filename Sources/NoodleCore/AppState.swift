/// Everything the dashboard is, as one value. Only `update` changes it; views only read it.
public struct AppState: Sendable, Equatable {
    public var size: Size
    /// The moment the state was last brought up to date; views draw the world as of this instant.
    public var now: Now
    public var focus: Panel = .stopwatch
    public var overlay: Overlay?
    public var stopwatch = Stopwatch()
    /// Rows the lap list is scrolled away from the newest lap; 0 keeps the newest on top.
    public var lapScroll = 0
    public var status: StatusMessage?
    public var timers = Timers()

    public init(size: Size, now: Now) {
        self.size = size
        self.now = now
    }

    /// Rows the lap list has: every completed lap, plus the live one once the stopwatch has started.
    public var lapRowCount: Int {
        stopwatch.laps.count + (stopwatch.isIdle ? 0 : 1)
    }
}
