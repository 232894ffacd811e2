/// What noodle keeps between runs and shares between instances: the user's data, with every
/// moment as wall-clock nanoseconds since the Unix epoch (a monotonic instant means nothing to
/// the next process) and every length as nanoseconds.
public struct SavedState: Sendable, Equatable {
    /// In the user's order: a bookmark's position is its index.
    public var bookmarks: [SavedBookmark]
    /// In creation order.
    public var countdowns: [SavedCountdown]
    public var stopwatch: SavedStopwatch
    /// The stopwatch total at each lap press, oldest first.
    public var laps: [Int64]

    public init(bookmarks: [SavedBookmark] = [], countdowns: [SavedCountdown] = [], stopwatch: SavedStopwatch = SavedStopwatch(), laps: [Int64] = []) {
        self.bookmarks = bookmarks
        self.countdowns = countdowns
        self.stopwatch = stopwatch
        self.laps = laps
    }
}

public struct SavedBookmark: Sendable, Equatable {
    public var id: Int
    public var catalogID: String
    public var ownTime: Int64?
    public var memo: String
    public var packs: Int

    public init(id: Int, catalogID: String, ownTime: Int64? = nil, memo: String = "", packs: Int = 1) {
        self.id = id
        self.catalogID = catalogID
        self.ownTime = ownTime
        self.memo = memo
        self.packs = packs
    }
}

public struct SavedCountdown: Sendable, Equatable {
    public enum State: String, Sendable, Equatable, CaseIterable {
        case running, paused, ringing, missed, done
    }

    public var id: Int
    public var label: String
    public var total: Int64
    public var state: State
    /// The wall-clock deadline; nil only while paused.
    public var deadline: Int64?
    /// Time left while paused; nil otherwise.
    public var remaining: Int64?
    public var steps: [TimedStep]
    public var cuedSteps: Int

    public init(id: Int, label: String, total: Int64, state: State, deadline: Int64?, remaining: Int64?, steps: [TimedStep] = [], cuedSteps: Int = 0) {
        self.id = id
        self.label = label
        self.total = total
        self.state = state
        self.deadline = deadline
        self.remaining = remaining
        self.steps = steps
        self.cuedSteps = cuedSteps
    }
}

public struct SavedStopwatch: Sendable, Equatable {
    /// Time banked by earlier runs.
    public var accumulated: Int64
    /// The wall-clock start of the current run; nil while stopped.
    public var runningSince: Int64?

    public init(accumulated: Int64 = 0, runningSince: Int64? = nil) {
        self.accumulated = accumulated
        self.runningSince = runningSince
    }
}
