import Foundation
import Testing

/// A scripted session killed with SIGKILL at random moments: nothing noodle does on its way out
/// can help, so only "commit before the frame shows it" keeps what the screen showed as done.
@Suite("Hardening: kill -9", .serialized)
struct CrashHardeningTests {
    static let kills = HardeningKit.count(short: 8, soak: 50)

    /// The part of the stored state the script changes: countdown labels, bookmarks, lap count.
    struct Model: Equatable, CustomStringConvertible {
        var labels: [String] = []
        var bookmarks: [HardeningKit.StoredBookmark] = []
        var laps = 0

        init() {}

        init(_ database: HardeningKit.Database) {
            labels = database.countdownLabels
            bookmarks = database.bookmarks
            laps = database.laps
        }

        var description: String { "labels \(labels), bookmarks \(bookmarks), laps \(laps)" }
    }

    enum Action: CustomStringConvertible {
        case addCountdown(seconds: Int, label: String)
        case addBookmark(HardeningScreen.Ramen)
        case moveBookmark(up: Bool)
        case lap
        case ownTime(seconds: Int)
        case memo(String)

        var description: String {
            switch self {
            case .addCountdown(let seconds, let label): "add \(seconds)s \(label)"
            case .addBookmark(let ramen): "bookmark \(ramen.id)"
            case .moveBookmark(let up): up ? "move up (K)" : "move down (J)"
            case .lap: "lap"
            case .ownTime(let seconds): "own time \(seconds)s"
            case .memo(let text): "memo \(text)"
            }
        }
    }

