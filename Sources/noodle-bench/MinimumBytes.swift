import NoodleCore
import NoodleViews

/// The fewest bytes any terminal program could send for what changes on screen: for every run
/// of changed cells in a row, its glyphs in UTF-8 plus one byte to get there, and nothing for
/// colours. `make bench` divides what noodle really wrote by this.
enum MinimumBytes {
    /// Bytes a second over `seconds` of simulated time, frames taken when the loop would wake.
    static func perSecond(from start: AppState, seconds: Int) -> Double {
        var state = start
        var previous = Dashboard.render(state)
        let end = start.now.instant.advanced(by: .seconds(seconds))
        var bytes = 0
        while let next = RedrawSchedule.next(after: state), next <= end {
            let now = start.now.advanced(by: start.now.instant.duration(to: next))
            _ = update(&state, .ticked, at: now)
            let grid = Dashboard.render(state)
            bytes += changedBytes(from: previous, to: grid)
            previous = grid
        }
        return Double(bytes) / Double(seconds)
    }

    static func changedBytes(from old: Grid, to new: Grid) -> Int {
        var bytes = 0
        for y in 0 ..< new.height {
            var inRun = false
            for x in 0 ..< new.width {
                let cell = new[x, y]
                guard cell != old[x, y] || new.marks(atX: x, y: y) != old.marks(atX: x, y: y) else {
                    inRun = false
                    continue
                }
                if !inRun { bytes += 1 }
                inRun = true
                if !cell.isContinuation {
                    bytes += String(cell.scalar).utf8.count + (new.marks(atX: x, y: y) ?? []).reduce(0) { $0 + String($1).utf8.count }
                }
            }
        }
        return bytes
    }

    /// The scenarios `make bench` runs on the real binary, from the same start.
    static func report() {
        let origin = Now(instant: ContinuousClock.now, wall: WallTime(secondsSinceEpoch: 1_790_000_000))
        var stopwatch = AppState(size: Size(width: 120, height: 40), now: origin)
        _ = update(&stopwatch, .keyPressed(.space), at: origin)
        print("stopwatch running: \(rounded(perSecond(from: stopwatch, seconds: 60))) B/s")

        var countdowns = AppState(size: Size(width: 120, height: 40), now: origin)
        countdowns.focus = .timers
        for index in 0 ..< 3 {
            countdowns.timers.add(DurationInput(duration: .seconds(60 * (20 + index)), label: "c\(index)"), id: index + 1, at: origin.instant)
        }
        print("3 countdowns: \(rounded(perSecond(from: countdowns, seconds: 60))) B/s")
    }

    private static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}
