import Foundation
import Testing
@testable import NoodleCore

/// Stored moments for the status tests: the clock reads `statusNow`, and every deadline is
/// written as seconds from it.
private let statusNow: Int64 = 1_700_000_000_000_000_000
private let second: Int64 = 1_000_000_000

private func running(_ label: String, in seconds: Double, id: Int = 1) -> SavedCountdown {
    let deadline = statusNow + Int64(seconds * 1e9)
    return SavedCountdown(id: id, label: label, total: 300 * second, state: .running, deadline: deadline, remaining: nil)
}

private func ringing(_ label: String, since seconds: Double, id: Int = 1) -> SavedCountdown {
    SavedCountdown(id: id, label: label, total: 300 * second, state: .ringing, deadline: statusNow - Int64(seconds * 1e9), remaining: nil)
}

private func paused(_ label: String, left seconds: Double, id: Int = 1) -> SavedCountdown {
    SavedCountdown(id: id, label: label, total: 300 * second, state: .paused, deadline: nil, remaining: Int64(seconds * 1e9))
}

private func summary(_ countdowns: [SavedCountdown], stopwatch: SavedStopwatch = SavedStopwatch(), laps: [Int64] = [],
                     alarmCap: Int64 = StatusSummary.defaultAlarmCap) -> StatusSummary {
    StatusSummary(SavedState(countdowns: countdowns, stopwatch: stopwatch, laps: laps), now: statusNow, alarmCap: alarmCap)
}

/// A stopwatch that has run for `seconds` and is still running.
private func runningStopwatch(_ seconds: Double) -> SavedStopwatch {
    SavedStopwatch(accumulated: 0, runningSince: statusNow - Int64(seconds * 1e9))
}

@Suite("noodle status")
struct StatusSummaryTests {
    @Test("nothing running is an empty line, and not ringing")
    func nothing() {
        let empty = summary([])
        #expect(empty.text(.utf8) == "")
        #expect(empty.text(.ascii) == "")
        #expect(!empty.isRinging)
        #expect(empty.json(.utf8) == #"{"version":1,"text":"","tooltip":"","class":"idle","ringing":[],"timers":[],"stopwatch":{"running":false,"elapsed_seconds":0,"laps":0}}"#)
    }

    @Test("missed and finished countdowns, and a stopped stopwatch, show nothing")
    func quietThings() {
        var done = running("tea", in: -10)
        done.state = .done
        var missed = running("egg", in: -900)
        missed.state = .missed
        let stopped = SavedStopwatch(accumulated: 65 * second, runningSince: nil)
        let quiet = summary([done, missed], stopwatch: stopped, laps: [30 * second])
        #expect(quiet.text(.utf8) == "")
        #expect(quiet.timers.isEmpty && quiet.ringing.isEmpty)
        #expect(quiet.json(.utf8).hasSuffix(#""stopwatch":{"running":false,"elapsed_seconds":65,"laps":1}}"#))
    }

    @Test("the nearest running countdown shows with its time left, rounded up as the dashboard shows it")
    func nearestRunning() {
        let state = summary([running("Jin", in: 200, id: 1), running("Shin", in: 150.2, id: 2), paused("Neoguri", left: 10, id: 3)])
        #expect(state.text(.utf8) == "🍜 Shin 2:31")
        #expect(state.text(.ascii) == "Shin 2:31")
        #expect(state.runningCount == 2)
        #expect(!state.isRinging)
    }

    @Test("paused countdowns alone show nothing in the line but are listed in JSON")
    func pausedOnly() throws {
        let state = summary([paused("Neoguri", left: 61.5)])
        #expect(state.text(.utf8) == "")
        #expect(state.json(.utf8).contains(#"{"label":"Neoguri","state":"paused","remaining_seconds":62}"#))
        #expect(try state.render(template: "{count}|{timer}") == "")
    }

