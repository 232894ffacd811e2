/// The one countdown the big display and the full-screen view show.
extension Timers {
    /// The selected countdown when `preferSelected` (the user is looking at the Timers panel);
    /// otherwise the one due next: a ringing one, else the running one that ends first, else a
    /// paused one, else the selection. A position in `countdowns`.
    public func featuredIndex(preferSelected: Bool) -> Int? {
        let selected = selectedID.flatMap { id in countdowns.firstIndex { $0.id == id } }
        if preferSelected, let selected { return selected }
        if let ringing = countdowns.firstIndex(where: \.isRinging) { return ringing }
        var soonest: Int?
        for index in countdowns.indices {
            guard case .running(let deadline) = countdowns[index].phase else { continue }
            if soonest.map({ deadline < countdowns[$0].deadline! }) ?? true { soonest = index }
        }
        if let soonest { return soonest }
        return countdowns.firstIndex { if case .paused = $0.phase { true } else { false } } ?? selected
    }
}

extension AppState {
    /// The countdown shown big: the selection while Timers is focused, else the one due next.
    public var featuredCountdownIndex: Int? {
        timers.featuredIndex(preferSelected: focus == .timers)
    }
}
