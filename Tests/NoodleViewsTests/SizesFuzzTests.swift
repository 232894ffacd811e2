import Foundation
import NoodleCore
import NoodleTestSupport
import Testing
@testable import NoodleViews

/// Every terminal size, and text written to attack the terminal, through the whole dashboard.
/// `make soak` (NOODLE_SOAK=1) renders all 30,000 sizes from 1×1 to 300×100; `make test` renders
/// every width at heights 1…12, every height at widths 1…24 and 500 sizes at random, each with
/// the next in turn of the plain dashboard (each panel focused) and the overlays. In the soak each
/// size gets the plain dashboard and an overlay in turn, and sizes of up to 2,000 cells get all.
@Suite("Fuzz: sizes")
struct SizesFuzzTests {
    static let isSoak = ProcessInfo.processInfo.environment["NOODLE_SOAK"] == "1"

    static var sizes: [Size] {
        if isSoak {
            return (1 ... 100).flatMap { height in (1 ... 300).map { Size(width: $0, height: height) } }
        }
        var seen = Set<Size>()
        var sizes: [Size] = []
        func add(_ size: Size) { if seen.insert(size).inserted { sizes.append(size) } }
        for height in 1 ... 12 { for width in 1 ... 300 { add(Size(width: width, height: height)) } }
        for width in 1 ... 24 { for height in 1 ... 100 { add(Size(width: width, height: height)) } }
        var random = SplitMix(seed: 0x5123_0001)
        let systematic = sizes.count
        while sizes.count < systematic + 500 {
            add(Size(width: Int.random(in: 1 ... 300, using: &random), height: Int.random(in: 1 ... 100, using: &random)))
        }
        return sizes
    }

