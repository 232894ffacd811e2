import Glibc
import NoodleCore

/// What the user can set in config.toml, each with the default the dashboard uses when the file
/// does not set it. Options on the command line override these.
public struct Config: Equatable, Sendable {
    /// `theme`: a theme's name or a path to a theme file; nil means the default theme.
    public var theme: String?
    /// `frame_rate_cap`: the most frames a second the dashboard draws.
    public var frameRateCap = 30
    /// `centiseconds`: whether the stopwatch shows hundredths of a second.
    public var showCentiseconds = true
    /// `bell_interval`: how often a ringing countdown rings the bell again.
    public var bellInterval: Duration = .seconds(3)
    /// `alarm_cap`: how long an unacknowledged alarm rings before it goes quiet as missed.
    public var alarmCap: Duration = .seconds(300)
    /// `flash`: also flash the screen when a countdown finishes.
    public var flash = false
    /// `notify`: how a finished countdown reaches the desktop (one of `notifyMethods`).
    public var notify = "auto"
    /// `on_done`: a program and its arguments run when a countdown finishes, without a shell.
    public var onDone: [String] = []
    /// `step_cue`: how a countdown's timed step is marked (one of `stepCues`).
    public var stepCue = "bell"
    /// `timer_order`: how the Timers panel orders its rows.
    public var timerOrder = TimerOrder.status
    /// `auto_clear`: how long an acknowledged countdown stays before it is cleared; nil keeps it.
    public var autoClear: Duration?
    /// `snooze`: how much more time `z` in the dashboard, and `noodle snooze` when not told, give a ringing countdown.
    public var snooze: Duration = .seconds(60)
    /// `sound`: what the alarm plays through the desktop's sound server.
    public var sound = Sound.theme
    /// `volume`: the alarm sound's loudness, in percent of full.
    public var volume = 100
    /// `warn_before`: how long before a countdown's end a soft cue and a notification come; nil for none.
    public var warnBefore: Duration?

    public enum Sound: Equatable, Sendable {
        /// The freedesktop sound theme's events: `alarm-clock-elapsed`, and `complete` for cues.
        case theme
        case none
        /// A sound file of the user's, played for the alarm; cues keep the theme's soft sound.
        case file(String)

        /// `theme`, `none`, or the absolute path of a file this user can read (a leading `~/` is
        /// the home folder), as config.toml and `--sound` both take it; the error finishes a
        /// sentence that starts with the key or the option.
        public init(_ text: String, home: String) throws(SoundProblem) {
            switch text {
            case "theme": self = .theme
            case "none": self = .none
            case _ where text.hasPrefix("/"): self = .file(text)
            case _ where text.hasPrefix("~/"): self = .file(home + text.dropFirst())
            default: throw SoundProblem(description: "must be \"theme\", \"none\" or the absolute path of a sound file, not \"\(text)\"")
            }
            if case .file(let path) = self, access(path, R_OK) != 0 {
                throw SoundProblem(description: "names a file that cannot be read: \(path) (\(String(cString: strerror(errno))))")
            }
        }
    }

    public struct SoundProblem: Error, CustomStringConvertible {
        public let description: String
    }

    public init() {}

    public static let defaults = Config()

    public static let frameRateCapRange = 1 ... 60
    public static let bellIntervalRange: ClosedRange<Duration> = .seconds(1) ... .seconds(600)
    /// The alarm cap's ceiling; its floor is the bell interval.
    public static let longestAlarmCap: Duration = .seconds(24 * 3600)
    public static let notifyMethods = ["auto", "osc9", "osc777", "osc99", "notify-send", "none"]
    public static let stepCues = ["bell", "flash", "none"]
    public static let snoozeRange: ClosedRange<Duration> = .seconds(1) ... .seconds(3600)
    public static let volumeRange = 0 ... 100
    public static let warnBeforeRange: ClosedRange<Duration> = .seconds(1) ... .seconds(3600)
    public static let autoClearRange: ClosedRange<Duration> = .seconds(1) ... .seconds(24 * 3600)
}

/// Why config.toml cannot be used, naming the file, the line and the key, and what is allowed.
public struct ConfigError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    /// 1-based; nil when the problem has no one line (an unreadable file, a key not found in the text).
    public let line: Int?
    /// The key to fix, when the problem is one key's.
    public let key: String?
    public let problem: String

    public init(path: String, line: Int?, key: String?, problem: String) {
        self.path = path
        self.line = line
        self.key = key
        self.problem = problem
    }

    /// `config.toml:4: frame_rate_cap must be …`: the file and line first, as compilers write them,
    /// so an editor or a terminal can jump to the place.
    public var description: String {
        let place = path + (line.map { ":\($0)" } ?? "")
        return "\(place): " + (key.map { "\($0) " } ?? "") + problem
    }
}
