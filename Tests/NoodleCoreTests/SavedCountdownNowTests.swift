import Testing
@testable import NoodleCore

private let now: Int64 = 1_700_000_000_000_000_000
private let second: Int64 = 1_000_000_000

private func countdown(_ id: Int, _ label: String, state: SavedCountdown.State = .running, in seconds: Int64 = 60) -> SavedCountdown {
    SavedCountdown(id: id, label: label, total: 300 * second, state: state, deadline: now + seconds * second, remaining: nil)
}

@Suite("a stored countdown as it stands now")
struct SavedCountdownNowTests {
    @Test("running past its deadline rings until the alarm cap, then is missed; ringing with the deadline ahead runs")
    func state() {
        let cap = 300 * second
        #expect(countdown(1, "a", in: 5).state(at: now, alarmCap: cap) == .running)
        #expect(countdown(1, "a", in: 0).state(at: now, alarmCap: cap) == .ringing)
        #expect(countdown(1, "a", in: -299).state(at: now, alarmCap: cap) == .ringing)
        #expect(countdown(1, "a", in: -300).state(at: now, alarmCap: cap) == .missed)
        #expect(countdown(1, "a", state: .ringing, in: 5).state(at: now, alarmCap: cap) == .running)
        #expect(countdown(1, "a", state: .done, in: -5).state(at: now, alarmCap: cap) == .done)
    }

    @Test("acknowledging a ring no dashboard stored records it first, so the acknowledgement applies")
    func acknowledgement() {
        var state = SavedState(countdowns: [countdown(1, "tea", in: -3)])
        for operation in state.countdowns[0].acknowledgement { operation.apply(to: &state) }
        #expect(state.countdowns[0].state == .done)

        var stored = SavedState(countdowns: [countdown(1, "tea", state: .ringing, in: -3)])
        #expect(stored.countdowns[0].acknowledgement == [.acknowledgeCountdown(id: 1)])
        for operation in stored.countdowns[0].acknowledgement { operation.apply(to: &stored) }
        #expect(stored.countdowns[0].state == .done)
    }

    @Test("an acknowledgement read before someone else snoozed the countdown leaves it running")
    func acknowledgementAfterSnooze() {
        let seen = countdown(1, "tea", in: -3)
        var state = SavedState(countdowns: [seen])
        StoreOperation.addTime(id: 1, amount: 60 * second, at: now).apply(to: &state)
        for operation in seen.acknowledgement { operation.apply(to: &state) }
        #expect(state.countdowns[0].state == .running)
        #expect(state.countdowns[0].deadline == now + 60 * second)
    }
}