    @Test("the running stopwatch shows mm:ss, then h:mm:ss from an hour")
    func stopwatch() {
        #expect(summary([], stopwatch: runningStopwatch(724.9)).text(.utf8) == "⏱ 12:04")
        #expect(summary([], stopwatch: runningStopwatch(724.9)).text(.ascii) == "SW 12:04")
        #expect(summary([], stopwatch: runningStopwatch(3723)).text(.utf8) == "⏱ 1:02:03")
        let banked = SavedStopwatch(accumulated: 60 * second, runningSince: statusNow - 5 * second)
        #expect(summary([], stopwatch: banked).stopwatch.elapsed == .seconds(65))
    }

    @Test("a countdown and the stopwatch share the line")
    func both() {
        let state = summary([running("Shin", in: 150.2)], stopwatch: runningStopwatch(724))
        #expect(state.text(.utf8) == "🍜 Shin 2:31 · ⏱ 12:04")
        #expect(state.text(.ascii) == "Shin 2:31 | SW 12:04")
    }

    @Test("a ringing countdown comes first with its overtime, rounded down")
    func ringingFirst() {
        let state = summary([running("Jin", in: 100, id: 1), ringing("Shin", since: 12.9, id: 2)], stopwatch: runningStopwatch(5))
        #expect(state.isRinging)
        #expect(state.text(.utf8) == "🔔 Shin -0:12 · 🍜 Jin 1:40 · ⏱ 00:05")
        #expect(state.text(.ascii) == "!Shin -0:12 | Jin 1:40 | SW 00:05")
        #expect(summary([ringing("Shin", since: 12)]).text(.ascii) == "!Shin -0:12")
    }

    @Test("several ringing countdowns are listed together, in the order they were added")
    func severalRinging() {
        let state = summary([ringing("egg", since: 70, id: 1), ringing("tea", since: 5, id: 2)])
        #expect(state.text(.utf8) == "🔔 egg -1:10, tea -0:05")
    }

    @Test("a running countdown whose deadline passed while no dashboard was open rings, until the cap")
    func passedWhileClosed() {
        let justPassed = summary([running("egg", in: -0.2)])
        #expect(justPassed.isRinging)
        #expect(justPassed.text(.utf8) == "🔔 egg 0:00")
        #expect(summary([running("egg", in: 0)]).isRinging)
        #expect(summary([running("egg", in: -299)]).text(.utf8) == "🔔 egg -4:59")

        let pastCap = summary([running("egg", in: -300)])
        #expect(!pastCap.isRinging)
        #expect(pastCap.text(.utf8) == "")
        #expect(pastCap.timers.isEmpty)
        #expect(!summary([ringing("egg", since: 301)]).isRinging)
        // The cap is the config's.
        #expect(summary([running("egg", in: -30)], alarmCap: 20 * second).text(.utf8) == "")
        #expect(summary([running("egg", in: -30)], alarmCap: 40 * second).isRinging)
    }

    @Test("an hour or more left reads h:mm:ss; an empty label shows only the time")
    func longAndUnlabelled() {
        #expect(summary([running("stock", in: 3723)]).text(.utf8) == "🍜 stock 1:02:03")
        #expect(summary([running("", in: 90)]).text(.utf8) == "🍜 1:30")
        #expect(summary([running("", in: 90)]).text(.ascii) == "1:30")
    }

    @Test("control characters in labels never reach the line")
    func controlCharacters() {
        let state = summary([running("Shin\u{1B}[31m\nRamyun\u{9B}", in: 60)])
        #expect(state.text(.utf8) == "🍜 Shin[31mRamyun 1:00")
        #expect(!state.text(.ascii).unicodeScalars.contains { $0.value < 0x20 })
    }

    // MARK: Templates