    @Test("every size renders the busy dashboard and each overlay at exactly its size, with no row too wide")
    func everySize() {
        let states = BusyDashboard.variants
        let sizes = Self.sizes
        let clock = ContinuousClock()
        let started = clock.now
        var problems: [String] = []
        var renders = 0
        // The plain dashboard with each panel focused, then each overlay.
        let turns = Panel.allCases.map { focus in
            var plain = states[0]
            plain.state.focus = focus
            return plain
        } + states.dropFirst()
        for (index, size) in sizes.enumerated() {
            // Short: one in turn per size. Soak: the plain dashboard and one overlay in turn, or all at small sizes.
            var chosen = [turns[index % turns.count]]
            if Self.isSoak {
                chosen = size.width * size.height <= 2000 ? turns : [turns[index % 3], states[1 + index % (states.count - 1)]]
            }
            for variant in chosen {
                var state = variant.state
                state.size = size
                let grid = Dashboard.render(state)
                renders += 1
                for problem in GridCheck.problems(in: grid, of: state, checkBorders: variant.keepsPanelsVisible) where problems.count < 10 {
                    problems.append("\(size.width)×\(size.height) \(variant.name) focus \(state.focus): \(problem)")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        if Self.isSoak {
            print("Fuzz: sizes: \(sizes.count) sizes, \(renders) renders, in \(clock.now - started)")
        }
    }

    @Test("hostile labels, memos and names are drawn visibly, never sent as controls, and keep the panels' columns")
    func hostileText() {
        var random = SplitMix(seed: 0x0BAD_7E47)
        let sizes = [Size(width: 120, height: 40), Size(width: 80, height: 24), Size(width: 72, height: 20), Size(width: 60, height: 16),
                     Size(width: 59, height: 16), Size(width: 50, height: 14), Size(width: 20, height: 6), Size(width: 300, height: 100),
                     Size(width: 33, height: 9), Size(width: 100, height: 30)]
        let rounds = Self.isSoak ? 2_000 : 25
        let clock = ContinuousClock()
        let started = clock.now
        var problems: [String] = []
        var renders = 0
        for round in 0 ..< rounds {
            // The first round uses every hostile piece at once; the rest mix a few at random.
            let text: () -> String = round == 0
                ? { Hostile.pieces.joined(separator: "x") }
                : { Hostile.text(using: &random) }
            for variant in Hostile.dashboards(text) {
                for size in round == 0 ? sizes : [sizes.randomElement(using: &random)!, Size(width: Int.random(in: 1 ... 300, using: &random),
                                                                                             height: Int.random(in: 1 ... 100, using: &random))] {
                    for focus in Panel.allCases where variant.keepsPanelsVisible || focus == variant.state.focus {
                        var state = variant.state
                        state.size = size
                        state.focus = focus
                        let grid = Dashboard.render(state)
                        renders += 1
                        for problem in GridCheck.problems(in: grid, of: state, checkBorders: variant.keepsPanelsVisible) where problems.count < 10 {
                            problems.append("round \(round) \(size.width)×\(size.height) \(variant.name) focus \(focus): \(problem)")
                        }
                        let title = WindowTitle.text(for: state, glyphs: .unicode)
                        _ = WindowTitle.nextChange(for: state)
                        _ = RedrawSchedule.next(after: state)
                        // The title goes out in an escape sequence of its own; the app strips controls from it.
                        _ = title
                    }
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        if Self.isSoak {
            print("Fuzz: sizes: hostile text: \(rounds) rounds, \(renders) renders, in \(clock.now - started)")
        }
    }

    @Test("the frame checks catch a control, half a wide glyph and a frame out of its column")
    func checksBite() {
        var state = BusyDashboard.variants[0].state
        state.size = Size(width: 120, height: 40)
        let grid = Dashboard.render(state)
        #expect(GridCheck.problems(in: grid, of: state, checkBorders: true).isEmpty)
        guard case .dashboard(_, let stopwatch, _, _, _) = Layout.compute(for: state) else {
            Issue.record("120×40 is not the dashboard layout")
            return
        }
        var escaped = grid
        escaped.fill(Rect(x: 5, y: 5, width: 1, height: 1), role: .text, with: "\u{1B}")
        #expect(GridCheck.problems(in: escaped, of: state, checkBorders: false).contains { $0.contains("control U+1b") })
        var halved = grid
        halved.fill(Rect(x: 5, y: 5, width: 1, height: 1), role: .text, with: "신")
        #expect(GridCheck.problems(in: halved, of: state, checkBorders: false).contains { $0.contains("without its second half") })
        var moved = grid
        moved.fill(Rect(x: stopwatch.maxX - 1, y: stopwatch.y + 3, width: 1, height: 1), role: .text, with: " ")
        #expect(GridCheck.problems(in: moved, of: state, checkBorders: true).contains { $0.contains("the frame reads") })
    }

    @Test("the same hostile text in ASCII mode draws nothing but printable ASCII")
    func hostileTextASCII() {
        for variant in Hostile.dashboards({ Hostile.pieces.joined(separator: "x") }) {
            for size in [Size(width: 120, height: 40), Size(width: 60, height: 16), Size(width: 25, height: 7)] {
                var state = variant.state
                state.size = size
                let grid = Dashboard.render(state, glyphs: .ascii)
                #expect(grid.width == size.width && grid.height == size.height)
                let bad = grid.cells.first { $0.scalar.value < 0x20 || $0.scalar.value > 0x7E }
                #expect(bad == nil, "\(variant.name) \(size.width)×\(size.height): \(bad.map { String($0.scalar.value, radix: 16) } ?? "")")
                #expect(!grid.hasMarks, "\(variant.name): combining marks in ASCII mode")
            }
        }
    }
}

// MARK: - Random update sequences, rendered

/// Random message sequences as in NoodleCoreTests' "Fuzz: update", here with the views: every
/// few messages the frame is rendered at the state's size, matched by the frame cache, and the
/// redraw schedule and window title are asked for. `make soak` runs 5,000 sequences, `make test` 100.
@Suite("Fuzz: update, rendered")
struct RenderedUpdateFuzzTests {
    @Test("random message sequences render at the state's size, equal through the frame cache")
    func renderedSequences() {
        let count = SizesFuzzTests.isSoak ? 5_000 : 100
        let clock = ContinuousClock()
        let started = clock.now
        var renders = 0
        var failures = 0
        for sequence in 0 ..< count {
            let seed = 0x7265_6E64_0000 &+ UInt64(sequence)
            var random = SplitMix(seed: seed)
            var state = BusyDashboard.variants[Int.random(in: 0 ..< BusyDashboard.variants.count, using: &random)].state
            state.size = RenderedUpdateFuzzTests.size(using: &random)
            var now = state.now
            var cache = FrameCache(glyphs: .unicode)
            var problems: [String] = []
            for step in 0 ..< Int.random(in: 20 ... 60, using: &random) {
                let message = RenderedUpdateFuzzTests.message(for: state, using: &random)
                now = now.advanced(by: RenderedUpdateFuzzTests.gap(using: &random))
                _ = update(&state, message, at: now)
                guard step % 10 == 9 || Int.random(in: 0 ..< 10, using: &random) == 0 else { continue }
                let grid = Dashboard.render(state)
                renders += 1
                for problem in GridCheck.problems(in: grid, of: state, checkBorders: false) where problems.count < 5 {
                    problems.append("step \(step) after \(message): \(problem)")
                }
                if cache.frame(for: state) != grid, problems.count < 5 {
                    problems.append("step \(step) after \(message): the frame cache differs from a full render")
                }
                _ = RedrawSchedule.next(after: state)
                _ = WindowTitle.text(for: state, glyphs: .unicode)
                _ = WindowTitle.nextChange(for: state)
            }
            if !problems.isEmpty {
                failures += 1
                let report = problems.joined(separator: "\n")
                Issue.record("seed \(seed):\n\(report)")
                if failures >= 3 { break }
            }
        }
        if SizesFuzzTests.isSoak {
            print("Fuzz: update, rendered: \(count) sequences, \(renders) renders, in \(clock.now - started)")
        }
    }

    static let keys: [Key] = {
        var all: [Key] = []
        func add(_ key: Key) { if !all.contains(key) { all.append(key) } }
        for binding in Keymap.bindings { binding.keys.forEach(add) }
        let special: [Key] = [.enter, .escape, .tab, .backTab, .backspace, .delete, .up, .down, .left, .right,
                              .shiftUp, .shiftDown, .home, .end, .pageUp, .pageDown, .function(1), .control("s"), .control("u"), .control("a"), .control("e")]
        special.forEach(add)
        return all
    }()

    static let characters: [Character] = (0x20 ... 0x7E).map { Character(Unicode.Scalar($0)!) }
        + ["신", "라", "면", "ㅅ", "🍜", "👨‍👩‍👧", "🇰🇷", "e\u{301}", "\u{301}", "\u{1B}", "\u{7}", "\u{0}", "\u{85}", "\u{202E}", "\u{200D}", "\t"]

    fileprivate static func message(for state: AppState, using random: inout SplitMix) -> Msg {
        switch Int.random(in: 0 ..< 100, using: &random) {
        case 0 ..< 45: return .keyPressed(keys.randomElement(using: &random)!)
        case 45 ..< 70: return .keyPressed(.character(characters.randomElement(using: &random)!))
        case 70 ..< 85: return .ticked
        case 85 ..< 91: return .resized(size(using: &random))
        case 91 ..< 94: return .storeChanged(state.saved)
        case 94 ..< 97:
            let id = state.bookmarks.items.randomElement(using: &random)?.id ?? 0
            return .memoEditedExternally(bookmarkID: id, text: Hostile.text(using: &random), problem: nil)
        default:
            return .doneHookFailed(Hostile.text(using: &random))
        }
    }

    fileprivate static func gap(using random: inout SplitMix) -> Duration {
        switch Int.random(in: 0 ..< 10, using: &random) {
        case 0 ..< 3: .zero
        case 3 ..< 8: .milliseconds(Int64.random(in: 0 ... 3000, using: &random))
        default: .milliseconds(Int64.random(in: 0 ... 400_000, using: &random))
        }
    }

    fileprivate static func size(using random: inout SplitMix) -> Size {
        switch Int.random(in: 0 ..< 8, using: &random) {
        case 0: Size(width: 0, height: 0)
        case 1: Size(width: 1, height: 1)
        case 2: Size(width: 80, height: 24)
        case 3: Size(width: Int.random(in: 0 ... 40, using: &random), height: Int.random(in: 0 ... 12, using: &random))
        default: Size(width: Int.random(in: 0 ... 300, using: &random), height: Int.random(in: 0 ... 100, using: &random))
        }
    }
}

// MARK: - What every frame must be

private enum GridCheck {
    /// Bidi embeddings, overrides and isolates, and the marks that steer them: drawn, they would
    /// reorder everything after them on the terminal's line.
    static func isBidiControl(_ value: UInt32) -> Bool {
        (0x202A ... 0x202E).contains(value) || (0x2066 ... 0x2069).contains(value) || value == 0x200E || value == 0x200F || value == 0x061C
    }

    static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || value == 0x7F || (0x80 ... 0x9F).contains(value)
    }

    /// Everything wrong with `grid` as the frame of `state`. With `checkBorders`, each panel's
    /// frame must stand whole, its right border in its column on every row.
    static func problems(in grid: Grid, of state: AppState, checkBorders: Bool) -> [String] {
        var problems: [String] = []
        let size = state.size
        guard grid.width == size.width, grid.height == size.height, grid.cells.count == size.width * size.height else {
            return ["the grid is \(grid.width)×\(grid.height) with \(grid.cells.count) cells"]
        }
        let width = grid.width
        for y in 0 ..< grid.height {
            let row = grid.text(row: y)
            let columns = TextWidth.columns(of: row)
            if columns > width { problems.append("row \(y) is \(columns) columns wide: \(row.debugDescription)") }
        }
        let cells = grid.cells
        for index in cells.indices {
            let cell = cells[index]
            let value = cell.scalar.value
            let x = index % width
            if value < 0x20 || (value >= 0x7F && value <= 0x9F) || (value >= 0x61C && isBidiControl(value)) {
                problems.append("a control U+\(String(value, radix: 16)) at \(x),\(index / width) in \(grid.text(row: index / width).debugDescription)")
            }
            // A two-column glyph and the cell it covers always come as a pair.
            if cell.isContinuation {
                if x == 0 || cells[index - 1].isContinuation || TextWidth.columns(of: cells[index - 1].scalar) != 2 {
                    problems.append("a second half without its glyph at \(x),\(index / width) in \(grid.text(row: index / width).debugDescription)")
                }
            } else if value >= 0x1100, TextWidth.columns(of: cell.scalar) == 2, x + 1 >= width || !cells[index + 1].isContinuation {
                problems.append("a wide glyph without its second half at \(x),\(index / width) in \(grid.text(row: index / width).debugDescription)")
            }
            if problems.count > 5 { return problems }
        }
        for (index, marks) in grid.marks where marks.contains(where: { isControl($0.value) || isBidiControl($0.value) }) {
            problems.append("a control among the marks at \(index % width),\(index / width)")
        }
        if checkBorders { problems += borderProblems(in: grid, of: state) }
        return problems
    }

    /// Each panel's frame: corners and sides in place, and the columns before its right border
    /// adding up to exactly that border's column.
    static func borderProblems(in grid: Grid, of state: AppState) -> [String] {
        let glyphs = Glyphs.unicode
        let layout = Layout.compute(for: state)
        let rects = Panel.allCases.compactMap { panel in layout.rect(of: panel, focus: state.focus).map { (panel, $0) } }
            .filter { $0.1.width >= 2 && $0.1.height >= 2 }
        guard !rects.isEmpty else { return [] }
        var problems: [String] = []
        let cells = grid.cells
        // Per row, the columns the glyphs before each x take, as a terminal would count them.
        var columnsBefore = [Int](repeating: 0, count: grid.width + 1)
        for y in rects.map({ $0.1.y }).min()! ..< rects.map({ $0.1.maxY }).max()! {
            for x in 0 ..< grid.width {
                let cell = cells[y * grid.width + x]
                columnsBefore[x + 1] = columnsBefore[x] + (cell.isContinuation ? 0 : TextWidth.columns(of: cell.scalar))
            }
            for (panel, rect) in rects where (rect.y ..< rect.maxY).contains(y) {
                let (left, right): (Unicode.Scalar, Unicode.Scalar) =
                    y == rect.y ? (glyphs.topLeft, glyphs.topRight)
                    : y == rect.maxY - 1 ? (glyphs.bottomLeft, glyphs.bottomRight) : (glyphs.vertical, glyphs.vertical)
                if grid[rect.x, y].scalar != left || grid[rect.maxX - 1, y].scalar != right {
                    problems.append("\(panel) row \(y): the frame reads \(grid[rect.x, y].scalar)…\(grid[rect.maxX - 1, y].scalar): \(grid.text(row: y).debugDescription)")
                } else if columnsBefore[rect.maxX - 1] != rect.maxX - 1 {
                    problems.append("\(panel) row \(y): the right border is at column \(columnsBefore[rect.maxX - 1]), not \(rect.maxX - 1): \(grid.text(row: y).debugDescription)")
                }
            }
            if problems.count > 5 { break }
        }
        return problems
    }
}

// MARK: - States

/// A dashboard with something everywhere: a running stopwatch with laps, countdowns in every
/// phase (one ringing, with steps), bookmarks with Hangul and emoji memos, and each overlay.
private struct BusyDashboard: Sendable {
    let name: String
    var state: AppState
    /// False for the overlays drawn over the panels (help, catalog, memo), which cover their frames.
    let keepsPanelsVisible: Bool

    static let variants: [BusyDashboard] = {
        let base = busyBase(catalog: viewCatalog, label: { $0 }, memo: "물 500 ml 🍜 then 계란\n[03:00] egg 🥚 in\n계란은 3분에 👍🏽 e\u{301}")
        let bookmark = base.bookmarks.items[0].id
        return overlays(of: base, bookmark: bookmark, memo: base.bookmarks.items[0].memo, prompt: "4:30 신라면 🍜")
    }()

    static func overlays(of base: AppState, bookmark: Int, memo: String, prompt: String) -> [BusyDashboard] {
        func with(_ overlay: Overlay?, focus: Panel) -> AppState {
            var state = base
            state.overlay = overlay
            state.focus = focus
            return state
        }
        return [
            BusyDashboard(name: "dashboard", state: with(nil, focus: .stopwatch), keepsPanelsVisible: true),
            BusyDashboard(name: "help", state: with(.help(scroll: 0), focus: .timers), keepsPanelsVisible: false),
            BusyDashboard(name: "help scrolled", state: with(.help(scroll: 7), focus: .stopwatch), keepsPanelsVisible: false),
            BusyDashboard(name: "catalog", state: with(.catalog(CatalogPicker(query: "", row: 1)), focus: .bookmarks), keepsPanelsVisible: false),
            BusyDashboard(name: "catalog search", state: with(.catalog(CatalogPicker(query: prompt, row: 0)), focus: .bookmarks), keepsPanelsVisible: false),
            BusyDashboard(name: "memo editor", state: with(.memo(MemoEditor(bookmarkID: bookmark, text: memo)), focus: .bookmarks), keepsPanelsVisible: false),
            BusyDashboard(name: "own-time prompt", state: with(.ownTime(bookmarkID: bookmark, text: TextField(prompt)), focus: .bookmarks), keepsPanelsVisible: true),
            BusyDashboard(name: "new-timer prompt", state: with(.newTimer(text: TextField(prompt)), focus: .timers), keepsPanelsVisible: true),
        ]
    }

    /// The state under the overlays; `label` turns each ordinary label into the one to draw.
    static func busyBase(catalog: Catalog, label: (String) -> String, memo: String) -> AppState {
        var state = AppState(size: Size(width: 120, height: 40), now: origin, catalog: catalog)
        for (key, t) in [(Key.space, 0.0), (.character("l"), 20.5), (.character("l"), 35.75), (.character("l"), 65), (.character("l"), 82)] {
            _ = update(&state, .keyPressed(key), at: at(t))
        }
        let now = at(3723.45)
        _ = update(&state, .ticked, at: now)
        let instant = now.instant
        state.timers.replaceCountdowns([
            Countdown(id: 1, label: label("Shin Ramyun 신라면 🍜"), total: .seconds(270), phase: .ringing(deadline: instant.advanced(by: .seconds(-12))),
                      steps: [TimedStep(offset: .zero, text: label("soup, flakes 건더기")), TimedStep(offset: .seconds(120), text: label("egg 🥚 계란"))], cuedSteps: 2),
            Countdown(id: 2, label: label("Jin Ramen 진라면"), total: .seconds(240), phase: .running(deadline: instant.advanced(by: .milliseconds(95_500))),
                      steps: [TimedStep(offset: .seconds(60), text: label("stir")), TimedStep(offset: .seconds(200), text: label("drain"))], cuedSteps: 1),
            Countdown(id: 3, label: "", total: .seconds(90), phase: .paused(remaining: .seconds(42)), steps: [], cuedSteps: 0),
            Countdown(id: 4, label: label("tea 🍵"), total: .seconds(180), phase: .done(deadline: instant.advanced(by: .seconds(-30))), steps: [], cuedSteps: 0),
            Countdown(id: 5, label: label("King Cup 왕뚜껑 with a label far too long for any row"), total: .seconds(36_000),
                      phase: .missed(deadline: instant.advanced(by: .seconds(-4000))), steps: [], cuedSteps: 0),
        ], at: instant)
        for (index, id) in (catalog.entries.map(\.id) + [label("gone-product")]).enumerated() {
            state.bookmarks.add(catalogID: id, id: index + 1)
            state.bookmarks.changeSelected { $0.memo = memo }
        }
        state.bookmarks.moveSelection(by: -99)
        state.bookmarks.changeSelected { $0.ownTime = .seconds(255) }
        state.bookmarks.moveSelection(by: 1)
        state.bookmarks.changeSelected { $0.packs = 3 }
        state.status = StatusMessage(label("신라면 4:30 준비"), shownAt: instant)
        return state
    }
}

/// Text written to take over a terminal: escape sequences, C1 controls, bidi overrides and more.
private enum Hostile {
    static let pieces = [
        "\u{1B}", "\u{1B}[2J\u{1B}[H", "\u{1B}[31mred\u{1B}[0m", "\u{1B}]52;c;ZXZpbA==\u{07}", "\u{1B}]8;;https://evil.example\u{1B}\\click\u{1B}]8;;\u{1B}\\",
        "\u{1B}]0;title\u{07}", "\u{9B}31m", "\u{9D}52;c;ZXZpbA==\u{9C}", "\u{80}", "\u{85}", "\u{9F}", "\u{07}", "\u{00}", "\u{08}", "\u{7F}", "\r", "\t",
        "\u{202E}evil\u{202C}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{202A}", "\u{202B}", "\u{202D}",
        "\u{200D}", "👨‍👩‍👧", "🧑🏽‍🍳", "🍜", "🇰🇷", "e\u{301}\u{302}\u{303}", "\u{301}", "\u{20DD}", "각\u{11A8}", "\u{1100}\u{1161}\u{11A8}",
        "\u{FEFF}", "\u{200B}", "\u{2028}", "\u{2029}", "\u{FFFD}", "\u{E000}", "\u{10FFFF}", "\u{0378}", "신라면", "ﷺ", "𒐫", "\u{FE0F}",
    ]

    static func text(using random: inout SplitMix) -> String {
        (0 ..< Int.random(in: 1 ... 8, using: &random)).map { _ in
            Bool.random(using: &random) ? pieces.randomElement(using: &random)! : ["a", " ", "Shin", "4:30", "\n", "[01:00] "].randomElement(using: &random)!
        }.joined()
    }

    /// The busy dashboard and its overlays with `text()` in every label, name, memo and prompt.
    static func dashboards(_ text: () -> String) -> [BusyDashboard] {
        let catalog = Catalog(entries: viewCatalog.entries.map { entry in
            CatalogEntry(id: entry.id, name: text() + entry.name, koreanName: text(), brand: text(), time: entry.time,
                         water: Water(millilitres: entry.water.millilitres, instruction: text(), byPacks: entry.water.byPacks),
                         note: text(), steps: [TimedStep(offset: .seconds(30), text: text())], confidence: entry.confidence)
        })
        let memo = text() + "\n[01:00] " + text() + "\n" + text()
        let base = BusyDashboard.busyBase(catalog: catalog, label: { $0 + text() }, memo: memo)
        return BusyDashboard.overlays(of: base, bookmark: base.bookmarks.items[0].id, memo: memo, prompt: "4:30 " + text())
    }
}


