/// What each operation means, on stored values. The store runs the same row changes inside its
/// transaction, and a process puts its not-yet-stored operations on top of what it reads back,
/// so both agree by construction.
extension StoreOperation {
    /// Applies the operation to `state`. A new item takes `newID` when given (the id SQLite
    /// assigned), else its local id. Operations on items that are gone do nothing. Returns the id
    /// of the item an add made, or found already there (a product bookmarked by another window).
    @discardableResult
    public func apply(to state: inout SavedState, newID: Int? = nil) -> Int? {
        switch self {
        case .addCountdown(let localID, let label, let total, let deadline, let steps, let cued):
            state.countdowns.append(SavedCountdown(
                id: newID ?? localID, label: label, total: total, state: .running, deadline: deadline, remaining: nil,
                steps: steps, cuedSteps: cued
            ))
            return newID ?? localID
        case .removeCountdown(let id):
            state.countdowns.removeAll { $0.id == id }
        case .restoreCountdown(let countdown):
            guard !state.countdowns.contains(where: { $0.id == countdown.id }) else { return nil }
            let position = state.countdowns.firstIndex { Countdown.isCreated(countdown.id, before: $0.id) } ?? state.countdowns.count
            state.countdowns.insert(countdown, at: position)
        case .reviseCountdown(let countdown):
            guard let index = state.countdowns.firstIndex(where: { $0.id == countdown.id }) else { return nil }
            state.countdowns[index] = countdown
        case .silenceAll:
            for index in state.countdowns.indices { state.countdowns[index].acknowledge() }
        case .clampToClock(let at):
            for index in state.countdowns.indices { state.countdowns[index].clamp(at: at) }
            if let since = state.stopwatch.runningSince, since > at { state.stopwatch.runningSince = at }
        case .pauseCountdown(let id, _), .resumeCountdown(let id, _), .addTime(let id, _, _), .restartCountdown(let id, _),
             .acknowledgeCountdown(let id), .advanceCountdown(let id, _, _, _):
            guard let index = state.countdowns.firstIndex(where: { $0.id == id }) else { return nil }
            apply(to: &state.countdowns[index])
        case .startStopwatch, .stopStopwatch, .recordLap, .resetStopwatch, .restoreStopwatch:
            switch apply(to: &state.stopwatch, hasLaps: !state.laps.isEmpty) {
            case .append(let total): state.laps.append(total)
            case .clear: state.laps = []
            case .replace(let laps): state.laps = laps
            case nil: break
            }
        case .addBookmark(let localID, let catalogID):
            if let existing = state.bookmarks.first(where: { $0.catalogID == catalogID }) { return existing.id }
            state.bookmarks.append(SavedBookmark(id: newID ?? localID, catalogID: catalogID))
            return newID ?? localID
        case .removeBookmark(let id):
            state.bookmarks.removeAll { $0.id == id }
        case .restoreBookmark(let bookmark, let position):
            // Made once: not when it is there again, under its id or as the same product.
            guard !state.bookmarks.contains(where: { $0.id == bookmark.id || $0.catalogID == bookmark.catalogID }) else { return nil }
            state.bookmarks.insert(bookmark, at: min(max(0, position), state.bookmarks.count))
        case .moveBookmark(let id, let by):
            guard let from = state.bookmarks.firstIndex(where: { $0.id == id }) else { return nil }
            let to = Self.moveTarget(from: from, by: by, count: state.bookmarks.count)
            guard to != from else { return nil }
            state.bookmarks.insert(state.bookmarks.remove(at: from), at: to)
        case .setOwnTime(let id, _), .setMemo(let id, _), .cyclePacks(let id):
            guard let index = state.bookmarks.firstIndex(where: { $0.id == id }) else { return nil }
            apply(to: &state.bookmarks[index])
        }
        return nil
    }

    /// Where a bookmark at `from` lands when moved `by` places among `count`: it stops at the ends.
    public static func moveTarget(from: Int, by: Int, count: Int) -> Int {
        min(max(0, from + by), count - 1)
    }

