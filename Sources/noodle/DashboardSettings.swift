import NoodleConfig
import NoodleCore

/// Everything the dashboard takes from config.toml and the command line, merged before curses
/// starts (the command line wins over the file, the file over these defaults).
struct DashboardSettings: Sendable {
    /// A theme name or a path to a theme file; nil means the default.
    var theme: String?
    var useColor = true
    var frameRateCap = 30
    var showCentiseconds = true
    var bellInterval: Duration = .seconds(3)
    /// How long an unacknowledged alarm rings before it goes quiet as missed.
    var alarmCap: Duration = .seconds(300)
    var timerOrder = TimerOrder.status
    /// How much more time z gives a ringing countdown.
    var snooze: Duration = .seconds(60)
    /// How long an acknowledged countdown stays; nil keeps it.
    var autoClear: Duration?
    var alarm = AlarmOptions()
    var sound = Config.Sound.theme
    /// The alarm sound's loudness, in percent.
    var volume = 100
    /// How long before a countdown's end its warning comes; nil for none.
    var warnBefore: Duration?
    var notify = NotificationMethod.auto
    var onDone: [String] = []
    var dataDirectory: String?
    /// The config file in use (or that would be): the theme picked with T is kept there.
    var configPath = ""
}
