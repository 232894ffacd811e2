import Foundation
import Testing
@testable import NoodleCore

private let stopped = StatusSummary.Stopwatch(running: false, elapsed: .zero, laps: 0)

@Suite("noodle status: what a status bar styles and shows on hover")
struct StatusSummaryBarTests {
    @Test("the class is ringing over running over idle; paused and stopped things are idle")
    func barClass() {
        let ringing = StatusSummary.Ringing(label: "egg", overtime: .seconds(3))
        let running = StatusSummary.Timer(label: "Shin", state: .running, remaining: .seconds(90))
        let paused = StatusSummary.Timer(label: "Jin", state: .paused, remaining: .seconds(90))
        let watch = StatusSummary.Stopwatch(running: true, elapsed: .seconds(5), laps: 0)
        #expect(StatusSummary(ringing: [ringing], timers: [running], stopwatch: watch).barClass == .ringing)
        #expect(StatusSummary(ringing: [], timers: [paused, running], stopwatch: stopped).barClass == .running)
        #expect(StatusSummary(ringing: [], timers: [], stopwatch: watch).barClass == .running)
        let idle = StatusSummary(ringing: [], timers: [paused], stopwatch: StatusSummary.Stopwatch(running: false, elapsed: .seconds(65), laps: 1))
        #expect(idle.barClass == .idle)
    }

    @Test("the tooltip lists ringing first, then every countdown as added, then the stopwatch, one a line")
    func tooltip() {
        let state = StatusSummary(
            ringing: [StatusSummary.Ringing(label: "egg", overtime: .milliseconds(12_700))],
            timers: [
                StatusSummary.Timer(label: "Shin", state: .running, remaining: .milliseconds(150_200)),
                StatusSummary.Timer(label: "Jin", state: .paused, remaining: .seconds(61)),
            ],
            stopwatch: StatusSummary.Stopwatch(running: true, elapsed: .milliseconds(724_900), laps: 2)
        )
        #expect(state.tooltip(.utf8) == "🔔 egg -0:12\n🍜 Shin 2:31\n🍜 Jin 1:01 (paused)\n⏱ 12:04")
        #expect(state.tooltip(.ascii) == "!egg -0:12\nShin 2:31\nJin 1:01 (paused)\nSW 12:04")
    }

    @Test("a stopped stopwatch with time on it is listed as stopped; a reset one and nothing at all give no tooltip")
    func stopwatchStates() {
        let held = StatusSummary(ringing: [], timers: [], stopwatch: StatusSummary.Stopwatch(running: false, elapsed: .seconds(65), laps: 1))
        #expect(held.tooltip(.utf8) == "⏱ 01:05 (stopped)")
        #expect(StatusSummary(ringing: [], timers: [], stopwatch: stopped).tooltip(.utf8) == "")
    }

    @Test("JSON carries the line, the tooltip and the class for waybar, escaped, with version still 1")
    func json() throws {
        let state = StatusSummary(
            ringing: [StatusSummary.Ringing(label: "egg", overtime: .seconds(3))],
            timers: [StatusSummary.Timer(label: "say \"hi\" 신라면", state: .running, remaining: .seconds(90))],
            stopwatch: stopped
        )
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(state.json(.utf8).utf8)) as? [String: Any])
        #expect(parsed["version"] as? Int == 1)
        #expect(parsed["text"] as? String == "🔔 egg -0:03 · 🍜 say \"hi\" 신라면 1:30")
        #expect(parsed["tooltip"] as? String == "🔔 egg -0:03\n🍜 say \"hi\" 신라면 1:30")
        #expect(parsed["class"] as? String == "ringing")
        let ascii = try #require(try JSONSerialization.jsonObject(with: Data(state.json(.ascii).utf8)) as? [String: Any])
        #expect(ascii["text"] as? String == "!egg -0:03 | say \"hi\" 신라면 1:30")
        #expect(!state.json(.utf8).contains("\n"))
    }
}
