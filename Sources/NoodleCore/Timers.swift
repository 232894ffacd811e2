/// The countdowns, in creation order, with the selection and the alarm's repeat schedule.
public struct Timers: Sendable, Equatable {
    public private(set) var countdowns: [Countdown] = []
    /// The selected countdown, by identity, so it stays selected as rows reorder.
    public private(set) var selectedID: Int?
    /// When the bell next repeats while anything rings; nil when nothing rings.
    public private(set) var nextBell: ContinuousClock.Instant?

    /// How often the bell repeats while anything rings, and how long an unacknowledged alarm rings
    /// before it goes quiet as missed; from the config, these are the defaults.
    public var bellInterval: Duration = .seconds(3)
    public var alarmCap: Duration = .seconds(300)
    /// How much more time z gives a ringing countdown (config `snooze`).
    public var snooze: Duration = .seconds(60)
    /// How the rows are ordered (config `timer_order`).
    public var order: TimerOrder = .status
    /// How long an acknowledged countdown stays before it is cleared on its own (config
    /// `auto_clear`); nil keeps it until `c` or `x`.
    public var autoClear: Duration?
    /// How long before a countdown's end its warning comes (config `warn_before`); nil for none.
    public var warnBefore: Duration?
    /// How far `advance` has brought the countdowns: a warning is due once its moment falls after
    /// this and by now, so it comes once, and again only when time added moves the moment on.
    public private(set) var advancedTo: ContinuousClock.Instant?
    /// When this process first saw each countdown acknowledged, for `autoClear`. Not stored: a
    /// dashboard that starts later counts from when it saw them.
    public private(set) var acknowledgedAt: [Int: ContinuousClock.Instant] = [:]

    public init() {}

    /// The rows in `order`.
    public var displayOrder: [Countdown] {
        displayIndices.map { countdowns[$0] }
    }

    /// `displayOrder` as positions in `countdowns`: with a thousand countdowns, copying each
    /// one (its label and steps retained and released) was most of a frame's work.
    /// Ringing countdowns come first in either order: they are what needs a person now.
    public var displayIndices: [Int] {
        switch order {
        case .created:
            var ringingFirst: [Int] = []
            var others: [Int] = []
            ringingFirst.reserveCapacity(ringingCount)
            others.reserveCapacity(countdowns.count - ringingCount)
            for index in countdowns.indices {
                if countdowns[index].isRinging { ringingFirst.append(index) } else { others.append(index) }
            }
            return ringingFirst + others
        case .status:
            return countdowns.indices.sorted { a, b in
                let (rankA, rankB) = (countdowns[a].statusRank, countdowns[b].statusRank)
                if rankA != rankB { return rankA < rankB }
                switch (countdowns[a].phase, countdowns[b].phase) {
                case (.paused(let left), .paused(let right)) where left != right:
                    return left < right
                case (.ringing(let first), .ringing(let second)), (.running(let first), .running(let second)):
                    if first != second { return first < second }
                case (.missed(let first), .missed(let second)), (.done(let first), .done(let second)),
                     (.missed(let first), .done(let second)), (.done(let first), .missed(let second)):
                    // The one that finished last first: it is the one the cook is most likely after.
                    if first != second { return first > second }
                default:
                    break
                }
                return a < b
            }
        }
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
        let removed = countdowns.remove(at: order[row])
        selectedID = next
        refreshBell()
        return removed
    }

    public mutating func select(id: Int) {
        if countdowns.contains(where: { $0.id == id }) { selectedID = id }
    }

    /// Removes every countdown that finished and no longer rings (`c`), and returns them.
    public mutating func removeFinished() -> [Countdown] {
        let finished = countdowns.filter { $0.hasFinished && !$0.isRinging }
        guard !finished.isEmpty else { return [] }
        let row = selectedIndex ?? 0
        countdowns.removeAll { $0.hasFinished && !$0.isRinging }
        keepSelection(near: row)
        return finished
    }

    /// The countdown Enter stops: the selected one if it rings, else the first ringing one, so an
    /// alarm stops without the user first hunting for its row.
    public var nextToAcknowledge: Countdown? {
        if let id = selectedID, let selected = countdowns.first(where: { $0.id == id && $0.isRinging }) { return selected }
        return displayIndices.first.map { countdowns[$0] }.flatMap { $0.isRinging ? $0 : nil }
    }

    /// Acknowledges `nextToAcknowledge`, and returns its id.
    public mutating func acknowledgeSelectedOrFirstRinging() -> Int? {
        guard let id = nextToAcknowledge?.id, let index = countdowns.firstIndex(where: { $0.id == id }) else { return nil }
        countdowns[index].acknowledge()
        refreshBell()
        return id
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
        for (local, stored) in ids { if let seen = acknowledgedAt.removeValue(forKey: local) { acknowledgedAt[stored] = seen } }
    }

