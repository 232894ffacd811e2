/// The countdowns, in creation order, with the selection, the last removal (for undo)
/// and the alarm's repeat schedule.
public struct Timers: Sendable, Equatable {
    public private(set) var countdowns: [Countdown] = []
    /// The selected countdown, by identity, so it stays selected as rows reorder.
    public private(set) var selectedID: Int?
    public private(set) var removed: Countdown?
    /// When the bell next repeats while anything rings; nil when nothing rings.
    public private(set) var nextBell: ContinuousClock.Instant?

    /// How often the bell repeats while anything rings, and how long an unacknowledged alarm rings
    /// before it goes quiet as missed; from the config, these are the defaults.
    public var bellInterval: Duration = .seconds(3)
    public var alarmCap: Duration = .seconds(300)

    public init() {}

    /// Ringing countdowns first, the rest in the order they were made.
    public var displayOrder: [Countdown] {
        displayIndices.map { countdowns[$0] }
    }

    /// `displayOrder` as positions in `countdowns`: with a thousand countdowns, copying each
    /// one (its label and steps retained and released) was most of a frame's work.
    public var displayIndices: [Int] {
        var ringingFirst: [Int] = []
        var others: [Int] = []
        ringingFirst.reserveCapacity(ringingCount)
        others.reserveCapacity(countdowns.count - ringingCount)
        for index in countdowns.indices {
            if countdowns[index].isRinging { ringingFirst.append(index) } else { others.append(index) }
        }
        return ringingFirst + others
    }

    public var selectedIndex: Int? {
        selectedIndex(in: displayIndices)
    }

    /// The selection's row in an already computed `displayIndices`.
    public func selectedIndex(in order: [Int]) -> Int? {
        guard let id = selectedID else { return nil }
        return order.firstIndex { countdowns[$0].id == id }
    }

    public var ringing: [Countdown] { countdowns.filter(\.isRinging) }

    /// Kept by every change, since every pass asks.
    public private(set) var ringingCount = 0

    public var isAnyRinging: Bool { ringingCount > 0 }

    /// Adds a countdown under `id` (a local id until the store numbers it) and selects it.
    @discardableResult
    public mutating func add(_ input: DurationInput, id: Int, steps: [TimedStep] = [], at now: ContinuousClock.Instant) -> Countdown {
        let countdown = Countdown(id: id, label: input.label, total: input.duration, steps: steps, startedAt: now)
        countdowns.append(countdown)
        selectedID = countdown.id
        return countdown
    }

    public mutating func moveSelection(by offset: Int) {
        let order = displayIndices
        guard !order.isEmpty else { return }
        let current = selectedIndex(in: order) ?? 0
        selectedID = countdowns[order[min(max(0, current + offset), order.count - 1)]].id
    }

    public var selected: Countdown? {
        guard let id = selectedID else { return nil }
        return countdowns.first { $0.id == id }
    }

    /// Applies `change` to the selected countdown; returns it before and after, when there is one.
    @discardableResult
    public mutating func changeSelected(_ change: (inout Countdown) -> Void) -> (before: Countdown, after: Countdown)? {
        guard let id = selectedID, let index = countdowns.firstIndex(where: { $0.id == id }) else { return nil }
        let before = countdowns[index]
        change(&countdowns[index])
        refreshBell()
        return (before, countdowns[index])
    }

    /// Removes the selected countdown and returns it.
    @discardableResult
    public mutating func removeSelected() -> Countdown? {
        let order = displayIndices
        guard let row = selectedIndex(in: order) else { return nil }
        // The row below takes the selection (the one above at the end), read before positions shift.
        let rest = order.filter { $0 != order[row] }
        let next = rest.isEmpty ? nil : countdowns[rest[min(row, rest.count - 1)]].id
        removed = countdowns.remove(at: order[row])
        selectedID = next
        refreshBell()
        return removed
    }

