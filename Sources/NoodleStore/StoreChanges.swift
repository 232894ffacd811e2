import NoodleCore

/// The difference between two states, as the rows a save must write: only what changed, so
/// moving one of 10,000 bookmarks rewrites two rows, and pressing lap adds one.
struct StoreChanges: Equatable {
    /// Rows to insert or replace, each with its position (its index in the new state).
    var bookmarkUpserts: [Positioned<SavedBookmark>] = []
    var bookmarkDeletions: [Int] = []
    var countdownUpserts: [Positioned<SavedCountdown>] = []
    var countdownDeletions: [Int] = []
    var stopwatch: SavedStopwatch?
    var laps: LapChange = .none

    enum LapChange: Equatable {
        case none
        /// The stored laps are a prefix of the new ones: add these after them.
        case append([Int64])
        /// Anything else (a reset, a lap removed): replace every lap with these.
        case replaceAll([Int64])
    }

    struct Positioned<Row: Equatable>: Equatable {
        var position: Int
        var row: Row
    }

    var isEmpty: Bool {
        bookmarkUpserts.isEmpty && bookmarkDeletions.isEmpty && countdownUpserts.isEmpty
            && countdownDeletions.isEmpty && stopwatch == nil && laps == .none
    }

    init(from old: SavedState, to new: SavedState) {
        (bookmarkUpserts, bookmarkDeletions) = Self.rows(from: old.bookmarks, to: new.bookmarks, id: \.id)
        (countdownUpserts, countdownDeletions) = Self.rows(from: old.countdowns, to: new.countdowns, id: \.id)
        if old.stopwatch != new.stopwatch { stopwatch = new.stopwatch }
        if old.laps != new.laps {
            laps = new.laps.count > old.laps.count && new.laps.starts(with: old.laps)
                ? .append(Array(new.laps[old.laps.count...]))
                : .replaceAll(new.laps)
        }
    }

    /// Rows whose content or position changed, and ids no longer present (in their old order).
    /// If `new` repeats an id, every copy is written and the last one wins.
    private static func rows<Row: Equatable>(
        from old: [Row], to new: [Row], id: (Row) -> Int
    ) -> (upserts: [Positioned<Row>], deletions: [Int]) {
        if old == new { return ([], []) }  // immediate when the arrays share storage
        if old.count == new.count {
            // The usual save: the same rows, a few edited or moved. Compare position by position
            // and, when the changed positions hold the same ids before and after, nothing was
            // added or removed; this skips hashing every id (most of a save's time at 10,000).
            let changed = new.indices.filter { old[$0] != new[$0] }
            if changed.map({ id(old[$0]) }).sorted() == changed.map({ id(new[$0]) }).sorted() {
                return (changed.map { Positioned(position: $0, row: new[$0]) }, [])
            }
        }
        var oldPosition = [Int: Int](minimumCapacity: old.count)
        for (position, row) in old.enumerated() { oldPosition[id(row)] = position }
        var upserts: [Positioned<Row>] = []
        var kept = Set<Int>(minimumCapacity: new.count)
        for (position, row) in new.enumerated() {
            let key = id(row)
            kept.insert(key)
            if oldPosition[key] == position, old[position] == row { continue }
            upserts.append(Positioned(position: position, row: row))
        }
        let deletions = old.lazy.map(id).filter { !kept.contains($0) }
        return (upserts, Array(deletions))
    }
}
