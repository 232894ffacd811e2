import ArgumentParser
import NoodleCore

/// `noodle ack tea`: stops a ringing countdown's alarm from any shell; every open dashboard
/// sees the stored acknowledgement and goes quiet.
struct AckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ack",
        abstract: "Stop the alarm of a ringing countdown, as Enter does in the dashboard.",
        discussion: """
        With a LABEL, the ringing countdown with that label, or the only one whose label starts \
        with it (case and extra spaces do not count): `noodle ack tea`, `noodle ack shin ramyun`, \
        `noodle ack 신라면`, or `noodle ack '#12'` by the id an error lists. With no LABEL, the \
        only ringing countdown; when several ring, nothing is stopped and they are listed (say \
        which, or use --all). --all stops every ringing countdown, as s does in the dashboard.

        The countdown stays, counting overtime, until removed (noodle rm). Every open dashboard \
        stops ringing at once.

        Exit status: 0 when the alarm is stopped, and also when nothing (or not that countdown) \
        was ringing, since nothing rings afterwards either way; 2 when LABEL names no countdown, \
        or several, or several ring and none was named.
        """
    )

    @Flag(help: "Stop every ringing countdown.")
    var all = false

    @Argument(help: ArgumentHelp("The ringing countdown's label, or its start; #id for one of several with the same label.", valueName: "label"))
    var label: [String] = []

    @OptionGroup var config: ConfigPathOption
    @OptionGroup var data: DataDirectoryOption

    func validate() throws {
        if all, !label.isEmpty { throw ValidationError("--all stops every ringing countdown: give it no label") }
    }

    mutating func run() throws {
        let alarmCap = try config.load().alarmCap.nanoseconds
        let store = try CommandLineStore(data)
        let saved = try store.load()
        let now = store.now
        let ringing = saved.countdowns.filter { $0.state(at: now, alarmCap: alarmCap) == .ringing }
        if all {
            guard !ringing.isEmpty else { return Output.standardOutput("Nothing is ringing.\n") }
            // Also what started ringing meanwhile in a dashboard, as its s does.
            try store.apply(ringing.flatMap(\.acknowledgement) + [.silenceAll])
            Output.standardOutput("Stopped the alarm of " + ringing.map(NamedCountdown.name).joined(separator: ", ") + ".\n")
            return
        }
        let countdown: SavedCountdown
        if label.isEmpty {
            switch ringing.count {
            case 0: return Output.standardOutput("Nothing is ringing.\n")
            case 1: countdown = ringing[0]
            default: throw NamedCountdown.several(ringing, named: nil, now: now, alarmCap: alarmCap, hint: " (noodle ack LABEL), or stop them all with --all")
            }
        } else {
            switch try NamedCountdown.find(label.joined(separator: " "), among: ringing, kind: "ringing", in: saved, now: now, alarmCap: alarmCap) {
            case .one(let found): countdown = found
            case .other(let other):
                return Output.standardOutput("\(NamedCountdown.name(other)) is not ringing (\(NamedCountdown.standing(other, now: now, alarmCap: alarmCap))).\n")
            }
        }
        try store.apply(countdown.acknowledgement)
        let name = NamedCountdown.name(countdown)
        guard let after = try store.countdown(id: countdown.id) else {
            return Output.standardOutput("\(name) was removed meanwhile; nothing rings.\n")
        }
        switch after.state {
        case .done: Output.standardOutput("Stopped \(name)'s alarm.\n")
        default: Output.standardOutput("\(name) was changed meanwhile: \(NamedCountdown.standing(after, now: now, alarmCap: alarmCap)).\n")
        }
    }
}
