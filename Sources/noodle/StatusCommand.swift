import ArgumentParser
import Glibc
import NoodleConfig
import NoodleCore
import NoodleStore
import NoodleViews

/// `noodle status`: one short line for tmux's status-right, i3blocks, waybar or a prompt.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print one short line for a status bar: what rings, the next countdown, the stopwatch.",
        discussion: """
        The line reads `🍜 Shin 2:31 · ⏱ 12:04`, or `🔔 Shin -0:12` while a countdown rings; \
        without a UTF-8 locale (or with --ascii) it reads `Shin 2:31 | SW 12:04` and `!Shin -0:12`. \
        With nothing running it is empty. A countdown whose time ran out while no dashboard was \
        open counts as ringing until alarm_cap (config.toml, 5 minutes by default) has passed.

        --format replaces these placeholders, each with plain text or with nothing when it does \
        not apply: {ringing} (every ringing countdown, `egg -0:12`), {timer} (the countdown due \
        next, `Shin 2:31`), {timer_label}, {timer_left}, {stopwatch} (the running stopwatch, \
        `12:04`), {count} (how many countdowns run). When all of them are empty the line is empty.

        --json prints one line, version 1, whose shape stays as long as version is 1 (fields \
        may be added, never changed or removed):
          {"version":1,
           "text":"🔔 egg -0:12 · 🍜 Shin 2:31 · ⏱ 12:04",
           "tooltip":"🔔 egg -0:12\\n🍜 Shin 2:31\\n⏱ 12:04",
           "class":"ringing",
           "ringing":[{"label":"egg","overtime_seconds":12}],
           "timers":[{"label":"Shin","state":"running",
                      "remaining_seconds":151}],
           "stopwatch":{"running":true,"elapsed_seconds":724,"laps":3}}
        Numbers are whole seconds. timers holds running and paused countdowns (state \
        "running" or "paused"), in the order they were added. text is the line plain status \
        prints; tooltip has one line for each ringing, running or paused countdown and for the \
        stopwatch; class is "ringing", "running" (a countdown or the stopwatch runs) or "idle". \
        These three are what waybar's custom module reads with "return-type": "json".

        --follow keeps running and prints the line again (in any of these forms) each time it \
        reads differently: on every change to the database and every second something counts. \
        It waits on the data folder through inotify, never polling the database; with nothing \
        running it wakes only when something is written. It may start before the database \
        exists. SIGINT, SIGTERM, SIGHUP or its reader going away end it with status 0.

        --max-width N cuts the line (or the filled-in template) to N columns, between whole \
        characters, ending in an ellipsis (~ without UTF-8) when something was cut.

        Exit status: 0 when nothing rings, 1 when a countdown rings, 2 on an error. With \
        --follow the status says nothing about ringing (use class or ringing in the JSON): 0 \
        when stopped, 2 on an error.
        For tmux: set -g status-right '#(noodle status --max-width 60)', set -g status-interval 1 \
        and set -g status-right-length 80 (tmux cuts at 40 columns otherwise).
        """
    )

    @Option(help: ArgumentHelp("Print this template with its placeholders filled in (see below).", valueName: "template"))
    var format: String?

    @Flag(help: "Print JSON instead of a line of text.")
    var json = false

    @Flag(help: "Use ASCII symbols whatever the locale says.")
    var ascii = false

    @Option(help: ArgumentHelp("Cut the line to this many columns, between whole characters, with an ellipsis.", valueName: "columns"))
    var maxWidth: Int?

    @Flag(help: "Keep running, printing the line again whenever it changes.")
    var follow = false

    @Option(name: .customLong("config"), help: ArgumentHelp("Read alarm_cap from this file instead of the default config.toml.", valueName: "path"))
    var configPath: String?

    @OptionGroup var data: DataDirectoryOption

    func validate() throws {
        if json, format != nil { throw ValidationError("--json and --format cannot be used together") }
        if json, maxWidth != nil { throw ValidationError("--max-width cuts the line of text; JSON is never cut") }
        if let maxWidth, maxWidth < 1 { throw ValidationError("--max-width needs at least 1 column") }
    }

    mutating func run() throws {
        let environment = ProcessEnvironment.values
        let alarmCap = try Self.alarmCap(configPath: configPath, environment: environment)
        let utf8 = !ascii && StatusSummary.localeIsUTF8(environment: environment)
        if follow {
            let shown: StatusSummary.Shown = json ? .everything : .line
            var follower = StatusFollower(directory: data.directory, alarmCap: alarmCap, shown: shown) { [self] in try line($0, utf8: utf8) }
            return try follower.run()
        }
        var (saved, clock) = try SavedStateReader.read(directory: data.directory)
        let now = clock.now()
        // As the dashboard takes them in: times from a wall clock since set back, within reason.
        StoreOperation.clampToClock(at: now).apply(to: &saved)
        let summary = StatusSummary(saved, now: now, alarmCap: alarmCap.nanoseconds)
        Output.standardOutput(try line(summary, utf8: utf8) + "\n")
        if summary.isRinging { throw ExitCode(1) }
    }

    /// The line for `summary` as asked for: JSON, the filled-in template or the text, then cut.
    private func line(_ summary: StatusSummary, utf8: Bool) throws -> String {
        var line: String
        if json {
            line = summary.json(utf8 ? .utf8 : .ascii)
        } else if let format {
            do {
                line = try summary.render(template: format)
            } catch {
                Output.standardError("noodle: \(error)\n")
                throw ExitCode(2)
            }
        } else {
            line = summary.text(utf8 ? .utf8 : .ascii)
        }
        if let maxWidth { line = TextWidth.clip(line, to: maxWidth, ellipsis: utf8 ? "…" : "~") }
        return line
    }

    /// The config's alarm cap, so a countdown stops counting as ringing when the dashboard would
    /// stop ringing it. Warnings are not repeated here every second: the dashboard shows them.
    static func alarmCap(configPath: String?, environment: [String: String]) throws -> Duration {
        do {
            return try ConfigFile.load(path: configPath ?? ConfigFile.defaultPath(environment: environment)).config.alarmCap
        } catch {
            Output.standardError("noodle: \(error)\n")
            throw ExitCode(2)
        }
    }
}

/// The stored state for the commands that only read it.
enum SavedStateReader {
    /// What is stored in `directory`, and the clock its times are read on; nothing when no
    /// database has been made there yet, which is not created just to be read.
    static func read(directory: String) throws -> (SavedState, StoredClock) {
        let path = directory.hasSuffix("/") ? directory + StoreLocation.fileName : directory + "/" + StoreLocation.fileName
        if access(path, F_OK) != 0 { return (SavedState(), .fromWallClock) }
        do {
            let store = try Store(directory: directory)
            if let note = store.recoveryNote { Output.standardError("noodle: \(note)\n") }
            return (try store.load(), try store.recordedClock())
        } catch {
            Output.standardError("noodle: \(error)\n")
            throw ExitCode(2)
        }
    }
}
