import NoodleCore

/// Which part of a frame to draw.
enum Layer {
    case all
    /// Everything that stays put between two state changes.
    case still
    /// Only what moves with the clock: the running reading and the live lap row.
    case moving

    var drawsStill: Bool { self != .moving }
    var drawsMoving: Bool { self != .still }
}

/// Reuses the still part of the frame while a running stopwatch only moves its reading.
///
/// At 30 frames a second, drawing all of a 120×40 frame was most of the loop's CPU, though only
/// a few cells change. `frame(for:)` always equals `Dashboard.render` (a test holds it to that);
/// it just redraws the still part when something in `StillKey` has changed.
public struct FrameCache {
    /// Everything the still part of a frame depends on while the stopwatch runs.
    struct StillKey: Equatable {
        var size: Size
        var focus: Panel
        var status: StatusMessage?
        var unsavedReason: String?
        var clockMinute: Int
        var laps: Int
        var lastLap: Duration
        var lapScroll: Int
        var bookmarks: Int
        var runningSince: ContinuousClock.Instant?
        var accumulated: Duration
        /// The reading's width sets the lap columns, and it grows at the hour.
        var readingWidth: Int
    }

    /// Within one second only the hundredths change, after the big digits and in the live lap
    /// row: the rest of what moves is drawn once a second onto this copy of the still part.
    /// The lap started at some fraction of a second, so its seconds turn at moments of their own.
    struct SecondKey: Equatable {
        var elapsed: Int64
        var currentLap: Int64
    }

    private var still: (key: StillKey, grid: Grid, fractionSpots: [StopwatchView.FractionSpot]?)?
    private var second: (key: SecondKey, grid: Grid)?
    private let glyphs: Glyphs

    public init(glyphs: Glyphs) {
        self.glyphs = glyphs
    }

    public mutating func frame(for state: AppState) -> Grid {
        // Countdowns redraw once a second at most; while any exist the whole frame is drawn.
        guard state.stopwatch.isRunning, state.overlay == nil, state.timers.countdowns.isEmpty else {
            still = nil
            second = nil
            return Dashboard.render(state, glyphs: glyphs)
        }
        let stopwatch = state.stopwatch
        let elapsed = stopwatch.elapsed(at: state.now.instant)
        let reading = state.display.stopwatch(elapsed)
        let key = StillKey(
            size: state.size, focus: state.focus, status: state.status, unsavedReason: state.unsavedReason,
            clockMinute: state.now.wall.localMinute,
            laps: stopwatch.laps.count, lastLap: stopwatch.laps.lastTotal, lapScroll: state.lapScroll, bookmarks: state.bookmarks.revision,
            runningSince: stopwatch.runningSince, accumulated: stopwatch.accumulated,
            readingWidth: reading.utf8.count
        )
        if still?.key != key {
            still = (key, Dashboard.renderStill(state, glyphs: glyphs), StopwatchView.fractionSpots(state, glyphs: glyphs))
            second = nil
        }
        guard let spots = still!.fractionSpots else {
            var grid = still!.grid
            Dashboard.drawMoving(state, glyphs: glyphs, into: &grid)
            return grid
        }
        let currentLap = stopwatch.currentLap(at: state.now.instant)
        let secondKey = SecondKey(
            elapsed: DurationFormat.totalCentiseconds(elapsed) / 100,
            currentLap: DurationFormat.totalCentiseconds(currentLap) / 100
        )
        if second?.key != secondKey {
            var grid = still!.grid
            Dashboard.drawMoving(state, glyphs: glyphs, into: &grid)
            second = (secondKey, grid)
            return grid
        }
        // Readings end in `.cc`, drawn plain. Patched in place: the terminal keeps a record of its
        // own, so nothing else holds this grid between frames.
        let total = String(reading.utf8.suffix(3))!
        let lap = spots.contains(where: \.isLiveLap) ? String(state.display.stopwatch(currentLap).utf8.suffix(3))! : total
        for spot in spots {
            second!.grid.write(spot.isLiveLap ? lap : total, x: spot.x, y: spot.y, role: .text, limit: spot.limit)
        }
        return second!.grid
    }
}
