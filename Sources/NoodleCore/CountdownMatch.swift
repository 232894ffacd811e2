/// Countdowns named on the command line (`noodle ack tea`, `noodle pause 신라면`): by label, as
/// `NameMatch` matches, or by `#id` for the countdowns a label cannot tell apart (two called
/// `tea`, or one with no label), as the error listing several shows them.
public enum CountdownMatch {
    public static func find(_ query: String, in countdowns: [SavedCountdown]) -> NameMatch<SavedCountdown> {
        let trimmed = NameMatch<SavedCountdown>.fold(query)
        if trimmed.hasPrefix("#"), let id = Int(trimmed.dropFirst()), let countdown = countdowns.first(where: { $0.id == id }) {
            return .one(countdown)
        }
        return NameMatch.find(query, in: countdowns) { [$0.label] }
    }

    /// One line a countdown, for messages that list several: `  #3  -0:12  ringing  tea`, the
    /// times right-aligned so the labels (of any width) start in one column; labels made
    /// safe to print.
    public static func listing(_ countdowns: [SavedCountdown], now: Int64, alarmCap: Int64) -> String {
        let rows = countdowns.map { countdown in
            ("#\(countdown.id)", DurationFormat.countdown(countdown.timeLeft(at: now)), countdown.state(at: now, alarmCap: alarmCap).rawValue,
             countdown.label.isEmpty ? "(no label)" : PrintableText.clean(countdown.label))
        }
        let idWidth = rows.map(\.0.count).max() ?? 0
        let timeWidth = rows.map(\.1.count).max() ?? 0
        let stateWidth = rows.map(\.2.count).max() ?? 0
        return rows.map { id, time, state, label in
            "  " + id.padding(to: idWidth) + "  " + String(repeating: " ", count: timeWidth - time.count) + time
                + "  " + state.padding(to: stateWidth) + "  " + label + "\n"
        }.joined()
    }
}

private extension String {
    func padding(to width: Int) -> String {
        self + String(repeating: " ", count: max(0, width - count))
    }
}
