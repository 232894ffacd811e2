import ArgumentParser
import NoodleCore

/// `noodle pause tea`, `noodle resume tea`, `noodle rm tea`: the dashboard's Space and x on one
/// countdown, named by its label as `noodle ack` names it.
struct PauseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause",
        abstract: "Pause a running countdown; noodle resume continues it with the time it had left.",
        discussion: """
        `noodle pause tea`, `noodle pause shin ramyun`, `noodle pause 신라면`: the running countdown \
        with that label, or the only one whose label starts with it (case and extra spaces do \
        not count; #id names one of several with the same label).

        Exit status: 0 when paused, or already paused; 2 when LABEL names no countdown or \
        several, or the countdown has already finished.
        """
    )

    @Argument(help: ArgumentHelp("The countdown's label, or its start; #id for one of several with the same label.", valueName: "label"))
    var label: [String]

    @OptionGroup var data: DataDirectoryOption

    mutating func run() throws {
        let store = try CommandLineStore(data)
        let saved = try store.load()
        let now = store.now
        let alarmCap = StatusSummary.defaultAlarmCap
        let running = saved.countdowns.filter { $0.state(at: now, alarmCap: alarmCap) == .running }
        let countdown: SavedCountdown
        switch try NamedCountdown.find(label.joined(separator: " "), among: running, kind: "running", in: saved, now: now, alarmCap: alarmCap) {
        case .one(let found): countdown = found
        case .other(let other) where other.state == .paused:
            return Output.standardOutput("\(NamedCountdown.name(other)) is already paused, \(DurationFormat.countdown(other.timeLeft(at: now))) left.\n")
        case .other(let other):
            Output.standardError("noodle: \(NamedCountdown.name(other)) has finished; there is nothing to pause\n")
            throw ExitCode(2)
        }
        try store.apply([.pauseCountdown(id: countdown.id, at: now)])
        let after = try CountdownCommands.stillThere(countdown, in: store)
        guard after.state == .paused else {
            Output.standardError("noodle: \(NamedCountdown.name(countdown)) finished before it could be paused\n")
            throw ExitCode(2)
        }
        Output.standardOutput("Paused \(NamedCountdown.name(countdown)) with \(DurationFormat.countdown(after.timeLeft(at: now))) left.\n")
    }
}

struct ResumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Resume a paused countdown with the time it had left.",
        discussion: """
        `noodle resume tea`: the paused countdown with that label, or the only one whose label \
        starts with it (case and extra spaces do not count; #id names one of several with the \
        same label). Prints when it will be done.

        Exit status: 0 when resumed, or already running; 2 when LABEL names no countdown or \
        several, or the countdown has finished.
        """
    )

    @Argument(help: ArgumentHelp("The countdown's label, or its start; #id for one of several with the same label.", valueName: "label"))
    var label: [String]

    @OptionGroup var data: DataDirectoryOption

    mutating func run() throws {
        let store = try CommandLineStore(data)
        let saved = try store.load()
        let now = store.now
        let alarmCap = StatusSummary.defaultAlarmCap
        let paused = saved.countdowns.filter { $0.state == .paused }
        let countdown: SavedCountdown
        switch try NamedCountdown.find(label.joined(separator: " "), among: paused, kind: "paused", in: saved, now: now, alarmCap: alarmCap) {
        case .one(let found): countdown = found
        case .other(let other) where other.state(at: now, alarmCap: alarmCap) == .running:
            return Output.standardOutput("\(NamedCountdown.name(other)) is already running, \(DurationFormat.countdown(other.timeLeft(at: now))) left.\n")
        case .other(let other):
            Output.standardError("noodle: \(NamedCountdown.name(other)) has finished; there is nothing to resume\n")
            throw ExitCode(2)
        }
        try store.apply([.resumeCountdown(id: countdown.id, at: now)])
        let after = try CountdownCommands.stillThere(countdown, in: store)
        let left = after.timeLeft(at: now)
        Output.standardOutput("Resumed \(NamedCountdown.name(countdown)): \(DurationFormat.countdown(left)) left, done at \(CommandLineStore.clockTime(in: left.nanoseconds)).\n")
    }
}

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rm",
        abstract: "Remove a countdown, whatever its state, as x does in the dashboard.",
        discussion: """
        `noodle rm tea`: the countdown with that label, or the only one whose label starts with \
        it (case and extra spaces do not count; #id names one of several with the same label). \
        A ringing countdown stops ringing as it goes. Undo is the dashboard's u, in the window \
        that removed it; from here it is gone.

        Exit status: 0 when removed; 2 when LABEL names no countdown or several.
        """
    )

    @Argument(help: ArgumentHelp("The countdown's label, or its start; #id for one of several with the same label.", valueName: "label"))
    var label: [String]

    @OptionGroup var data: DataDirectoryOption

    mutating func run() throws {
        let store = try CommandLineStore(data)
        let saved = try store.load()
        let now = store.now
        let alarmCap = StatusSummary.defaultAlarmCap
        guard case .one(let countdown) = try NamedCountdown.find(label.joined(separator: " "), among: saved.countdowns, kind: "",
                                                                   in: saved, now: now, alarmCap: alarmCap)
        else { return }
        try store.apply([.removeCountdown(id: countdown.id)])
        Output.standardOutput("Removed \(NamedCountdown.name(countdown)) (\(NamedCountdown.standing(countdown, now: now, alarmCap: alarmCap))).\n")
    }
}

enum CountdownCommands {
    /// The countdown as stored after this command's write; a removal by someone else meanwhile
    /// ends the command with status 2, since the write did nothing.
    static func stillThere(_ countdown: SavedCountdown, in store: CommandLineStore) throws -> SavedCountdown {
        guard let after = try store.countdown(id: countdown.id) else {
            Output.standardError("noodle: \(NamedCountdown.name(countdown)) was removed meanwhile; nothing done\n")
            throw ExitCode(2)
        }
        return after
    }
}