    /// Puts the last removed countdown back where it was made, still keeping its deadline; a
    /// ringing one rings on from `now`. Returns it when it came back. Where another instance's
    /// write has already brought it back, undo only selects it: inserting it again would list
    /// one id twice.
    @discardableResult
    public mutating func undoRemove(at now: ContinuousClock.Instant) -> Countdown? {
        guard let countdown = removed else { return nil }
        removed = nil
        selectedID = countdown.id
        guard !countdowns.contains(where: { $0.id == countdown.id }) else { return nil }
        let position = countdowns.firstIndex { Countdown.isCreated(countdown.id, before: $0.id) } ?? countdowns.count
        countdowns.insert(countdown, at: position)
        refreshBell()
        if isAnyRinging && nextBell == nil { nextBell = now.advanced(by: bellInterval) }
        return countdown
    }

    /// Acknowledges the selected countdown if it rings, else the first ringing one: with an alarm
    /// going, Enter should stop it without the user first hunting for its row. Returns its id.
    public mutating func acknowledgeSelectedOrFirstRinging() -> Int? {
        if let id = selectedID, countdowns.contains(where: { $0.id == id && $0.isRinging }) {
            changeSelected { $0.acknowledge() }
            return id
        } else if let first = countdowns.firstIndex(where: \.isRinging) {
            countdowns[first].acknowledge()
            refreshBell()
            return countdowns[first].id
        }
        return nil
    }

    /// Stops every alarm at once; returns whether any countdown changed.
    @discardableResult
    public mutating func silenceAll() -> Bool {
        let before = countdowns
        for index in countdowns.indices { countdowns[index].acknowledge() }
        refreshBell()
        return countdowns != before
    }

    /// The store numbered countdowns this process made: each local id becomes the stored one.
    public mutating func renameIDs(_ ids: [Int: Int]) {
        for index in countdowns.indices {
            if let id = ids[countdowns[index].id] { countdowns[index].id = id }
        }
        if let id = selectedID.flatMap({ ids[$0] }) { selectedID = id }
        if let id = removed.flatMap({ ids[$0.id] }) { removed?.id = id }
    }

    /// Brings every countdown up to `now`; returns what happened, for the alerts.
    public mutating func advance(to now: ContinuousClock.Instant) -> [(countdown: Countdown, event: Countdown.Event)] {
        var happened: [(Countdown, Countdown.Event)] = []
        for index in countdowns.indices {
            for event in countdowns[index].advance(to: now, alarmCap: alarmCap) {
                happened.append((countdowns[index], event))
            }
        }
        refreshBell()
        if happened.contains(where: { $0.1 == .finished }) {
            nextBell = now.advanced(by: bellInterval)
        } else if let bell = nextBell, bell <= now {
            nextBell = isAnyRinging ? now.advanced(by: bellInterval) : nil
        }
        return happened
    }

    /// Takes the stored countdowns as they now are, keeping the selection where it still exists.
    /// A countdown that is ringing gets its repeat bell from `now`.
    public mutating func replaceCountdowns(_ newCountdowns: [Countdown], at now: ContinuousClock.Instant) {
        let row = selectedIndex ?? 0
        countdowns = newCountdowns
        if !(selectedID.map { id in newCountdowns.contains { $0.id == id } } ?? false) {
            let order = displayIndices
            selectedID = order.isEmpty ? nil : countdowns[order[min(row, order.count - 1)]].id
        }
        refreshBell()
        if isAnyRinging && nextBell == nil { nextBell = now.advanced(by: bellInterval) }
    }

    private mutating func refreshBell() {
        var count = 0
        for index in countdowns.indices where countdowns[index].isRinging { count += 1 }
        ringingCount = count
        if nextBell != nil && !isAnyRinging { nextBell = nil }
    }

    /// The next instant anything is due: a deadline, a step, the alarm cap, or the repeat bell.
    public var nextEvent: ContinuousClock.Instant? {
        var soonest = nextBell
        for index in countdowns.indices {
            if let due = countdowns[index].nextEvent(alarmCap: alarmCap), soonest.map({ due < $0 }) ?? true { soonest = due }
        }
        return soonest
    }
}