    /// Notes when countdowns were first seen acknowledged, for `autoClear`; `update` calls it after
    /// every message, whatever acknowledged them (a key, another window, an undo).
    mutating func noteAcknowledged(at now: ContinuousClock.Instant) {
        guard autoClear != nil else { return }
        var seen: [Int: ContinuousClock.Instant] = [:]
        for countdown in countdowns {
            guard case .done = countdown.phase else { continue }
            seen[countdown.id] = acknowledgedAt[countdown.id] ?? now
        }
        if seen != acknowledgedAt { acknowledgedAt = seen }
    }

    /// Removes the acknowledged countdowns whose `autoClear` time has come, and returns them.
    mutating func clearAcknowledged(at now: ContinuousClock.Instant) -> [Countdown] {
        guard let autoClear, !acknowledgedAt.isEmpty else { return [] }
        let due = Set(acknowledgedAt.filter { $0.value.advanced(by: autoClear) <= now }.keys)
        guard !due.isEmpty else { return [] }
        let cleared = countdowns.filter { due.contains($0.id) }
        let row = selectedIndex ?? 0
        countdowns.removeAll { due.contains($0.id) }
        for id in due { acknowledgedAt[id] = nil }
        keepSelection(near: row)
        return cleared
    }

    /// Brings every countdown up to `now`; returns what happened, for the alerts.
    public mutating func advance(to now: ContinuousClock.Instant) -> [(countdown: Countdown, event: Countdown.Event)] {
        var happened: [(Countdown, Countdown.Event)] = []
        defer { advancedTo = now }
        for index in countdowns.indices {
            if let moment = warningMoment(of: countdowns[index]), moment <= now,
               case .running(let deadline) = countdowns[index].phase, deadline > now {
                happened.append((countdowns[index], .warned))
            }
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
        keepSelection(near: row)
        refreshBell()
        if isAnyRinging && nextBell == nil { nextBell = now.advanced(by: bellInterval) }
    }

    /// Where the selected countdown has gone, the one now at its row takes the selection.
    private mutating func keepSelection(near row: Int) {
        if let id = selectedID, countdowns.contains(where: { $0.id == id }) { return }
        let order = displayIndices
        selectedID = order.isEmpty ? nil : countdowns[order[min(row, order.count - 1)]].id
    }

    private mutating func refreshBell() {
        var count = 0
        for index in countdowns.indices where countdowns[index].isRinging { count += 1 }
        ringingCount = count
        if nextBell != nil && !isAnyRinging { nextBell = nil }
    }

    /// The ids of the countdowns ringing now.
    public var ringingIDs: Set<Int> {
        guard isAnyRinging else { return [] }
        return Set(countdowns.lazy.filter(\.isRinging).map(\.id))
    }

    /// When `countdown`'s warning is still to come: `warnBefore` ahead of its end, for a running
    /// countdown longer than that (a 20 s countdown is not warned about as it starts).
    private func warningMoment(of countdown: Countdown) -> ContinuousClock.Instant? {
        guard let warnBefore, countdown.total > warnBefore, case .running(let deadline) = countdown.phase else { return nil }
        let moment = deadline.advanced(by: .zero - warnBefore)
        return advancedTo.map { moment > $0 } ?? false ? moment : nil
    }

    /// The next instant anything is due: a deadline, a step, a warning, the alarm cap, the repeat
    /// bell, or an acknowledged countdown's clearing.
    public var nextEvent: ContinuousClock.Instant? {
        var soonest = nextBell
        if let autoClear, let first = acknowledgedAt.values.min() {
            let due = first.advanced(by: autoClear)
            if soonest.map({ due < $0 }) ?? true { soonest = due }
        }
        for index in countdowns.indices {
            if let due = countdowns[index].nextEvent(alarmCap: alarmCap), soonest.map({ due < $0 }) ?? true { soonest = due }
            if let due = warningMoment(of: countdowns[index]), soonest.map({ due < $0 }) ?? true { soonest = due }
        }
        return soonest
    }
}

/// How the Timers panel orders its rows.
public enum TimerOrder: String, Sendable, Equatable, CaseIterable {
    /// As a phone's clock app does: ringing, then running by time left, then paused, then finished,
    /// the latest first.
    case status
    /// Ringing first, the rest in the order they were made.
    case created
}

extension Countdown {
    /// The group a countdown is listed in, in `TimerOrder.status`.
    var statusRank: Int {
        switch phase {
        case .ringing: 0
        case .running: 1
        case .paused: 2
        case .missed, .done: 3
        }
    }
}
