import Foundation
import Testing
@testable import NoodleCore

/// A zone's rules as the shell would hand them over, read here from the TZ database through Foundation.
func zoneRules(_ identifier: String, at seconds: Int64) -> LocalZone {
    let zone = TimeZone(identifier: identifier)!
    let start = Date(timeIntervalSince1970: TimeInterval(seconds))
    var transitions: [LocalZone.Transition] = []
    var after = start
    while let next = zone.nextDaylightSavingTimeTransition(after: after), next.timeIntervalSince(start) < TimeInterval(LocalZone.horizon) {
        transitions.append(LocalZone.Transition(at: Int64(next.timeIntervalSince1970), offsetSeconds: zone.secondsFromGMT(for: next)))
        after = next
    }
    return LocalZone(builtAt: seconds, offsetSeconds: zone.secondsFromGMT(for: start), transitions: transitions)
}

private func wallTime(_ seconds: Int64) -> WallTime {
    WallTime(secondsSinceEpoch: Double(seconds))
}

@Suite("Until a clock time")
struct ClockTimeInputTests {
    /// 2026-06-01 10:47:50 UTC.
    let morning: Int64 = 1_780_310_870

    func parse(_ text: String, at seconds: Int64? = nil, zone: LocalZone = .utc) -> Result<DurationInput, DurationInputError> {
        DurationInput.parse(text, at: wallTime(seconds ?? morning), zone: zone)
    }

    @Test("a clock time ahead today counts down to it, the rest of the text is the label", arguments: [(String, Int64, String, String)]([
        ("@12:30 tea", 6130, "12:30", "tea"),
        ("until 12:30 tea", 6130, "12:30", "tea"),
        ("UNTIL @12:30", 6130, "12:30", ""),
        ("@12:30pm  green  tea ", 6130, "12:30", "green  tea"),
        ("@12:30 PM tea", 6130, "12:30", "tea"),
        ("@1pm", 7930, "13:00", ""),
        ("@11", 730, "11:00", ""),
        ("@10:47:51 egg", 1, "10:47:51", "egg"),
    ]))
    func today(text: String, seconds: Int64, clockTime: String, label: String) throws {
        let input = try parse(text).get()
        #expect(input.duration == .seconds(seconds))
        #expect(input.label == label)
        #expect(input.until?.clockTime == clockTime)
        #expect(input.until?.isTomorrow == false)
        #expect(input.until?.moment == morning + seconds)
    }

    @Test("a time already past today, or this very second, means tomorrow", arguments: [(String, Int64, String)]([
        ("@9:00", 79_930, "09:00"),
        ("@7:05:30 porridge", 73_060, "07:05:30"),
        ("@7am", 72_730, "07:00"),
        ("@12am", 47_530, "00:00"),
        ("@10:47:50", 86_400, "10:47:50"),
    ]))
    func tomorrow(text: String, seconds: Int64, clockTime: String) throws {
        let input = try parse(text).get()
        #expect(input.duration == .seconds(seconds))
        #expect(input.until?.clockTime == clockTime)
        #expect(input.until?.isTomorrow == true)
    }

    @Test("what is not a time of day gets a reason", arguments: [(String, DurationInputError)]([
        ("@25:00", .clockTimeOutOfRange("25:00")),
        ("@12:60 tea", .clockTimeOutOfRange("12:60")),
        ("@7:05:60", .clockTimeOutOfRange("7:05:60")),
        ("@13pm", .clockTimeOutOfRange("13pm")),
        ("@0 am", .clockTimeOutOfRange("0 am")),
        ("@12:3", .notAClockTime("12:3")),
        ("@noon", .notAClockTime("noon")),
        ("@-1:00", .notAClockTime("-1:00")),
        ("@", .noClockTime),
        ("until", .noClockTime),
        ("until tea", .notAClockTime("tea")),
    ]))
    func bad(text: String, error: DurationInputError) {
        #expect(parse(text) == .failure(error))
        #expect(!error.description.isEmpty)
    }

    @Test("durations read as before when no clock time is asked for")
    func durations() throws {
        #expect(try parse("4:30 Shin Ramyun").get() == DurationInput(duration: .seconds(270), label: "Shin Ramyun"))
        #expect(parse("until1") == .failure(.unreadable("until1")))
    }

    @Test("the local offset is applied: 12:30 in Seoul is 03:30 UTC")
    func offset() throws {
        let seoul = LocalZone(builtAt: morning, offsetSeconds: 9 * 3600)
        // 10:47:50 UTC is 19:47:50 in Seoul: 12:30 there is tomorrow, 16:42:10 away.
        let input = try parse("@12:30", zone: seoul).get()
        #expect(input.duration == .seconds(16 * 3600 + 42 * 60 + 10))
        #expect(input.until?.isTomorrow == true)
    }

