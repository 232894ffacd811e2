import ArgumentParser
import Glibc
import NoodleConfig

/// `noodle` and `noodle dashboard`: the full-screen dashboard.
struct DashboardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dashboard",
        abstract: "Open the dashboard (what noodle does without a subcommand).",
        discussion: """
        Press ? inside the dashboard for every key. Settings come from config.toml \
        ($XDG_CONFIG_HOME/noodle/config.toml, or ~/.config/noodle/config.toml; see \
        config.example.toml); options given here win over the file.
        """
    )

    @Option(name: .customLong("theme"), help: ArgumentHelp("A theme's name, or the path to a theme file.", valueName: "name|path"))
    var theme: String?

    @Option(name: .customLong("config"), help: ArgumentHelp("Read settings from this file instead of the default config.toml.", valueName: "path"))
    var configPath: String?

    @Flag(name: .customLong("no-color"), help: "Use attributes only, no colour (NO_COLOR does the same).")
    var noColor = false

    @Option(name: .customLong("notify"), help: "Desktop notifications: auto, osc9, osc777, osc99, notify-send or none.")
    var notify: String?

    @Option(
        name: .customLong("on-done"), parsing: .upToNextOption,
        help: "A program and its arguments to run when a countdown finishes, without a shell; it gets NOODLE_LABEL, NOODLE_DURATION and NOODLE_OVERTIME."
    )
    var onDone: [String] = []

    @Flag(inversion: .prefixedNo, help: "Also flash the screen when a countdown finishes (--no-flash overrides the config).")
    var flash: Bool?

    @Option(name: .customLong("step-cue"), help: "How a countdown's timed step is marked: bell, flash or none.")
    var stepCue: String?

    @Option(name: .customLong("sound"), help: ArgumentHelp("The alarm's sound: theme (the desktop's alarm-clock-elapsed), none, or the path of a sound file.", valueName: "theme|none|path"))
    var sound: String?

    @OptionGroup var data: DataDirectoryOption

    func validate() throws {
        if let sound {
            do {
                _ = try Config.Sound(sound, home: ProcessEnvironment.values["HOME"] ?? "")
            } catch {
                throw ValidationError("--sound \(error.description)")
            }
        }
        if let stepCue, AlarmOptions.StepCue(rawValue: stepCue) == nil {
            throw ValidationError("--step-cue takes one of: " + AlarmOptions.StepCue.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if let notify, NotificationMethod(rawValue: notify) == nil {
            throw ValidationError("--notify takes one of: " + NotificationMethod.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if let theme, theme.isEmpty {
            throw ValidationError("--theme takes a theme's name or the path to a theme file")
        }
    }

    /// Checks everything that can fail while the terminal is still the shell's, so each failure
    /// is a plain message on stderr with exit status 2; then runs the dashboard's loop on the
    /// main thread until the program exits.
    mutating func run() throws {
        if let problem = Terminal.unusable(environment: getenv("TERM").map { String(cString: $0) }) {
            Output.standardError("noodle: \(problem)\n")
            throw ExitCode(2)
        }
        let environment = ProcessEnvironment.values
        let config = try Self.loadConfig(explicitPath: configPath, environment: environment)
        let session: Session
        do {
            session = try Session.open(dataDirectory: data.path, environment: environment)
            // Also on stderr, which the shell shows once the dashboard has closed, in full.
            if let warning = session.warning { Output.standardError("noodle: \(warning)\n") }
        } catch {
            Output.standardError("noodle: \(error)\n")
            throw ExitCode(2)
        }
        var settings = DashboardSettings(config: config, commandLine: commandLine, environment: environment)
        settings.configPath = configPath ?? ConfigFile.defaultPath(environment: environment)
        // Before curses starts: a signal from then on is read by the loop, never the default action.
        let signalFD = SignalPipe.install()
        let app = App(terminal: Terminal(useColor: settings.useColor), settings: settings, session: session)
        let poller = EventPoller(
            signalFD: signalFD, storeFD: session.watcher?.fileDescriptor ?? -1, reportFD: session.writer.fileDescriptor,
            soundFD: app.sound?.fileDescriptor ?? -1
        )
        // exit rather than return: the writer's thread never ends, and nothing is left to unwind.
        Glibc.exit(app.run(poller))
    }

    var commandLine: DashboardOptions {
        DashboardOptions(
            theme: theme, noColor: noColor, notify: notify.flatMap(NotificationMethod.init(rawValue:)),
            onDone: onDone, flash: flash, stepCue: stepCue.flatMap(AlarmOptions.StepCue.init(rawValue:)),
            sound: sound.flatMap { try? Config.Sound($0, home: ProcessEnvironment.values["HOME"] ?? "") }, dataDirectory: data.path
        )
    }

    /// The config at `--config`, or at the default path; its warnings go to stderr, and an error
    /// ends noodle with status 2. A `--config` file that does not exist is an error (a typo must
    /// not quietly mean the defaults); a missing default file is simply the defaults.
    static func loadConfig(explicitPath: String?, environment: [String: String]) throws -> Config {
        let path = explicitPath ?? ConfigFile.defaultPath(environment: environment)
        if explicitPath != nil, access(path, F_OK) != 0 {
            Output.standardError("noodle: \(path): no such config file\n")
            throw ExitCode(2)
        }
        do {
            let (config, warnings) = try ConfigFile.load(path: path)
            for warning in warnings { Output.standardError("noodle: \(warning)\n") }
            return config
        } catch {
            Output.standardError("noodle: \(error)\n")
            throw ExitCode(2)
        }
    }
}

/// What the dashboard's command line said; nil (or empty) where it said nothing, so the config
/// file's value stands.
struct DashboardOptions: Sendable, Equatable {
    var theme: String?
    var noColor = false
    var notify: NotificationMethod?
    var onDone: [String] = []
    var flash: Bool?
    var stepCue: AlarmOptions.StepCue?
    var sound: Config.Sound?
    var dataDirectory: String?
}

extension DashboardSettings {
    /// The command line over the config file over the defaults. Colour is off when either
    /// `--no-color` or a non-empty NO_COLOR says so.
    init(config: Config, commandLine: DashboardOptions, environment: [String: String]) {
        self.init()
        theme = commandLine.theme ?? config.theme
        frameRateCap = config.frameRateCap
        showCentiseconds = config.showCentiseconds
        bellInterval = config.bellInterval
        alarmCap = config.alarmCap
        timerOrder = config.timerOrder
        snooze = config.snooze
        autoClear = config.autoClear
        alarm = AlarmOptions(
            flash: commandLine.flash ?? config.flash,
            stepCue: commandLine.stepCue ?? AlarmOptions.StepCue(rawValue: config.stepCue) ?? .bell
        )
        sound = commandLine.sound ?? config.sound
        volume = config.volume
        warnBefore = config.warnBefore
        notify = commandLine.notify ?? NotificationMethod(rawValue: config.notify) ?? .auto
        onDone = commandLine.onDone.isEmpty ? config.onDone : commandLine.onDone
        useColor = !(commandLine.noColor || !(environment["NO_COLOR"] ?? "").isEmpty)
        dataDirectory = commandLine.dataDirectory
    }
}
