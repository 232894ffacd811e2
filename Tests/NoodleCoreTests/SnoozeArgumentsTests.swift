import Testing
@testable import NoodleCore

@Suite("noodle snooze's words")
struct SnoozeArgumentsTests {
    private func parse(_ words: [String], labels: [String] = []) -> SnoozeArguments? {
        try? SnoozeArguments.parse(words, labels: labels).get()
    }

    @Test("a last word that is a duration is the duration; the rest, spaces kept, the label")
    func split() {
        #expect(parse([]) == SnoozeArguments(label: nil, duration: nil))
        #expect(parse(["2m"]) == SnoozeArguments(label: nil, duration: .seconds(120)))
        #expect(parse(["5"]) == SnoozeArguments(label: nil, duration: .seconds(300)))
        #expect(parse(["tea"]) == SnoozeArguments(label: "tea", duration: nil))
        #expect(parse(["Shin", "Ramyun", "1:30"]) == SnoozeArguments(label: "Shin Ramyun", duration: .seconds(90)))
        #expect(parse(["신라면", "블랙"]) == SnoozeArguments(label: "신라면 블랙", duration: nil))
    }

    @Test("words that are exactly a ringing label stay the label, a number at its end included")
    func labelEndingInANumber() {
        #expect(parse(["Jin", "Ramen", "2"], labels: ["jin ramen 2"]) == SnoozeArguments(label: "Jin Ramen 2", duration: nil))
        #expect(parse(["Jin", "Ramen", "2"], labels: ["Jin Ramen"]) == SnoozeArguments(label: "Jin Ramen", duration: .seconds(120)))
    }

    @Test("a duration no countdown can take is an error, not a label")
    func badDuration() {
        #expect(SnoozeArguments.parse(["tea", "0"], labels: []) == .failure(.zero))
        #expect(SnoozeArguments.parse(["100h"], labels: []) == .failure(.tooLong))
    }
}
