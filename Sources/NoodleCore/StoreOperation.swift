/// One change a user (or the clock) made to stored data, as the change itself rather than the
/// state it left behind: "move bookmark 7 one up", "lap at t". The store applies it to the rows
/// as they are when it commits, so actions from several noodles and the CLI interleave into a
/// state that some one-at-a-time order of the same actions would give.
///
/// Moments are wall-clock nanoseconds, as everything stored. Ids of items this process made and
/// the store has not yet numbered are negative (see `AppState.takeLocalID`); the writer swaps
/// them for SQLite's ids before applying.
public enum StoreOperation: Sendable, Equatable {
    case addCountdown(localID: Int, label: String, total: Int64, deadline: Int64, steps: [TimedStep], cuedSteps: Int)
    case removeCountdown(id: Int)
    /// Undo of a removal: the countdown comes back with its id, unless it is already there.
    case restoreCountdown(SavedCountdown)
    /// Undo of a change to a countdown's time: its row as it was before, where it still exists.
    case reviseCountdown(SavedCountdown)
    case pauseCountdown(id: Int, at: Int64)
    case resumeCountdown(id: Int, at: Int64)
    /// Adds (or with a negative amount takes off) time, as `Countdown.add` does.
    case addTime(id: Int, amount: Int64, at: Int64)
    case restartCountdown(id: Int, at: Int64)
    case acknowledgeCountdown(id: Int)
    case silenceAll
    /// The clock moved a countdown on: it rang, went quiet as missed, or reached steps. Applies only
    /// while the row still has `deadline` (nobody changed its time meanwhile), and never backwards.
    case advanceCountdown(id: Int, deadline: Int64, state: SavedCountdown.State, cuedSteps: Int)

    /// Brings times from a wall clock that has since been set back (across a reboot) within
    /// reason: no countdown has more than its total left, none finished in the future, and the
    /// stopwatch did not start in the future.
    case clampToClock(at: Int64)

    case startStopwatch(at: Int64)
    case stopStopwatch(at: Int64)
    case recordLap(at: Int64)
    /// Clears the time and every lap; does nothing while the stopwatch runs.
    case resetStopwatch
    /// Undo of a reset: the time and laps come back, only while the stopwatch is still reset
    /// (a run started since is not overwritten).
    case restoreStopwatch(SavedStopwatch, laps: [Int64])

    /// Bookmarks a product unless it already is: two windows bookmarking it at once mean it once.
    case addBookmark(localID: Int, catalogID: String)
    case removeBookmark(id: Int)
    /// Undo of a removal: back at `position` (or the end, if the list is now shorter).
    case restoreBookmark(SavedBookmark, position: Int)
    /// Moves a bookmark `by` places relative to the order as it is when applied; stops at the ends.
    case moveBookmark(id: Int, by: Int)
    case setOwnTime(id: Int, ownTime: Int64?)
    case setMemo(id: Int, memo: String)
    case cyclePacks(id: Int)

    /// The id of the item this operation makes, for the writer to map to the id SQLite assigns.
    public var localID: Int? {
        switch self {
        case .addCountdown(let id, _, _, _, _, _), .addBookmark(let id, _): id
        default: nil
        }
    }

    /// The same operation with every id found in `ids` replaced: a local id becomes the stored one.
    public func mappingIDs(_ ids: [Int: Int]) -> StoreOperation {
        guard !ids.isEmpty else { return self }
        func map(_ id: Int) -> Int { ids[id] ?? id }
        switch self {
        case .addCountdown, .addBookmark, .silenceAll, .clampToClock, .startStopwatch, .stopStopwatch, .recordLap, .resetStopwatch,
             .restoreStopwatch:
            return self
        case .removeCountdown(let id): return .removeCountdown(id: map(id))
        case .restoreCountdown(var countdown):
            countdown.id = map(countdown.id)
            return .restoreCountdown(countdown)
        case .reviseCountdown(var countdown):
            countdown.id = map(countdown.id)
            return .reviseCountdown(countdown)
        case .pauseCountdown(let id, let at): return .pauseCountdown(id: map(id), at: at)
        case .resumeCountdown(let id, let at): return .resumeCountdown(id: map(id), at: at)
        case .addTime(let id, let amount, let at): return .addTime(id: map(id), amount: amount, at: at)
        case .restartCountdown(let id, let at): return .restartCountdown(id: map(id), at: at)
        case .acknowledgeCountdown(let id): return .acknowledgeCountdown(id: map(id))
        case .advanceCountdown(let id, let deadline, let state, let cued):
            return .advanceCountdown(id: map(id), deadline: deadline, state: state, cuedSteps: cued)
        case .removeBookmark(let id): return .removeBookmark(id: map(id))
        case .restoreBookmark(var bookmark, let position):
            bookmark.id = map(bookmark.id)
            return .restoreBookmark(bookmark, position: position)
        case .moveBookmark(let id, let by): return .moveBookmark(id: map(id), by: by)
        case .setOwnTime(let id, let ownTime): return .setOwnTime(id: map(id), ownTime: ownTime)
        case .setMemo(let id, let memo): return .setMemo(id: map(id), memo: memo)
        case .cyclePacks(let id): return .cyclePacks(id: map(id))
        }
    }
}
