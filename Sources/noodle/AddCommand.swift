import ArgumentParser
import Glibc
import NoodleCatalog
import NoodleCore

/// `noodle add 4:30 Shin Ramyun`: starts a countdown from a shell. A dashboard that is open
/// picks it up by itself, since it watches the database.
struct AddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Start a countdown without opening the dashboard.",
        discussion: """
        The duration and label are read as the dashboard's prompt reads them: \
        `noodle add 4:30 Shin Ramyun`, `noodle add 4m30s`, `noodle add 90s egg`, `noodle add 1h5m`, \
        or a bare `noodle add 5` for five minutes. A clock time counts down to it: \
        `noodle add @12:30 tea`, `noodle add until 12:30 tea`, `@7:05:30`, `@12:30pm`, `@7am` \
        (a time already past today means tomorrow). An open dashboard shows the countdown at once \
        and rings when it finishes.

        --bookmark NAME starts a bookmarked ramen as Enter does on the Bookmarks panel: named \
        for the product, at your own time (else the pack's), with the catalog's steps and the \
        memo's [mm:ss] lines. NAME is the product's name, Korean name or catalog id, or the \
        start of one (case and extra spaces do not count): `noodle add --bookmark shin ramyun`, \
        `noodle add --bookmark 진라면`. A NAME that fits several bookmarks is an error listing them.
        """
    )

    @Argument(help: ArgumentHelp("How long: 4:30, 4m30s, 90s, 1h5m, or 5 for five minutes; or until when: @12:30, until 7pm.", valueName: "duration"))
    var duration: String?

    @Argument(help: ArgumentHelp("What the countdown is for, such as Shin Ramyun.", valueName: "label"))
    var label: [String] = []

    @Option(help: ArgumentHelp("Start a bookmarked ramen instead, by its name (the words after it continue the name).", valueName: "name"))
    var bookmark: String?

    @OptionGroup var data: DataDirectoryOption

    func validate() throws {
        if bookmark == nil, duration == nil { throw ValidationError("Missing expected argument '<duration>' (or --bookmark NAME)") }
    }

    mutating func run() throws {
        if let bookmark {
            // `noodle add --bookmark Shin Ramyun`: the words after the name are the rest of it.
            return try BookmarkCountdown.start(named: ([bookmark] + (duration.map { [$0] } ?? []) + label).joined(separator: " "), data: data)
        }
        guard let duration else { return }
        var input: DurationInput
        let wallNow = WallClock.nanoseconds()
        let seconds = wallNow / 1_000_000_000
        let wall = WallTime(secondsSinceEpoch: Double(wallNow) / 1e9)
        switch DurationInput.parse(([duration] + label).joined(separator: " "), at: wall, zone: LocalZone.current(at: seconds)) {
        case .success(let parsed): input = parsed
        case .failure(let error):
            Output.standardError("noodle: \(error)\n")
            throw ExitCode(2)
        }
        if let cut = TextLimit.prompt.cut(input.label) {
            input.label = cut
            Output.standardError("noodle: the label was cut to \(TextLimit.prompt.characters) characters, the most a countdown's label takes\n")
        }
        // To a clock time, from the exact moment rather than the Double the core measured from.
        let total = input.until.map { $0.moment * 1_000_000_000 - wallNow } ?? input.duration.nanoseconds
        // Deadlines are kept on the stored clock, which setting the wall clock does not move.
        let store = try CommandLineStore(data)
        // One operation, numbered by SQLite inside its transaction: concurrent adds never meet.
        try store.apply([.addCountdown(localID: 0, label: input.label, total: total, deadline: store.now + total, steps: [], cuedSteps: 0)])
        let label = PrintableText.clean(input.label)
        let what = label.isEmpty ? "a \(DurationFormat.countdown(input.duration)) countdown" : "\(label) \(DurationFormat.countdown(input.duration))"
        // What a person reads is the wall clock's time of day.
        Output.standardOutput("Added \(what), done at \(WallClock.localTime(ofNanoseconds: wallNow + total, relativeTo: wallNow))\n")
    }
}

/// The wall clock, as stored: nanoseconds since the Unix epoch.
enum WallClock {
    static func nanoseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
    }

    /// `14:05` in local time; `02:10 tomorrow` or `14:05 on 2025-06-03` when not on `now`'s day.
    static func localTime(ofNanoseconds moment: Int64, relativeTo now: Int64) -> String {
        let then = localFields(moment / 1_000_000_000)
        let today = localFields(now / 1_000_000_000)
        let time = twoDigits(Int(then.tm_hour)) + ":" + twoDigits(Int(then.tm_min))
        if then.tm_year == today.tm_year, then.tm_yday == today.tm_yday { return time }
        // One day after today's noon, local time: tomorrow's date, daylight-saving changes included.
        var noon = today
        noon.tm_hour = 12
        noon.tm_min = 0
        noon.tm_sec = 0
        noon.tm_mday += 1
        noon.tm_isdst = -1
        let seconds = mktime(&noon)
        let tomorrow = localFields(Int64(seconds))
        if then.tm_year == tomorrow.tm_year, then.tm_yday == tomorrow.tm_yday { return time + " tomorrow" }
        return time + " on \(then.tm_year + 1900)-" + twoDigits(Int(then.tm_mon) + 1) + "-" + twoDigits(Int(then.tm_mday))
    }

    private static func localFields(_ seconds: Int64) -> tm {
        var time = time_t(seconds)
        var fields = tm()
        localtime_r(&time, &fields)
        return fields
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
