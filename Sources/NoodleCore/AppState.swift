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
    /// What u and U take back and do again, for this session only.
    public var history = UndoHistory()
    /// The local zone's rules, from the shell: clock times typed and shown are read with them.
    /// Until the shell says, the offset the first moment was read with, and no changes.
    public var zone: LocalZone
    /// True while the writer says writes wait: what the screen shows is not all stored.
    public var isUnsaved: Bool { unsavedReason != nil }
    /// Why writes wait, while they do: the header keeps saying it whatever else is said meanwhile.
    public var unsavedReason: String?
    /// When q was last answered with a warning instead of quitting, because of `isUnsaved`.
    public var quitWarnedAt: ContinuousClock.Instant?
    /// Converts instants to wall-clock time and back for everything stored; fixed for the process.
    public let clock: ClockAnchor
    /// The last id handed to an item made here; negative, so it never meets an id the store gave.
    private var lastLocalID = 0

    /// `clock` converts instants to stored time; by default the wall clock's reading of `now`.
    public init(size: Size, now: Now, catalog: Catalog = .empty, clock: ClockAnchor? = nil) {
        self.size = size
        self.now = now
        self.catalog = catalog
        self.clock = clock ?? ClockAnchor(now)
        zone = LocalZone(builtAt: Int64(now.wall.secondsSinceEpoch.rounded(.down)), offsetSeconds: now.wall.utcOffsetSeconds, coversUntil: .max)
    }

    /// An id for a new countdown or bookmark until the store gives it one (`Msg.idsAssigned`).
    mutating func takeLocalID() -> Int {
        lastLocalID -= 1
        return lastLocalID
    }

    /// The store numbered items this process made: local ids become the stored ones everywhere.
    mutating func renameIDs(_ ids: [Int: Int]) {
        timers.renameIDs(ids)
        bookmarks.renameIDs(ids)
        history.renameIDs(ids)
        switch overlay {
        case .ownTime(let id, let text): if let stored = ids[id] { overlay = .ownTime(bookmarkID: stored, text: text) }
        case .memo(var editor): if let stored = ids[editor.bookmarkID] { editor.bookmarkID = stored; overlay = .memo(editor) }
        default: break
        }
    }

    /// Rows the lap list has: every completed lap, plus the live one once the stopwatch has started.
    public var lapRowCount: Int {
        stopwatch.laps.count + (stopwatch.isIdle ? 0 : 1)
    }
}
