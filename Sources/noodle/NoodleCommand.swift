import ArgumentParser
import Glibc
import NoodleStore

/// The root command: `noodle` alone opens the dashboard, and the other subcommands work on the
/// same database without one, for scripts and status bars.
@main
struct NoodleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "noodle",
        abstract: "A terminal dashboard for a stopwatch with laps, ramen countdowns and bookmarks.",
        discussion: """
        Without a subcommand, noodle opens the dashboard; press ? inside it for every key.
        Exit status: 0 on success, 1 from `noodle status` while a countdown rings, 2 on any error.
        Shell completions: noodle --generate-completion-script bash|zsh|fish.
        """,
        version: NoodleVersion.current,
        subcommands: [
            DashboardCommand.self, AddCommand.self, AckCommand.self, SnoozeCommand.self, PauseCommand.self, ResumeCommand.self,
            RemoveCommand.self, StopwatchCommand.self, StatusCommand.self, LapsCommand.self, CatalogCommand.self, ThemesCommand.self,
        ],
        defaultSubcommand: DashboardCommand.self
    )

    /// Runs the command line as ArgumentParser's own `main` does, except for the exit status:
    /// ArgumentParser uses 64 for usage errors and 1 for others, and noodle promises 2 for every
    /// error, keeping 1 for `noodle status` to say that something rings. Help, `--version` and
    /// completion scripts still go to stdout with status 0.
    static func main() {
        let command: ParsableCommand
        do {
            let names = configuration.subcommands.compactMap { $0.configuration.commandName }
            command = try parseAsRoot(LeadingOptions.subcommandFirst(Array(CommandLine.arguments.dropFirst()), subcommands: names))
        } catch {
            finish(error, ringingAllowed: false)
        }
        do {
            var command = command
            try command.run()
        } catch {
            finish(error, ringingAllowed: command is StatusCommand)
        }
        Glibc.exit(0)
    }

    private static func finish(_ error: any Error, ringingAllowed: Bool) -> Never {
        let code = exitCode(for: error).rawValue
        let message = fullMessage(for: error)
        if code == 0 {
            if !message.isEmpty { Output.standardOutput(message + "\n") }
            Glibc.exit(0)
        }
        if !message.isEmpty { Output.standardError(message + "\n") }
        Glibc.exit(code == 1 && ringingAllowed ? 1 : 2)
    }
}

enum NoodleVersion {
    static let current = "0.1.0"
}

/// Writes straight to the file descriptors, bypassing stdio's buffers, so nothing written is
/// lost when a command ends with `exit`.
enum Output {
    static func standardOutput(_ text: String) {
        _ = write(text, to: STDOUT_FILENO)
    }

    /// False when the text could not all be written: a follower takes EPIPE as its reader gone.
    static func standardOutputDelivered(_ text: String) -> Bool {
        write(text, to: STDOUT_FILENO)
    }

    static func standardError(_ text: String) {
        _ = write(text, to: STDERR_FILENO)
    }

    private static func write(_ text: String, to descriptor: Int32) -> Bool {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

/// `--data-dir`, shared by every subcommand that opens the database.
struct DataDirectoryOption: ParsableArguments {
    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp("Where the database lives (default: $XDG_DATA_HOME/noodle, or ~/.local/share/noodle).", valueName: "folder")
    )
    var path: String?

    /// The folder to use: the option's, else the XDG default.
    var directory: String {
        path ?? StoreLocation.directory(environment: ProcessEnvironment.values)
    }
}
