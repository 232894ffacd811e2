import NoodleConfig
import Testing
@testable import noodle

@Suite("Dashboard settings: command line over config over defaults")
struct DashboardSettingsMergeTests {
    @Test("with no config and no options, the settings are the defaults")
    func defaults() {
        let settings = DashboardSettings(config: Config(), commandLine: DashboardOptions(), environment: [:])
        let plain = DashboardSettings()
        #expect(settings.theme == plain.theme)
        #expect(settings.useColor == plain.useColor)
        #expect(settings.frameRateCap == plain.frameRateCap)
        #expect(settings.showCentiseconds == plain.showCentiseconds)
        #expect(settings.bellInterval == plain.bellInterval)
        #expect(settings.alarmCap == plain.alarmCap)
        #expect(settings.alarm.flash == plain.alarm.flash && settings.alarm.stepCue == plain.alarm.stepCue)
        #expect(settings.notify == plain.notify)
        #expect(settings.onDone == plain.onDone)
        #expect(settings.dataDirectory == nil)
    }

    @Test("the config's values reach the settings")
    func fromConfig() {
        var config = Config()
        config.theme = "nord"
        config.frameRateCap = 12
        config.showCentiseconds = false
        config.bellInterval = .seconds(7)
        config.alarmCap = .seconds(60)
        config.flash = true
        config.notify = "notify-send"
        config.onDone = ["paplay", "done.oga"]
        config.stepCue = "none"
        let settings = DashboardSettings(config: config, commandLine: DashboardOptions(), environment: [:])
        #expect(settings.theme == "nord")
        #expect(settings.frameRateCap == 12)
        #expect(!settings.showCentiseconds)
        #expect(settings.bellInterval == .seconds(7))
        #expect(settings.alarmCap == .seconds(60))
        #expect(settings.alarm.flash)
        #expect(settings.alarm.stepCue == .none)
        #expect(settings.notify == .notifySend)
        #expect(settings.onDone == ["paplay", "done.oga"])
    }

    @Test("the command line wins over the config, both ways for --flash/--no-flash")
    func commandLineWins() {
        var config = Config()
        config.theme = "nord"
        config.flash = true
        config.notify = "osc9"
        config.onDone = ["paplay", "done.oga"]
        config.stepCue = "flash"
        let options = DashboardOptions(
            theme: "/tmp/mine.toml", notify: NotificationMethod.none, onDone: ["say", "done"], flash: false,
            stepCue: .bell, dataDirectory: "/tmp/data"
        )
        let settings = DashboardSettings(config: config, commandLine: options, environment: [:])
        #expect(settings.theme == "/tmp/mine.toml")
        #expect(!settings.alarm.flash)
        #expect(settings.notify == NotificationMethod.none)
        #expect(settings.onDone == ["say", "done"])
        #expect(settings.alarm.stepCue == .bell)
        #expect(settings.dataDirectory == "/tmp/data")
        #expect(DashboardSettings(config: Config(), commandLine: DashboardOptions(flash: true), environment: [:]).alarm.flash)
    }

    @Test("colour is off with --no-color or a non-empty NO_COLOR", arguments: [
        (false, [String: String](), true),
        (true, [:], false),
        (false, ["NO_COLOR": "1"], false),
        (false, ["NO_COLOR": ""], true),
    ])
    func colour(_ noColor: Bool, _ environment: [String: String], _ useColor: Bool) {
        let settings = DashboardSettings(config: Config(), commandLine: DashboardOptions(noColor: noColor), environment: environment)
        #expect(settings.useColor == useColor)
    }

    @Test("every notify and step_cue value the config accepts is one the dashboard knows")
    func configChoicesMatch() {
        #expect(Config.notifyMethods == NotificationMethod.allCases.map(\.rawValue))
        #expect(Config.stepCues == AlarmOptions.StepCue.allCases.map(\.rawValue))
    }
}
