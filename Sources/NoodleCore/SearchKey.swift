/// Text prepared for incremental search: lowercased, without spaces, as Unicode scalars.
struct SearchKey: Sendable, Equatable {
    let scalars: [Unicode.Scalar]

    init(_ text: String) {
        scalars = Self.fold(text)
    }

    /// Lowercase and drop whitespace, so `shinramyun` finds "Shin Ramyun" and `신 라면` finds 신라면.
    static func fold(_ text: String) -> [Unicode.Scalar] {
        text.lowercased().unicodeScalars.filter { !$0.properties.isWhitespace }
    }

    /// Whether `query` occurs anywhere, a query jamo standing for any syllable with that initial.
    func contains(_ query: [Unicode.Scalar]) -> Bool {
        guard query.count <= scalars.count else { return false }
        for start in 0 ... scalars.count - query.count {
            var offset = 0
            while offset < query.count, Hangul.matches(query[offset], scalars[start + offset]) { offset += 1 }
            if offset == query.count { return true }
        }
        return false
    }
}

/// Hangul syllable arithmetic, from the Unicode standard's composition formula.
enum Hangul {
    private static let syllables: ClosedRange<UInt32> = 0xAC00 ... 0xD7A3
    /// Syllables per initial consonant: 21 vowels × 28 finals.
    private static let perInitial: UInt32 = 21 * 28
    /// The 19 initial consonants as the compatibility jamo a keyboard types (ㄱ, not the conjoining ᄀ).
    private static let initials: [Unicode.Scalar] = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ".unicodeScalars.map { $0 }

    /// The initial consonant of a precomposed syllable, as compatibility jamo.
    static func initial(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard syllables.contains(scalar.value) else { return nil }
        return initials[Int((scalar.value - syllables.lowerBound) / perInitial)]
    }

    static func isInitialJamo(_ scalar: Unicode.Scalar) -> Bool {
        initials.contains(scalar)
    }

    /// A query scalar matches itself, and an initial consonant also matches syllables it begins.
    static func matches(_ query: Unicode.Scalar, _ text: Unicode.Scalar) -> Bool {
        query == text || (isInitialJamo(query) && initial(of: text) == query)
    }
}