    @Test("kill -9 at random moments: integrity ok, and every action the screen showed as done is stored")
    func killNine() throws {
        var random = HardeningRandom("kill-9")
        let first = try TmuxSession(width: 120, height: 40)
        var stored = Model()
        var actionCount = 0
        for round in 0 ..< Self.kills {
            let context = "kill \(round), seed \(random.seed)"
            let session = round == 0 ? first : try TmuxSession(width: 120, height: 40, sharing: first)
            defer { if round > 0 { session.killServerNow() } }
            var screen = try session.waitFor("the stored state on screen (\(context)): \(stored)", timeout: 8) {
                $0.contains("Stopwatch") && Self.matches($0, stored)
            }
            var confirmed = stored
            var log: [String] = []

            // A few actions, each waited for until the screen shows it done.
            for _ in 0 ..< Int.random(in: 1 ... 4, using: &random) {
                let action = Self.choose(confirmed, screen, &random, name: "k\(round)x\(actionCount)")
                actionCount += 1
                let expected = try Self.perform(action, session, confirmed, screen)
                log.append(action.description)
                screen = try session.waitFor("\(action) shown as done (\(context); so far \(log))") { Self.shows($0, action, expected) }
                confirmed = expected
            }
            // Then, often, one more whose keys are on their way when the kill comes.
            var inFlight: Model?
            if Double.random(in: 0 ..< 1, using: &random) < 0.6 {
                let action = Self.choose(confirmed, screen, &random, name: "k\(round)x\(actionCount)")
                actionCount += 1
                inFlight = try Self.perform(action, session, confirmed, screen)
                log.append("\(action) (in flight)")
            }
            Thread.sleep(forTimeInterval: Double.random(in: 0 ... 0.2, using: &random))
            kill(try session.noodlePID(), SIGKILL)
            #expect(try session.exitStatus() == 128 + SIGKILL, "\(context)")

            let database = try HardeningKit.readDatabase(session.databasePath)
            #expect(database.integrity == "ok", "\(context): integrity_check said \(database.integrity)")
            let now = Model(database)
            let acceptable = [confirmed] + (inFlight.map { [$0] } ?? [])
            #expect(acceptable.contains(now), """
                \(context): after \(log)
                stored:    \(now)
                confirmed: \(confirmed)
                in flight: \(inFlight.map(\.description) ?? "none")
                """)
            // The next round starts from what is stored, whatever that turned out to be.
            stored = now
            if !acceptable.contains(now) { break }
        }
        first.killServerNow()
    }

    // MARK: - The script

    private static func choose(_ model: Model, _ screen: String, _ random: inout HardeningRandom, name: String) -> Action {
        let unbookmarked = HardeningScreen.ramen.filter { entry in !model.bookmarks.contains { $0.catalogID == entry.id } }
        var choices: [(weight: Int, make: (inout HardeningRandom) -> Action)] = [
            (3, { .addCountdown(seconds: Int.random(in: 600 ... 3599, using: &$0), label: name) }),
            (2, { _ in .lap }),
        ]
        if !unbookmarked.isEmpty { choices.append((3, { .addBookmark(unbookmarked.randomElement(using: &$0)!) })) }
        if model.bookmarks.count >= 2 {
            let rows = HardeningScreen.bookmarkRows(screen)
            let selected = rows.firstIndex { $0.selected } ?? 0
            choices.append((3, { _ in .moveBookmark(up: selected > 0) }))
        }
        if !model.bookmarks.isEmpty {
            choices.append((1, { .ownTime(seconds: Int.random(in: 60 ... 599, using: &$0)) }))
            choices.append((1, { _ in .memo("memo \(name) 메모") }))
        }
        var pick = Int.random(in: 0 ..< choices.reduce(0) { $0 + $1.weight }, using: &random)
        for choice in choices {
            if pick < choice.weight { return choice.make(&random) }
            pick -= choice.weight
        }
        return .lap
    }

    /// Sends the keys for `action` and returns the model once it is done.
    private static func perform(_ action: Action, _ session: TmuxSession, _ model: Model, _ screen: String) throws -> Model {
        var expected = model
        let selected = HardeningScreen.bookmarkRows(screen).firstIndex { $0.selected } ?? 0
        switch action {
        case .addCountdown(let seconds, let label):
            try session.send("2", "n")
            try session.type("\(seconds)s \(label)")
            try session.send("Enter")
            expected.labels.append(label)
        case .addBookmark(let ramen):
            try session.send("3", "a")
            try session.type(ramen.search)
            // Enter toggles: only press it on the entry meant, and only while it is not bookmarked.
            try session.waitFor("\(ramen.id) selected in the catalog") { $0.contains("│>  " + ramen.name) }
            try session.send("Enter")
            try session.waitFor("\(ramen.id) ticked") { $0.contains("│>✓ " + ramen.name) }
            try session.send("Escape")
            expected.bookmarks.append(HardeningKit.StoredBookmark(catalogID: ramen.id, ownTime: nil, memo: ""))
        case .moveBookmark(let up):
            try session.send("3", up ? "K" : "J")
            expected.bookmarks.swapAt(selected, up ? selected - 1 : selected + 1)
        case .lap:
            try session.send("1")
            if !HardeningScreen.stopwatchRunning(screen) { try session.send("Space") }
            try session.send("l")
            expected.laps += 1
        case .ownTime(let seconds):
            try session.send("3", "e", "C-u")
            try session.type(String(format: "%d:%02d", seconds / 60, seconds % 60))
            try session.send("Enter")
            expected.bookmarks[selected].ownTime = Int64(seconds) * 1_000_000_000
        case .memo(let text):
            try session.send("3", "m")
            let old = expected.bookmarks[selected].memo.count
            if old > 0 { try session.send("-N", "\(old)", "BSpace") }
            try session.type(text)
            try session.send("C-s")
            expected.bookmarks[selected].memo = text
        }
        return expected
    }

    /// Whether the screen shows `action` done, as `expected` has it.
    private static func shows(_ screen: String, _ action: Action, _ expected: Model) -> Bool {
        guard !screen.contains("Ramen catalog"), !screen.contains("^S save"), !screen.contains("Your time:") else { return false }
        switch action {
        case .addCountdown(_, let label):
            return HardeningScreen.countdownListed(label, in: screen)
        case .addBookmark, .moveBookmark:
            return HardeningScreen.bookmarkRows(screen).map(\.id) == expected.bookmarks.map(\.catalogID)
        case .lap:
            return HardeningScreen.lapsRecorded(screen) == expected.laps
        case .ownTime(let seconds):
            let row = screen.split(separator: "\n").first { line in
                line.contains("│> ") && HardeningScreen.ramen.contains { line.contains($0.name) }
            }
            return row?.contains(String(format: "*%d:%02d", seconds / 60, seconds % 60)) == true
        case .memo(let text):
            return screen.contains("Memo: " + text)
        }
    }

    /// Whether a freshly started dashboard shows `model`: the bookmarks in order, the laps, the
    /// newest countdown.
    private static func matches(_ screen: String, _ model: Model) -> Bool {
        HardeningScreen.bookmarkRows(screen).map(\.id) == model.bookmarks.map(\.catalogID)
            && (model.laps == 0 || HardeningScreen.lapsRecorded(screen) == model.laps)
    }
}
