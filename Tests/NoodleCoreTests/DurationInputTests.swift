import Testing
@testable import NoodleCore

@Suite("Countdown input")
struct DurationInputTests {
    @Test("good inputs and what they mean", arguments: [
        ("4m30s Shin Ramyun", 270, "Shin Ramyun"),
        ("4:30", 270, ""),
        ("1:02:03", 3723, ""),
        ("90s", 90, ""),
        ("1h5m", 3900, ""),
        ("5", 300, ""),
        ("  3:00   신라면  블랙 ", 180, "신라면  블랙"),
        ("2S tea", 2, "tea"),
        ("99:00:00", 356_400, ""),
        ("4m $(rm -rf ~)", 240, "$(rm -rf ~)"),
    ])
    func good(text: String, seconds: Int64, label: String) throws {
        let input = try DurationInput.parse(text).get()
        #expect(input.duration == .seconds(seconds))
        #expect(input.label == label)
    }

    @Test("bad inputs get a reason", arguments: [
        ("", DurationInputError.empty),
        ("   ", .empty),
        ("abc", .unreadable("abc")),
        ("-1m", .negative),
        ("4:70", .partOutOfRange("4:70")),
        ("1:60:00", .partOutOfRange("1:60:00")),
        ("0", .zero),
        ("0:00", .zero),
        ("100h", .tooLong),
        ("99:00:01", .tooLong),
        ("5m4h", .unreadable("5m4h")),
        ("4mm", .unreadable("4mm")),
        ("4:", .unreadable("4:")),
        ("1:2:3:4", .unreadable("1:2:3:4")),
        ("12345678901h", .tooLong),
        ("٣m", .unreadable("٣m")),
    ])
    func bad(text: String, error: DurationInputError) {
        #expect(DurationInput.parse(text) == .failure(error))
        #expect(!error.description.isEmpty)
    }
}

@Suite("Timed steps")
struct TimedStepsTests {
    let recipe = "[00:00] noodles into the boiling water\n[05:00] drain, keep about 8 spoons of water, add the sauce\n\n[05:30] stir-fried 30 s: done\n"

    @Test("steps parse in order, blank lines skipped")
    func parses() throws {
        let steps = try TimedSteps.parse(recipe).get()
        #expect(steps.map(\.offset) == [.zero, .seconds(300), .seconds(330)])
        #expect(steps[2].text == "stir-fried 30 s: done")
    }

    @Test("malformed lines are reported with their line numbers, never dropped")
    func malformed() {
        let result = TimedSteps.parse("[00:10] ok\nno bracket\n[1:75] bad seconds\n[02:00]\n[xx:00] nope")
        guard case .failure(let errors) = result else {
            Issue.record("expected errors")
            return
        }
        #expect(errors.lines.map(\.line) == [2, 3, 4, 5])
    }

    @Test("the current and next step at given instants")
    func position() throws {
        let steps = try TimedSteps.parse(recipe).get()
        #expect(TimedSteps.position(in: steps, at: .seconds(10)) == (0, 1))
        #expect(TimedSteps.position(in: steps, at: .seconds(300)) == (1, 2))
        #expect(TimedSteps.position(in: steps, at: .seconds(400)) == (2, nil))
    }
}