    @Test("templates fill each placeholder, or leave it empty when it does not apply")
    func templates() throws {
        let state = summary([ringing("egg", since: 12, id: 1), running("Shin", in: 150.2, id: 2), running("Jin", in: 200, id: 3)],
                            stopwatch: runningStopwatch(724))
        #expect(try state.render(template: "{ringing}|{timer}|{timer_label}|{timer_left}|{stopwatch}|{count}")
            == "egg -0:12|Shin 2:31|Shin|2:31|12:04|2")
        let stopwatchOnly = summary([], stopwatch: runningStopwatch(61))
        #expect(try stopwatchOnly.render(template: "[{ringing}][{timer}][{timer_label}][{timer_left}][{stopwatch}][{count}]")
            == "[][][][][01:01][]")
        #expect(try summary([running("Shin", in: 30)]).render(template: "#[fg=red]{timer}#[default]") == "#[fg=red]Shin 0:30#[default]")
    }

    @Test("a template whose placeholders are all empty prints nothing; one without placeholders prints itself")
    func emptyTemplates() throws {
        #expect(try summary([]).render(template: "🍜 {timer} · ⏱ {stopwatch}") == "")
        #expect(try summary([]).render(template: "noodle") == "noodle")
    }

    @Test("braces around anything but a placeholder name stay; an unknown name is an error naming it")
    func templateBraces() throws {
        let state = summary([running("Shin", in: 30)])
        #expect(try state.render(template: "{ {timer} }") == "{ Shin 0:30 }")
        #expect(try state.render(template: "{timer") == "{timer")
        #expect(try state.render(template: "{}{timer}{1}") == "{}Shin 0:30{1}")
        #expect(throws: StatusTemplateError(placeholder: "timer_name")) { try state.render(template: "{timer_name}") }
        #expect(StatusTemplateError(placeholder: "x").description.contains("{timer_left}"))
    }

    // MARK: JSON

    @Test("JSON lists ringing, timers and the stopwatch in whole seconds")
    func json() throws {
        let state = summary(
            [ringing("egg", since: 12.7, id: 1), running("Shin", in: 150.2, id: 2), paused("Jin", left: 61, id: 3)],
            stopwatch: SavedStopwatch(accumulated: 700 * second, runningSince: statusNow - 24_500_000_000), laps: [100 * second, 300 * second]
        )
        #expect(state.json(.utf8) == """
        {"version":1,"text":"🔔 egg -0:12 · 🍜 Shin 2:31 · ⏱ 12:04",\
        "tooltip":"🔔 egg -0:12\\n🍜 Shin 2:31\\n🍜 Jin 1:01 (paused)\\n⏱ 12:04","class":"ringing",\
        "ringing":[{"label":"egg","overtime_seconds":12}],\
        "timers":[{"label":"Shin","state":"running","remaining_seconds":151},{"label":"Jin","state":"paused","remaining_seconds":61}],\
        "stopwatch":{"running":true,"elapsed_seconds":724,"laps":2}}
        """)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(state.json(.utf8).utf8)) as? [String: Any])
        #expect(parsed["version"] as? Int == 1)
    }

    @Test("labels with quotes, backslashes, newlines, control characters and Hangul survive JSON")
    func jsonEscaping() throws {
        let label = "say \"hi\" \\ back\nslash\t\u{1B}[0m 신라면 \u{7F}\u{2028}"
        let state = summary([running(label, in: 60)])
        let text = state.json(.utf8)
        #expect(text.contains(#""label":"say \"hi\" \\ back\nslash\t\u001b[0m 신라면 \u007f\u2028""#), "\(text)")
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7f })
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let timers = try #require(parsed["timers"] as? [[String: Any]])
        #expect(timers.first?["label"] as? String == label)
        #expect(StatusSummary.jsonString("") == "\"\"")
        #expect(StatusSummary.jsonString("\u{0}\u{1F}\u{8}\u{C}\r") == #""\u0000\u001f\b\f\r""#)
    }

    // MARK: Locale

    @Test("the locale is UTF-8 when the first set variable of LC_ALL, LC_CTYPE, LANG says so", arguments: [
        ([:], false),
        (["LANG": "C.UTF-8"], true),
        (["LANG": "en_US.utf8"], true),
        (["LANG": "ko_KR.UTF8"], true),
        (["LANG": "C"], false),
        (["LANG": "POSIX"], false),
        (["LANG": "en_US.ISO-8859-1"], false),
        (["LC_ALL": "C", "LANG": "C.UTF-8"], false),
        (["LC_ALL": "", "LC_CTYPE": "en_GB.UTF-8", "LANG": "C"], true),
        (["LC_CTYPE": "C", "LANG": "C.UTF-8"], false),
    ])
    func locale(_ environment: [String: String], _ utf8: Bool) {
        #expect(StatusSummary.localeIsUTF8(environment: environment) == utf8)
    }
}
