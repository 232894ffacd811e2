import Testing
@testable import NoodleCore

@Suite("Duration formatting")
struct DurationFormatTests {
    @Test("stopwatch readings at the edges", arguments: [
        (Duration.zero, "00:00.00"),
        (.milliseconds(59_990), "00:59.99"),
        (.milliseconds(59_999), "00:59.99"),
        (.seconds(60), "01:00.00"),
        (.milliseconds(3_599_990), "59:59.99"),
        (.seconds(3600), "1:00:00.00"),
        (.milliseconds(359_999_990), "99:59:59.99"),
        (.seconds(360_000), "100:00:00.00"),
        (.milliseconds(-5), "00:00.00"),
    ])
    func stopwatch(duration: Duration, text: String) {
        #expect(DurationFormat.stopwatch(duration) == text)
    }

    @Test("readings truncate and never round up to the next centisecond")
    func truncates() {
        #expect(DurationFormat.stopwatch(.nanoseconds(9_999_999)) == "00:00.00")
        #expect(DurationFormat.stopwatch(.nanoseconds(10_000_000)) == "00:00.01")
    }

    @Test("differences carry their sign")
    func signed() {
        #expect(DurationFormat.signedDelta(.milliseconds(1230)) == "+00:01.23")
        #expect(DurationFormat.signedDelta(.milliseconds(-400)) == "-00:00.40")
        #expect(DurationFormat.signedDelta(.zero) == "+00:00.00")
    }

    @Test("no negative zeros: a difference or an overtime that reads as zero has no minus")
    func noNegativeZero() {
        #expect(DurationFormat.signedDelta(.milliseconds(-4)) == "+00:00.00")
        #expect(DurationFormat.signedDelta(.milliseconds(-10)) == "-00:00.01")
        #expect(DisplaySettings(showCentiseconds: false).signedDelta(.milliseconds(-400)) == "+00:00")
        #expect(DisplaySettings(showCentiseconds: false).signedDelta(.milliseconds(-1400)) == "-00:01")
        #expect(DisplaySettings(showCentiseconds: true).signedDelta(.milliseconds(-400)) == "-00:00.40")
        #expect(DurationFormat.countdown(.milliseconds(-300)) == "0:00")
        #expect(DurationFormat.countdown(.milliseconds(-1300)) == "-0:01")
        #expect(DurationFormat.countdown(.seconds(-3725)) == "-1:02:05")
        #expect(DurationFormat.overtime(.milliseconds(12_900)) == "-0:12")
    }

    @Test("a countdown finished with - reads 0:00, not -0:00, for its first second of overtime")
    func takenOffPastZero() {
        var countdown = Countdown(id: 1, label: "egg", total: .seconds(30), startedAt: origin.instant)
        countdown.add(.seconds(-60), at: at(10).instant)
        #expect(DurationFormat.countdown(countdown.remaining(at: at(10.5).instant)) == "0:00")
        #expect(DurationFormat.countdown(countdown.remaining(at: at(11.2).instant)) == "-0:01")
    }

    @Test("the header clock reads local HH:MM and knows when the minute flips")
    func wallClock() {
        let wall = WallTime(secondsSinceEpoch: 1_700_000_000 + 45.25, utcOffsetSeconds: 9 * 3600)
        // 1_700_000_000 is 22:13:20 UTC; +45.25 s is 22:14:05.25; in UTC+9 that is 07:14.
        #expect(wall.hourMinute == "07:14")
        #expect(abs(wall.untilNextMinute.seconds - 54.75) < 1e-6)
        #expect(WallTime(secondsSinceEpoch: 30, utcOffsetSeconds: -3600).hourMinute == "23:00")
    }
}
