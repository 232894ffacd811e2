import ArgumentParser
import NoodleCore

/// A LABEL on the command line turned into the one countdown it names (`CountdownMatch`), or
/// the command ends with status 2 and a message listing what it could mean.
enum NamedCountdown {
    enum Found {
        /// Among the countdowns the command acts on.
        case one(SavedCountdown)
        /// Named, but not one the command acts on (`noodle pause tea` on a paused tea): the
        /// command says why.
        case other(SavedCountdown)
    }

    /// `candidates`: the countdowns the command acts on (`noodle ack`: the ringing ones), searched
    /// first, so `noodle ack te` means the ringing tea beside a running teapot. `kind` describes
    /// them in messages (`ringing`); `saved` holds every countdown, for when none of them matches.
    static func find(_ label: String, among candidates: [SavedCountdown], kind: String, in saved: SavedState, now: Int64, alarmCap: Int64) throws -> Found {
        switch CountdownMatch.find(label, in: candidates) {
        case .one(let countdown): return .one(countdown)
        case .several(let countdowns): throw several(countdowns, named: label, now: now, alarmCap: alarmCap)
        case .none: break
        }
        if case .one(let countdown) = CountdownMatch.find(label, in: saved.countdowns) { return .other(countdown) }
        var message = "noodle: no \(kind.isEmpty ? "" : kind + " ")countdown is called \(quoted(label)) or has a label starting with it"
        if saved.countdowns.isEmpty {
            message += "; there are no countdowns\n"
        } else {
            message += "; the countdowns are:\n" + CountdownMatch.listing(saved.countdowns, now: now, alarmCap: alarmCap)
        }
        Output.standardError(message)
        throw ExitCode(2)
    }

    /// The error for a name (or no name) that fits several countdowns, listing them.
    static func several(_ countdowns: [SavedCountdown], named label: String?, now: Int64, alarmCap: Int64, hint: String = "") -> ExitCode {
        let what = label.map { "\(quoted($0)) matches \(countdowns.count) countdowns" } ?? "\(countdowns.count) countdowns ring"
        Output.standardError("noodle: \(what); name one by its label, or by '#id' for equal labels\(hint):\n"
            + CountdownMatch.listing(countdowns, now: now, alarmCap: alarmCap))
        return ExitCode(2)
    }

    /// `"tea"`, made safe to print.
    static func quoted(_ label: String) -> String {
        "\"" + PrintableText.clean(label) + "\""
    }

    /// A countdown's name in a message: its label made safe to print, or its id.
    static func name(_ countdown: SavedCountdown) -> String {
        countdown.label.isEmpty ? "countdown #\(countdown.id)" : PrintableText.clean(countdown.label)
    }

    /// `running, 2:31 left`, `ringing, -0:12`, `paused, 2:31 left`, `done`.
    static func standing(_ countdown: SavedCountdown, now: Int64, alarmCap: Int64) -> String {
        let state = countdown.state(at: now, alarmCap: alarmCap)
        let left = countdown.timeLeft(at: now)
        switch state {
        case .running, .paused: return "\(state.rawValue), \(DurationFormat.countdown(left)) left"
        case .ringing: return "ringing, \(DurationFormat.countdown(left))"
        case .missed, .done: return state == .missed ? "missed" : "finished and stopped"
        }
    }
}
