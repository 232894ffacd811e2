/// The most text each text entry takes. A paste of any size then costs each key at most this much
/// work, and nothing typed grows past what a row of the screen or a memo is meant to hold.
public struct TextLimit: Sendable, Equatable {
    public let characters: Int
    /// Combining marks or emoji modifiers join the character before them, so characters alone
    /// would let a paste of them grow without end; real text stays well under 8 bytes a character.
    public var bytes: Int { characters * 8 }
    /// What the status line says when typing or a paste goes past the limit.
    public let cutMessage: String

    /// A countdown's time and label, or a bookmark's own time: the widest terminal rows are about
    /// this wide, so a longer label could never be read whole.
    public static let prompt = TextLimit(characters: 200, cutMessage: "Text cut to 200 characters, the most a prompt takes")
    /// A memo: a recipe with its notes runs to a few thousand characters; ten thousand leaves
    /// room for a long one and still keeps each key's work small.
    public static let memo = TextLimit(characters: 10_000, cutMessage: "Memo cut to 10,000 characters, the most a memo takes")
    /// The catalog search: product names are well under 100 characters, so a longer query
    /// could match nothing.
    public static let search = TextLimit(characters: 100, cutMessage: "Search cut to 100 characters, the most it takes")
}

extension TextLimit {
    /// The start of `text` that fits, for text that arrives whole (a memo from the external editor,
    /// a label from `noodle add`); nil when all of it fits.
    public func cut(_ text: String) -> String? {
        guard text.utf8.count > characters else { return nil }
        var kept = ""
        var count = 0
        for character in text {
            guard count < characters, kept.utf8.count + character.utf8.count <= bytes else { break }
            kept.append(character)
            count += 1
        }
        return kept.utf8.count == text.utf8.count ? nil : kept
    }
}

/// `text` with `character` typed after it; `text` unchanged, and the status saying so, when it is
/// already as long as `limit` allows.
func typing(_ character: Character, after text: String, limit: TextLimit, _ state: inout AppState) -> String {
    // Every character takes at least one byte, so only a text near the limit needs counting. A
    // full text takes nothing more, not even a mark that would join its last character: what is
    // kept is always the start of what was typed.
    guard text.utf8.count < limit.characters || (text.utf8.count < limit.bytes && text.count < limit.characters) else {
        state.sayTextCut(at: limit)
        return text
    }
    return text + String(character)
}

extension AppState {
    mutating func sayTextCut(at limit: TextLimit) {
        status = StatusMessage(limit.cutMessage, tone: .hint, shownAt: now.instant)
    }
}
