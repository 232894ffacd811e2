import ArgumentParser
import NoodleCore

/// `noodle stopwatch start|stop|lap|reset`: the dashboard's Space, l and r from a shell or a
/// key binding; an open dashboard shows the change at once.
struct StopwatchCommand: ParsableCommand {
    enum Action: String, CaseIterable, ExpressibleByArgument {
        case start, stop, lap, reset
    }

    static let configuration = CommandConfiguration(
        commandName: "stopwatch",
        abstract: "Start, stop, lap or reset the stopwatch, and print its reading.",
        discussion: """
        `noodle stopwatch start` starts it, or continues it from where it stopped; `stop` stops \
        it; `lap` records a lap while it runs and prints the lap's time and the total; `reset` \
        clears the time and every lap while it is stopped (as r in the dashboard, it refuses \
        while running). `noodle laps` prints the laps.

        Exit status: 0 when done, and for start or stop when it already was so; 2 for a lap \
        while stopped or a reset while running.
        """
    )

    @Argument(help: ArgumentHelp("start, stop, lap or reset.", valueName: "action"))
    var action: Action

    @OptionGroup var data: DataDirectoryOption

    mutating func run() throws {
        let store = try CommandLineStore(data)
        let before = try store.load()
        let now = store.now
        let running = before.stopwatch.runningSince != nil
        let reading = { (saved: SavedState) in DurationFormat.stopwatch(.nanoseconds(saved.stopwatch.elapsed(at: now))) }
        switch action {
        case .start:
            if running { return Output.standardOutput("The stopwatch is already running: \(reading(before)).\n") }
            try store.apply([.startStopwatch(at: now)])
            Output.standardOutput(before.stopwatch.accumulated == 0 ? "Started the stopwatch.\n" : "Started the stopwatch again at \(reading(before)).\n")
        case .stop:
            if !running { return Output.standardOutput("The stopwatch is not running: \(reading(before)).\n") }
            try store.apply([.stopStopwatch(at: now)])
            Output.standardOutput("Stopped the stopwatch at \(reading(try store.load())).\n")
        case .lap:
            guard running else {
                Output.standardError("noodle: the stopwatch is not running, so there is no lap to take (noodle stopwatch start)\n")
                throw ExitCode(2)
            }
            try store.apply([.recordLap(at: now)])
            let laps = try store.load().laps
            guard let total = laps.last else {
                Output.standardError("noodle: the stopwatch was stopped or reset meanwhile; no lap taken\n")
                throw ExitCode(2)
            }
            let lapTime = total - (laps.dropLast().last ?? 0)
            Output.standardOutput("Lap \(laps.count): \(DurationFormat.stopwatch(.nanoseconds(lapTime))), total \(DurationFormat.stopwatch(.nanoseconds(total))).\n")
        case .reset:
            guard !running else {
                Output.standardError("noodle: the stopwatch is running: stop it first (noodle stopwatch stop), then reset it\n")
                throw ExitCode(2)
            }
            try store.apply([.resetStopwatch])
            let laps = before.laps.count
            Output.standardOutput("Reset the stopwatch (it read \(reading(before))" + (laps == 0 ? ").\n" : ", with \(laps) lap\(laps == 1 ? "" : "s")).\n"))
        }
    }
}
