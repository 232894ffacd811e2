import Testing
@testable import NoodleCore

/// What the core tells the alarm's channels (sound, notifications): when an alarm ends however
/// it ends, what a notification's button does, and the warning before the end.
@Suite("Alarm channels: ends, buttons and the warning")
struct AlarmChannelsTests {
    func ringing(_ labels: [String], snooze: Duration = .seconds(60)) -> AppState {
        var state = freshState()
        state.timers.snooze = snooze
        for (index, label) in labels.enumerated() {
            state.timers.add(DurationInput(duration: .seconds(2), label: label), id: index + 1, at: origin.instant)
        }
        _ = update(&state, .ticked, at: at(2))
        return state
    }

    @Test("another window's acknowledgement ends the alarm here too, and only the one it stopped")
    func endedElsewhere() {
        var state = ringing(["egg", "tea"])
        var saved = state.saved
        saved.countdowns[0].state = .done
        let effects = update(&state, .storeChanged(saved), at: at(3))
        #expect(effects.contains(.alarmsEnded(ids: [1], quiet: false)), "\(effects)")
        saved.countdowns[1].state = .done
        #expect(update(&state, .storeChanged(saved), at: at(4)).contains(.alarmsEnded(ids: [2], quiet: true)))
    }

    @Test("an alarm nobody answers ends at the cap, and a removed ringing countdown ends too")
    func endedByCapAndRemoval() {
        var state = ringing(["egg", "tea"])
        state.focus = .timers
        state.timers.select(id: 2)
        #expect(press(.character("x"), &state, at: 3).contains(.alarmsEnded(ids: [2], quiet: false)))
        let capped = update(&state, .ticked, at: at(2 + 300))
        #expect(capped.contains(.alarmsEnded(ids: [1], quiet: true)), "\(capped)")
        #expect(update(&state, .ticked, at: at(400)).allSatisfy { if case .alarmsEnded = $0 { false } else { true } })
    }

    @Test("Stop on a notification stops its own countdown, not the selected one; a stale click does nothing")
    func stopButton() {
        var state = ringing(["egg", "tea"])
        state.timers.select(id: 1)
        let effects = update(&state, .noticeAnswered(countdownID: 2, .stop), at: at(3))
        #expect(effects == [.store(.acknowledgeCountdown(id: 2)), .alarmsEnded(ids: [2], quiet: false)])
        #expect(state.timers.ringingIDs == [1])
        #expect(update(&state, .noticeAnswered(countdownID: 2, .stop), at: at(4)) == [], "already stopped")
        #expect(update(&state, .noticeAnswered(countdownID: 99, .stop), at: at(4)) == [], "no such countdown")
        #expect(state.timers.ringingIDs == [1])
    }

    @Test("+1 min and Snooze on a notification give that countdown more time, each undoable")
    func moreTimeButtons() {
        var state = ringing(["egg", "tea"], snooze: .seconds(300))
        let plus = update(&state, .noticeAnswered(countdownID: 1, .addMinute), at: at(3))
        #expect(plus.first == .store(.addTime(id: 1, amount: nanoseconds(60), at: wall(3))))
        #expect(state.timers.countdowns[0].remaining(at: at(3).instant) == .seconds(60))
        let snoozed = update(&state, .noticeAnswered(countdownID: 2, .snooze), at: at(3))
        #expect(snoozed.first == .store(.addTime(id: 2, amount: nanoseconds(300), at: wall(3))))
        #expect(snoozed.last == .alarmsEnded(ids: [2], quiet: true))
        _ = press(.character("u"), &state, at: 4)
        #expect(state.timers.countdowns[1].remaining(at: at(4).instant) <= .zero, "u takes the snooze back")
    }

    @Test("the buttons: Stop and +1 min, and Snooze only when it differs from a minute; a warning has none")
    func buttons() {
        let notice = AlarmNotice(countdownID: 1, kind: .finished, title: "t", body: "b", snooze: .seconds(60))
        #expect(notice.answers == [.stop, .addMinute])
        var fiveMinutes = notice
        fiveMinutes.snooze = .seconds(300)
        #expect(fiveMinutes.answers.map(fiveMinutes.label(for:)) == ["Stop", "+1 min", "Snooze 5 min"])
        fiveMinutes.snooze = .seconds(90)
        #expect(fiveMinutes.label(for: .snooze) == "Snooze 1:30")
        var warning = notice
        warning.kind = .warning
        #expect(warning.answers.isEmpty)
    }

    @Test("warn_before: one soft cue and a notification at that moment, scheduled, again after + moves the end")
    func warning() {
        var state = freshState()
        state.timers.warnBefore = .seconds(30)
        state.timers.add(DurationInput(duration: .seconds(120), label: "egg"), id: 1, at: origin.instant)
        state.timers.add(DurationInput(duration: .seconds(20), label: "tea"), id: 2, at: origin.instant)
        #expect(update(&state, .ticked, at: at(1)) == [])
        #expect(state.timers.nextEvent == at(20).instant, "tea's end comes first")
        _ = update(&state, .ticked, at: at(20))
        _ = update(&state, .keyPressed(.enter), at: at(21))
        #expect(state.timers.nextEvent == at(90).instant, "egg's warning, 30 s before its end")
        #expect(update(&state, .ticked, at: at(89.9)) == [])
        let warned = update(&state, .ticked, at: at(90))
        #expect(warned == [.stepCue, .notify(AlarmNotice(countdownID: 1, kind: .warning, title: "egg: 0:30 left",
                                                             body: "2:00 countdown, finishing soon", snooze: .seconds(60)))])
        #expect(state.status?.text == "egg: 0:30 left")
        #expect(update(&state, .ticked, at: at(91)) == [], "once")
        state.focus = .timers
        state.timers.select(id: 1)
        _ = press(.character("+"), &state, at: 92)
        #expect(state.timers.nextEvent == at(150).instant)
        #expect(update(&state, .ticked, at: at(150)).contains(.stepCue), "warned again before the new end")
    }

    @Test("a countdown that finishes in the same wake as its warning only rings")
    func warningOvertaken() {
        var state = freshState()
        state.timers.warnBefore = .seconds(30)
        state.timers.add(DurationInput(duration: .seconds(60), label: "egg"), id: 1, at: origin.instant)
        _ = update(&state, .ticked, at: at(1))
        let effects = update(&state, .ticked, at: at(61))
        #expect(!effects.contains(.stepCue) && effects.contains(.bell), "\(effects)")
    }
}
