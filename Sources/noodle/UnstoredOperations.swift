import NoodleCore

/// The operations this process handed to its writer that are not stored yet, with the ids the
/// store gave items made here. When another process's write makes the app read everything back,
/// these go on top of what was read, so the screen never loses a change that is on its way.
struct UnstoredOperations {
    private var waiting: [(sequence: Int, operation: StoreOperation)] = []
    private var ids: [Int: Int] = [:]

    mutating func append(_ operation: StoreOperation, sequence: Int) {
        waiting.append((sequence, operation))
    }

    /// The writer is done with every operation up to `through`: stored, or refused for good.
    mutating func stored(through: Int, assignedIDs: [Int: Int]) {
        waiting.removeAll { $0.sequence <= through }
        ids.merge(assignedIDs) { $1 }
    }

    /// `saved`, read when operations up to `storedThrough` were stored, with the later ones applied.
    func applied(to saved: SavedState, storedThrough: Int) -> SavedState {
        var state = saved
        var ids = self.ids
        for (sequence, operation) in waiting where sequence > storedThrough {
            // A product another window bookmarked first: later operations on ours act on that one.
            if let made = operation.mappingIDs(ids).apply(to: &state), let local = operation.localID, made != local { ids[local] = made }
        }
        return state
    }
}
