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

    /// Runs the dashboard on the main thread, which becomes the loop's thread and never returns.
    mutating func run() throws {
        if let problem = TerminalUnusable.check(environment: getenv("TERM").map { String(cString: $0) }) {
            FileHandleOutput.standardError("noodle: \(problem)\n")
            throw ExitCode(2)
        }
        let noColorEnvironment = getenv("NO_COLOR").map { String(cString: $0) }.map { !$0.isEmpty } ?? false
        let signalPipe = SignalPipe.install()
        let useColor = !(noColor || noColorEnvironment)
        Task { @LoopActor in
            let status = await App(terminal: Terminal(useColor: useColor)).run()
            Glibc.exit(status)
        }
        LoopExecutor.shared.runForever(signalPipe: signalPipe)
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