    /// The change to one countdown's row, for the operations that address a single countdown.
    public func apply(to countdown: inout SavedCountdown) {
        switch self {
        case .pauseCountdown(_, let at):
            // A deadline already passed means the countdown finished first: there is nothing to pause.
            guard countdown.state == .running, let deadline = countdown.deadline, deadline > at else { return }
            countdown.state = .paused
            countdown.remaining = deadline - at
            countdown.deadline = nil
        case .resumeCountdown(_, let at):
            guard countdown.state == .paused else { return }
            countdown.state = .running
            countdown.deadline = at + max(0, countdown.remaining ?? countdown.total)
            countdown.remaining = nil
        case .addTime(_, let amount, let at):
            countdown.addTime(amount, at: at)
        case .restartCountdown(_, let at):
            countdown.state = .running
            countdown.deadline = at + countdown.total
            countdown.remaining = nil
            countdown.cuedSteps = countdown.steps.prefix { $0.offset <= .zero }.count
        case .acknowledgeCountdown:
            countdown.acknowledge()
        case .advanceCountdown(_, let deadline, let state, let cued):
            guard countdown.deadline == deadline else { return }
            if state.rank > countdown.state.rank { countdown.state = state }
            countdown.cuedSteps = max(countdown.cuedSteps, min(cued, countdown.steps.count))
        default:
            break
        }
    }

    /// What a stopwatch operation does to the laps.
    public enum LapChange: Sendable, Equatable {
        case append(Int64)
        case clear
        /// Only ever onto no laps: the stopwatch is reset when it applies.
        case replace([Int64])
    }

    /// The change to the stopwatch row; returns what happens to the laps, if anything.
    public func apply(to stopwatch: inout SavedStopwatch, hasLaps: Bool) -> LapChange? {
        switch self {
        case .startStopwatch(let at):
            if stopwatch.runningSince == nil { stopwatch.runningSince = at }
        case .stopStopwatch(let at):
            guard stopwatch.runningSince != nil else { return nil }
            stopwatch.accumulated = stopwatch.elapsed(at: at)
            stopwatch.runningSince = nil
        case .recordLap(let at):
            guard stopwatch.runningSince != nil else { return nil }
            return .append(stopwatch.elapsed(at: at))
        case .resetStopwatch:
            guard stopwatch.runningSince == nil else { return nil }
            stopwatch.accumulated = 0
            return hasLaps ? .clear : nil
        case .restoreStopwatch(let restored, let laps):
            guard stopwatch == SavedStopwatch(), !hasLaps else { return nil }
            stopwatch = restored
            return laps.isEmpty ? nil : .replace(laps)
        default:
            break
        }
        return nil
    }

    /// The change to one bookmark's row, for the operations that edit a single bookmark.
    public func apply(to bookmark: inout SavedBookmark) {
        switch self {
        case .setOwnTime(_, let ownTime): bookmark.ownTime = ownTime
        case .setMemo(_, let memo): bookmark.memo = memo
        // From the count a bookmark shows, which is always within 1...maxPacks (`Bookmark.init`).
        case .cyclePacks: bookmark.packs = min(max(1, bookmark.packs), Bookmark.maxPacks) % Bookmark.maxPacks + 1
        default: break
        }
    }
}

extension SavedCountdown {
    /// Time left at `at`: negative once the deadline has passed.
    func remaining(at: Int64) -> Int64 {
        state == .paused ? (remaining ?? total) : (deadline ?? at) - at
    }

    /// `Countdown.add` on stored values: taking off more than is left finishes it now; adding to a
    /// finished countdown starts it again with that much left.
    mutating func addTime(_ amount: Int64, at: Int64) {
        let left = max(0, remaining(at: at)) + amount
        total = max(0, total + amount)
        if state == .paused {
            remaining = max(0, left)
            return
        }
        guard left > 0 || state == .running else { return }
        state = .running
        deadline = at + max(0, left)
    }

    /// Within what a countdown can have at `at`: at most its total left, finished no later than now.
    mutating func clamp(at: Int64) {
        switch state {
        case .paused: remaining = min(remaining ?? total, total)
        case .running: deadline = deadline.map { min($0, at + total) }
        case .ringing, .missed, .done: deadline = deadline.map { min($0, at) }
        }
    }

    /// Stops the alarm; the countdown stays, counting overtime.
    mutating func acknowledge() {
        if state == .ringing || state == .missed { state = .done }
    }
}

extension SavedCountdown.State {
    /// How far along a run is: the clock only ever moves a countdown to a higher rank.
    var rank: Int {
        switch self {
        case .running, .paused: 0
        case .ringing: 1
        case .missed: 2
        case .done: 3
        }
    }
}

extension SavedStopwatch {
    /// The reading at `at`; a wall clock set back never makes it smaller than what was banked.
    public func elapsed(at: Int64) -> Int64 {
        guard let runningSince else { return accumulated }
        return accumulated + max(0, at - runningSince)
    }
}
