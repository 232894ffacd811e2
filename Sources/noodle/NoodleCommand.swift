import ArgumentParser
import Glibc

@main
struct NoodleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "noodle",
        abstract: "A terminal dashboard for a stopwatch with laps, ramen countdowns and bookmarks.",
        discussion: "Press ? inside the dashboard for every key.",
        version: NoodleVersion.current
    )

    @Flag(name: .customLong("no-color"), help: "Use attributes only, no colour (NO_COLOR does the same).")
    var noColor = false

    @Option(name: .customLong("notify"), help: "Desktop notifications: auto, osc9, osc777, osc99, notify-send or none.")
    var notify: String = "auto"

    @Option(
        name: .customLong("on-done"), parsing: .upToNextOption,
        help: "A program and its arguments to run when a countdown finishes, without a shell; it gets NOODLE_LABEL, NOODLE_DURATION and NOODLE_OVERTIME."
    )
    var onDone: [String] = []

    @Flag(name: .customLong("flash"), help: "Also flash the screen when a countdown finishes.")
    var flash = false

    @Option(name: .customLong("data-dir"), help: ArgumentHelp("Where the database lives (default: $XDG_DATA_HOME/noodle, or ~/.local/share/noodle).", valueName: "folder"))
    var dataDirectory: String?

    @Option(name: .customLong("step-cue"), help: "How a countdown's timed step is marked: bell, flash or none.")
    var stepCue: String = "bell"

    func validate() throws {
        guard AlarmOptions.StepCue(rawValue: stepCue) != nil else {
            throw ValidationError("--step-cue takes one of: bell, flash, none")
        }
        guard NotificationMethod(rawValue: notify) != nil else {
            throw ValidationError("--notify takes one of: " + NotificationMethod.allCases.map(\.rawValue).joined(separator: ", "))
        }
    }

    /// Runs the dashboard on the main thread, which becomes the loop's thread and never returns.
    mutating func run() throws {
        if let problem = TerminalUnusable.check(environment: getenv("TERM").map { String(cString: $0) }) {
            FileHandleOutput.standardError("noodle: \(problem)\n")
            throw ExitCode(2)
        }
        let session: Session
        do {
            session = try Session.open(dataDirectory: dataDirectory, environment: ProcessEnvironment.values)
            // Also on stderr, which the shell shows once the dashboard has closed, in full.
            if let warning = session.warning { FileHandleOutput.standardError("noodle: \(warning)\n") }
        } catch {
            FileHandleOutput.standardError("noodle: \(error)\n")
            throw ExitCode(2)
        }
        let noColorEnvironment = getenv("NO_COLOR").map { String(cString: $0) }.map { !$0.isEmpty } ?? false
        let signalPipe = SignalPipe.install()
        let useColor = !(noColor || noColorEnvironment)
        let notifier = Notifier(method: NotificationMethod(rawValue: notify) ?? .auto, environment: ProcessEnvironment.values)
        let hook = onDone
        let options = AlarmOptions(flash: flash, stepCue: AlarmOptions.StepCue(rawValue: stepCue) ?? .bell)
        Task { @LoopActor in
            let app = App(terminal: Terminal(useColor: useColor), notifier: notifier, doneHook: hook, options: options, session: session)
            Glibc.exit(await app.run())
        }
        LoopExecutor.shared.runForever(signalPipe: signalPipe, storeWatch: session.watcher?.fileDescriptor ?? -1)
    }
}

enum NoodleVersion {
    static let current = "0.1.0"
}

enum FileHandleOutput {
    static func standardError(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
