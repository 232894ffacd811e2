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
    public var catalog: Catalog
    public var bookmarks = Bookmarks()
    public var display = DisplaySettings()
    /// True from a failed save until one goes through: what the screen shows is not all stored.
    public var isUnsaved = false
    /// When q was last answered with a warning instead of quitting, because of `isUnsaved`.
    public var quitWarnedAt: ContinuousClock.Instant?
    /// Converts instants to wall-clock time and back for everything stored; fixed for the process.
    public let clock: ClockAnchor

    public init(size: Size, now: Now, catalog: Catalog = .empty) {
        self.size = size
        self.now = now
        self.catalog = catalog
        clock = ClockAnchor(now)
    }

    /// Rows the lap list has: every completed lap, plus the live one once the stopwatch has started.
    public var lapRowCount: Int {
        stopwatch.laps.count + (stopwatch.isIdle ? 0 : 1)
    }
}
