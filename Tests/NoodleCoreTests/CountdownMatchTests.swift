import Testing
@testable import NoodleCore

private let now: Int64 = 1_700_000_000_000_000_000
private let second: Int64 = 1_000_000_000

private func countdown(_ id: Int, _ label: String, state: SavedCountdown.State = .running, in seconds: Int64 = 60) -> SavedCountdown {
    SavedCountdown(id: id, label: label, total: 300 * second, state: state, deadline: now + seconds * second, remaining: nil)
}

private func ids(_ match: NameMatch<SavedCountdown>) -> [Int] {
    switch match {
    case .one(let countdown): [countdown.id]
    case .several(let countdowns): countdowns.map(\.id)
    case .none: []
    }
}

@Suite("matching a countdown named on the command line")
struct CountdownMatchTests {
    let kitchen = [countdown(1, "tea"), countdown(2, "teapot"), countdown(3, "Shin Ramyun"), countdown(4, "Shin Ramyun Black"),
                   countdown(5, "신라면"), countdown(6, "신라면 블랙"), countdown(7, "")]

    @Test("an exact label wins over the labels it is a prefix of")
    func exactFirst() {
        #expect(CountdownMatch.find("tea", in: kitchen) == .one(kitchen[0]))
        #expect(CountdownMatch.find("shin ramyun", in: kitchen) == .one(kitchen[2]))
        #expect(CountdownMatch.find("신라면", in: kitchen) == .one(kitchen[4]))
    }

    @Test("case and runs of spaces do not count")
    func caseAndSpaces() {
        #expect(CountdownMatch.find("  SHIN   ramyun ", in: kitchen) == .one(kitchen[2]))
        #expect(CountdownMatch.find("TeA", in: kitchen) == .one(kitchen[0]))
    }

    @Test("a prefix of exactly one label means that countdown, spaces and Hangul included")
    func uniquePrefix() {
        #expect(CountdownMatch.find("teap", in: kitchen) == .one(kitchen[1]))
        #expect(CountdownMatch.find("shin ramyun b", in: kitchen) == .one(kitchen[3]))
        #expect(CountdownMatch.find("신라면 블", in: kitchen) == .one(kitchen[5]))
    }

    @Test("a prefix of several labels is several, in creation order")
    func severalByPrefix() {
        #expect(ids(CountdownMatch.find("te", in: kitchen)) == [1, 2])
        #expect(ids(CountdownMatch.find("shin", in: kitchen)) == [3, 4])
        #expect(ids(CountdownMatch.find("신", in: kitchen)) == [5, 6])
    }

    @Test("two countdowns with the same label are several, and #id picks one")
    func sameLabel() {
        let twins = [countdown(3, "tea"), countdown(8, "Tea")]
        #expect(ids(CountdownMatch.find("tea", in: twins)) == [3, 8])
        #expect(CountdownMatch.find("#8", in: twins) == .one(twins[1]))
        #expect(CountdownMatch.find("#7", in: kitchen) == .one(kitchen[6]), "a countdown with no label goes by its id")
    }

    @Test("nothing matches: an unknown label, an empty one, a word inside a label, an id not there")
    func none() {
        #expect(CountdownMatch.find("coffee", in: kitchen) == .none)
        #expect(CountdownMatch.find("   ", in: kitchen) == .none)
        #expect(CountdownMatch.find("ramyun", in: kitchen) == .none)
        #expect(CountdownMatch.find("#99", in: kitchen) == .none)
        #expect(CountdownMatch.find("tea", in: []) == .none)
    }

    @Test("#id that is no countdown's id is read as a label")
    func hashLabel() {
        let tagged = [countdown(1, "#5 pot")]
        #expect(CountdownMatch.find("#5", in: tagged) == .one(tagged[0]))
    }

    @Test("the listing gives id, time left or overtime, state and label, the times right-aligned")
    func listing() {
        let rows = [countdown(3, "tea", in: -12), countdown(12, "신라면", state: .running, in: 271),
                    SavedCountdown(id: 4, label: "", total: 60 * second, state: .paused, deadline: nil, remaining: 30 * second)]
        #expect(CountdownMatch.listing(rows, now: now, alarmCap: 300 * second) == """
              #3   -0:12  ringing  tea
              #12   4:31  running  신라면
              #4    0:30  paused   (no label)

            """)
    }
}
