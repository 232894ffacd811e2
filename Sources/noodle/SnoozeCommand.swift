import ArgumentParser
import NoodleCore

/// `noodle snooze tea 2m`: a ringing countdown runs again for a while, as `+` on a ringing
/// countdown does in the dashboard.
struct SnoozeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze",
        abstract: "Give a ringing countdown more time: it stops ringing and rings again after it.",
        discussion: """
        `noodle snooze` snoozes the only ringing countdown by `snooze` from config.toml (1 minute \
        unless set); `noodle snooze 2m`, `noodle snooze tea`, `noodle snooze Shin Ramyun 1:30`. \
        The last word is the duration when it reads as one (4:30, 4m30s, 90s, 5 for five \
        minutes), unless all the words are exactly a ringing countdown's label. LABEL is matched \
        as `noodle ack` matches it (the label, else the only label starting with it; #id too). \
        Prints when it will ring again.

        Exit status: 0 when snoozed; 2 when nothing rings, LABEL names no ringing countdown, \
        several ring and none was named, or the countdown was removed meanwhile.
        """
    )

    @Argument(help: ArgumentHelp("The ringing countdown's label (or its start), then how much more time (default: snooze in config.toml, 1m).",
                                 valueName: "label-and-duration"))
    var words: [String] = []

    @OptionGroup var config: ConfigPathOption
    @OptionGroup var data: DataDirectoryOption

    mutating func run() throws {
        let settings = try config.load()
        let alarmCap = settings.alarmCap.nanoseconds
        let store = try CommandLineStore(data)
        let saved = try store.load()
        let now = store.now
        let ringing = saved.countdowns.filter { $0.state(at: now, alarmCap: alarmCap) == .ringing }
        let request: SnoozeArguments
        switch SnoozeArguments.parse(words, labels: ringing.map(\.label)) {
        case .success(let parsed): request = parsed
        case .failure(let error):
            Output.standardError("noodle: \(error)\n")
            throw ExitCode(2)
        }
        let amount = request.duration ?? settings.snooze
        let countdown: SavedCountdown
        if let label = request.label {
            switch try NamedCountdown.find(label, among: ringing, kind: "ringing", in: saved, now: now, alarmCap: alarmCap) {
            case .one(let found): countdown = found
            case .other(let other):
                Output.standardError("noodle: \(NamedCountdown.name(other)) is not ringing (\(NamedCountdown.standing(other, now: now, alarmCap: alarmCap))); snooze gives a ringing countdown more time\n")
                throw ExitCode(2)
            }
        } else {
            switch ringing.count {
            case 0:
                Output.standardError("noodle: nothing is ringing\n")
                throw ExitCode(2)
            case 1: countdown = ringing[0]
            default: throw NamedCountdown.several(ringing, named: nil, now: now, alarmCap: alarmCap, hint: " (noodle snooze LABEL)")
            }
        }
        // On a ringing countdown, added time means running again with that much left.
        try store.apply([.addTime(id: countdown.id, amount: amount.nanoseconds, at: now)])
        let name = NamedCountdown.name(countdown)
        guard let after = try store.countdown(id: countdown.id) else {
            Output.standardError("noodle: \(name) was removed meanwhile; nothing snoozed\n")
            throw ExitCode(2)
        }
        guard after.state == .running, let deadline = after.deadline else {
            Output.standardError("noodle: \(name) was changed meanwhile (\(NamedCountdown.standing(after, now: now, alarmCap: alarmCap))); nothing snoozed\n")
            throw ExitCode(2)
        }
        let left = deadline - now
        Output.standardOutput("Snoozed \(name): rings again at \(CommandLineStore.clockTime(in: left)), in \(DurationFormat.countdown(.nanoseconds(left))).\n")
    }
}
