import NoodleCore
import Testing

/// A paste arrives as one key per character, all in one batch. Each text entry keeps the start of
/// it up to its limit, says it cut the rest, and takes time in proportion to the paste: before,
/// 100 KB took 32 s in the memo editor. Speed itself is `make bench`'s business; these bounds
/// only catch work that grows with the text already typed.
@Suite("Pasting into text entries")
struct PasteTests {
    /// Hangul, an emoji and one with a skin-tone modifier sent as its own key, as a terminal sends it.
    static func pasted(kilobytes: Int, lines: Bool = false) -> String {
        let unit = "Shin 신라면 🍜 👍🏽 water 550 ml" + (lines ? "\n" : " ")
        return String(repeating: unit, count: kilobytes * 1024 / unit.utf8.count + 1)
    }

    static func keys(_ text: String) -> [Key] {
        text.unicodeScalars.map { $0 == "\n" ? .enter : .character(Character($0)) }
    }

    enum Entry: CaseIterable {
        case newTimer, ownTime, memo, catalogSearch

        var limit: TextLimit {
            switch self {
            case .newTimer, .ownTime: .prompt
            case .memo: .memo
            case .catalogSearch: .search
            }
        }

        func opened() -> AppState {
            var state = catalogState()
            if self != .catalogSearch {
                // A bookmark to hang the own time and memo on.
                press(.character("a"), &state, at: 0)
                press(.enter, &state, at: 0)
                press(.escape, &state, at: 0)
            }
            switch self {
            case .newTimer:
                state.focus = .timers
                press(.character("n"), &state, at: 0)
            case .ownTime: press(.character("e"), &state, at: 0)
            case .memo: press(.character("m"), &state, at: 0)
            case .catalogSearch: press(.character("a"), &state, at: 0)
            }
            return state
        }

        func text(_ state: AppState) -> String? {
            switch state.overlay {
            case .newTimer(let field) where self == .newTimer: field.text
            case .ownTime(_, let field) where self == .ownTime: field.text
            case .memo(let editor) where self == .memo: editor.text
            case .catalog(let picker) where self == .catalogSearch: picker.query
            default: nil
            }
        }
    }

    /// The state after the paste, and how long `update` took over all of its keys.
    static func paste(_ text: String, into entry: Entry) -> (AppState, Duration) {
        var state = entry.opened()
        let keys = keys(text)
        let clock = ContinuousClock()
        let start = clock.now
        for key in keys { update(&state, .keyPressed(key), at: at(1)) }
        return (state, clock.now - start)
    }

    @Test("100 KB pasted into any entry keeps its start up to the limit and says the rest was cut",
          arguments: Entry.allCases)
    func cutAtTheLimit(entry: Entry) throws {
        let text = Self.pasted(kilobytes: 100, lines: entry == .memo)
        let (state, _) = Self.paste(text, into: entry)
        let kept = try #require(entry.text(state), "the entry closed: \(String(describing: state.overlay))")
        #expect(kept.count == entry.limit.characters)
        #expect(text.unicodeScalars.starts(with: kept.unicodeScalars), "what is kept is the start of the paste")
        #expect(state.status?.text == entry.limit.cutMessage)
    }

    @Test("a paste takes time in proportion to its size, not to the text already typed", arguments: Entry.allCases)
    func linearTime(entry: Entry) {
        // Measured first so the larger one runs warm; a quadratic entry took 100 times as long for 10 times the text.
        let (_, small) = Self.paste(Self.pasted(kilobytes: 10, lines: entry == .memo), into: entry)
        let (_, large) = Self.paste(Self.pasted(kilobytes: 100, lines: entry == .memo), into: entry)
        #expect(large < .seconds(5))
        #expect(large < small * 25 + .milliseconds(200), "10 KB took \(small), 100 KB \(large)")
    }

    @Test("a memo pasted as one long line is linear too")
    func oneLongMemoLine() {
        let (state, took) = Self.paste(Self.pasted(kilobytes: 100), into: .memo)
        #expect(took < .seconds(5))
        guard case .memo(let editor) = state.overlay else { Issue.record("the editor closed"); return }
        #expect(editor.count == TextLimit.memo.characters && editor.lines.count == 1)
    }

    @Test("below the limit nothing is cut and nothing is said")
    func shortPasteIsWhole() throws {
        let text = String(repeating: "라", count: TextLimit.prompt.characters - 1)
        let (state, _) = Self.paste(text, into: .newTimer)
        #expect(Entry.newTimer.text(state) == text)
        #expect(state.status?.text != TextLimit.prompt.cutMessage)
    }
}

@Suite("Text that arrives whole is cut at the same limits")
struct WholeTextLimitTests {
    @Test("cut keeps the start within the characters and the bytes; nothing to cut is nil")
    func cut() {
        #expect(TextLimit.prompt.cut("tea") == nil)
        let long = String(repeating: "신", count: 250)
        #expect(TextLimit.prompt.cut(long) == String(repeating: "신", count: 200))
        let marks = "e" + String(repeating: "\u{301}", count: 400)
        let kept = TextLimit.prompt.cut(marks)
        #expect(kept.map { $0.utf8.count <= TextLimit.prompt.bytes && marks.hasPrefix($0) } != false)
    }

    @Test("a memo from the external editor is cut at 10,000 characters, stored so and said")
    func externalMemo() {
        var state = catalogState()
        state.bookmarks.add(catalogID: "jin-ramen", id: 3)
        let text = String(repeating: "라면 ", count: 4000)
        let effects = update(&state, .memoEditedExternally(bookmarkID: 3, text: text, problem: nil), at: at(1))
        let kept = String(text.prefix(10_000))
        #expect(effects == [.store(.setMemo(id: 3, memo: kept))])
        #expect(state.bookmarks.items[0].memo == kept)
        #expect(state.status?.text == TextLimit.memo.cutMessage)
    }
}