    @Test("the clocks going forward: 03:30 asked at 01:00 is 1:30 h away, not 2:30")
    func springForward() throws {
        // 2026-03-29 00:00 UTC is 01:00 CET; at 02:00 CET Berlin's clocks go to 03:00 CEST.
        let start: Int64 = 1_774_742_400
        let berlin = zoneRules("Europe/Berlin", at: start)
        #expect(berlin.transitions == [LocalZone.Transition(at: 1_774_746_000, offsetSeconds: 7200)])
        let input = try parse("@03:30", at: start, zone: berlin).get()
        #expect(input.duration == .seconds(5400))
        #expect(input.until == DurationInput.Until(clockTime: "03:30", isTomorrow: false, moment: start + 5400))
        // 02:30 never shows on that night's clocks: it is taken as the 03:30 it turns into.
        let skipped = try parse("@02:30", at: start, zone: berlin).get()
        #expect(skipped.duration == .seconds(5400))
        #expect(skipped.until?.clockTime == "03:30")
    }

    @Test("the clocks going back: 03:30 asked at 01:00 is 3:30 h away, and 02:30 is the first one")
    func fallBack() throws {
        // 2026-10-24 23:00 UTC is 01:00 CEST on the 25th; at 03:00 CEST the clocks go back to 02:00 CET.
        let start: Int64 = 1_792_882_800
        let berlin = zoneRules("Europe/Berlin", at: start)
        #expect(berlin.offsetSeconds == 7200)
        let input = try parse("@03:30 tea", at: start, zone: berlin).get()
        #expect(input.duration == .seconds(3 * 3600 + 1800))
        #expect(input.until == DurationInput.Until(clockTime: "03:30", isTomorrow: false, moment: start + 3 * 3600 + 1800))
        #expect(try parse("@02:30", at: start, zone: berlin).get().duration == .seconds(5400))
        // Asked at 02:10 in the second pass through that hour, 02:15 is the one five minutes on.
        let secondHour = start + 2 * 3600 + 600
        let late = try parse("@02:15", at: secondHour, zone: zoneRules("Europe/Berlin", at: secondHour)).get()
        #expect(late.duration == .seconds(300))
        #expect(late.until?.isTomorrow == false)
    }

    @Test("New York's spring change: from 1am, 3:30am is 1:30 h away and 1:00 tomorrow 23 h")
    func newYork() throws {
        // 2026-03-08 06:00 UTC is 01:00 EST; at 02:00 EST the clocks go to 03:00 EDT.
        let start: Int64 = 1_772_949_600
        let york = zoneRules("America/New_York", at: start)
        #expect(york.offsetSeconds == -5 * 3600)
        #expect(try parse("@3:30am", at: start, zone: york).get().duration == .seconds(5400))
        #expect(try parse("@1:00", at: start, zone: york).get().duration == .seconds(23 * 3600))
    }

    @Test("finish times are read with the offset in force at that moment")
    func clockTimes() {
        let berlin = zoneRules("Europe/Berlin", at: 1_774_742_400)
        #expect(berlin.clockTime(ofWallSeconds: 1_774_742_400) == "01:00")
        #expect(berlin.clockTime(ofWallSeconds: 1_774_745_999) == "01:59")
        #expect(berlin.clockTime(ofWallSeconds: 1_774_746_000) == "03:00")
        #expect(berlin.clockTime(of: wallTime(1_774_746_000 + 86_400)) == "03:00")
        #expect(LocalZone.utc.clockTime(ofWallSeconds: -1) == "23:59")
        #expect(berlin.clockTime(ofWallSeconds: 1_774_745_999.9999997) == "03:00", "a few nanoseconds short is the same second")
    }

    @Test("the rules are read again an hour on, or once a change of the clocks has passed")
    func staleness() {
        let berlin = zoneRules("Europe/Berlin", at: 1_774_742_400)
        #expect(!berlin.isStale(at: 1_774_742_400 + 1800))
        #expect(berlin.isStale(at: 1_774_746_000))
        #expect(LocalZone(builtAt: 0, offsetSeconds: 0).isStale(at: 3600))
    }

    @Test("the preview says what was understood")
    func preview() throws {
        #expect(try parse("@12:30").get().understood == "until 12:30, 1:42:10 from now")
        #expect(try parse("@12:30 tea").get().understood == "until 12:30, 1:42:10 from now: tea")
        #expect(try parse("@7am egg").get().understood == "until 07:00 tomorrow, 20:12:10 from now: egg")
        #expect(try parse("4:30 Shin Ramyun").get().understood == "4:30 Shin Ramyun")
    }

    @Test("n, @HH:MM and Enter start a countdown that ends at that time")
    func prompt() throws {
        var state = freshState()
        state.focus = .timers
        // The fixture's origin is 2023-11-14 22:13:20 UTC; the zone here is UTC+1.
        _ = update(&state, .zoneRulesRead(LocalZone(builtAt: 1_700_000_000, offsetSeconds: 3600)), at: at(0))
        press(.character("n"), &state, at: 0)
        type("@23:30 tea", &state, at: 0)
        press(.enter, &state, at: 0)
        let countdown = try #require(state.timers.countdowns.first)
        #expect(countdown.label == "tea")
        #expect(countdown.total == .seconds(16 * 60 + 40))
        #expect(countdown.remaining(at: at(0).instant) == .seconds(1000))
    }
}
