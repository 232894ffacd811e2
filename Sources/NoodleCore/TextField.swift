/// One line of text being typed, with a cursor. Every prompt (a new countdown, a bookmark's own
/// time, the catalog search) edits through this one type, so the same keys do the same things:
/// ←/→, Home/End and ^A/^E move; Backspace and Delete remove a character; ^U removes to the
/// start, ^K to the end, ^W the word before the cursor.
public struct TextField: Sendable, Equatable, ExpressibleByStringLiteral {
    public private(set) var text: String
    /// Characters (as a person counts them: Hangul syllables and emoji whole) before the cursor.
    public private(set) var cursor: Int

    /// `text` with the cursor at its end, where typing goes on.
    public init(_ text: String = "") {
        self.text = text
        cursor = text.count
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    public var isEmpty: Bool { text.isEmpty }

    /// The text before and after the cursor.
    public var split: (before: Substring, after: Substring) {
        let index = text.index(text.startIndex, offsetBy: cursor)
        return (text[..<index], text[index...])
    }

    /// Applies an editing key; returns false for a key that does not edit text (Enter, Esc, ↑…),
    /// which is the prompt's own to handle. Typing past `limit` keeps the text and says so.
    mutating func edit(_ key: Key, limit: TextLimit, _ state: inout AppState) -> Bool {
        switch key {
        case .character(let character):
            insert(character, limit: limit, &state)
        case .backspace:
            guard cursor > 0 else { return true }
            remove(from: cursor - 1, to: cursor)
        case .delete, .control("d"):
            remove(from: cursor, to: min(text.count, cursor + 1))
        case .left, .control("b"):
            cursor = max(0, cursor - 1)
        case .right, .control("f"):
            cursor = min(text.count, cursor + 1)
        case .home, .control("a"):
            cursor = 0
        case .end, .control("e"):
            cursor = text.count
        case .control("u"):
            remove(from: 0, to: cursor)
        case .control("k"):
            remove(from: cursor, to: text.count)
        case .control("w"):
            let before = Array(split.before)
            var start = before.count
            while start > 0, before[start - 1].isWhitespace { start -= 1 }
            while start > 0, !before[start - 1].isWhitespace { start -= 1 }
            remove(from: start, to: cursor)
        default:
            return false
        }
        return true
    }

    private mutating func insert(_ character: Character, limit: TextLimit, _ state: inout AppState) {
        if cursor == text.count {
            // At the end, where a paste goes on: appending costs nothing per character already typed.
            let typed = typing(character, after: text, limit: limit, &state)
            guard typed != text else { return }
            text = typed
            cursor = text.count
            return
        }
        let (before, after) = split
        let typed = typing(character, after: String(before), limit: TextLimit(characters: limit.characters - after.count, cutMessage: limit.cutMessage), &state)
        guard typed.count > before.count else { return }
        text = typed + after
        cursor = typed.count
    }

    private mutating func remove(from start: Int, to end: Int) {
        guard start < end else { return }
        let lower = text.index(text.startIndex, offsetBy: start)
        let upper = text.index(lower, offsetBy: end - start)
        text.removeSubrange(lower ..< upper)
        cursor = start
    }
}
