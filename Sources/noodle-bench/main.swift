import Glibc
import NoodleCore
import NoodleViews

/// Frame work without a terminal: how long rendering a frame takes, in the scenarios `make bench` runs.
/// Prints microseconds per frame; the figures go beside the end-to-end ones.
/// `noodle-bench scale FOLDER` instead seeds FOLDER with the scale case and times the store;
/// `noodle-bench minimum-bytes` prints the fewest bytes a second the bench scenarios could write.

if CommandLine.arguments.count == 3, CommandLine.arguments[1] == "scale" {
    ScaleBench.run(folder: CommandLine.arguments[2])
    exit(0)
}
if CommandLine.arguments.count == 2, CommandLine.arguments[1] == "minimum-bytes" {
    MinimumBytes.report()
    exit(0)
}

func measure(_ name: String, frames: Int, _ body: (Int) -> Void) {
    let clock = ContinuousClock()
    for i in 0 ..< min(frames, 50) { body(i) }
    let elapsed = clock.measure { for i in 0 ..< frames { body(i) } }
    let micros = elapsed.seconds * 1e6 / Double(frames)
    print("\(name): \((micros * 10).rounded() / 10) µs/frame")
}

let origin = Now(instant: ContinuousClock.now, wall: WallTime(secondsSinceEpoch: 1_700_000_000))
var state = AppState(size: Size(width: 120, height: 40), now: origin)
_ = update(&state, .keyPressed(.space), at: origin)
for lap in 1 ... 20 { _ = update(&state, .keyPressed(.character("l")), at: origin.advanced(by: .seconds(lap))) }

var previous = Dashboard.render(state)
var sink = 0
measure("render 120x40, stopwatch running", frames: 3000) { i in
    state.now = origin.advanced(by: .milliseconds(21_000 + 33 * i))
    let grid = Dashboard.render(state)
    sink &+= grid.cells.count
}
measure("render + compare with previous frame", frames: 3000) { i in
    state.now = origin.advanced(by: .milliseconds(21_000 + 33 * i))
    let grid = Dashboard.render(state)
    if grid != previous { sink &+= 1 }
    previous = grid
}

var cache = FrameCache(glyphs: .unicode)
measure("frame cache, stopwatch running (still part reused)", frames: 3000) { i in
    state.now = origin.advanced(by: .milliseconds(21_000 + 33 * i))
    sink &+= cache.frame(for: state).width
}
if sink == 42 { print(sink) }
