/// The built-in products, in the order the data file lists them.
public struct Catalog: Sendable, Equatable {
    public let entries: [CatalogEntry]
    private let positions: [String: Int]
    /// Each entry's searchable text, folded once: search runs on every key typed.
    private let keys: [SearchKey]

    public init(entries: [CatalogEntry]) {
        self.entries = entries
        var positions: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where positions[entry.id] == nil { positions[entry.id] = index }
        self.positions = positions
        keys = entries.map { SearchKey($0.name + " " + $0.brand + " " + $0.koreanName) }
    }

    public static let empty = Catalog(entries: [])

    public subscript(id: String) -> CatalogEntry? {
        positions[id].map { entries[$0] }
    }

    /// Positions of the entries that match `query`, in catalog order; every entry for an empty query.
    /// Matching ignores case and spacing, and a Hangul initial consonant (ㅅ) matches any syllable
    /// that starts with it, so `ㅅㄹㅁ` finds 신라면 and `신ㄹ` does too. Words may come in any
    /// order: `nongshim shin` finds Shin Ramyun as `shinramyun` does.
    public func search(_ query: String) -> [Int] {
        let folded = SearchKey.fold(query)
        if folded.isEmpty { return Array(entries.indices) }
        let words = query.split(whereSeparator: \.isWhitespace).map { SearchKey.fold(String($0)) }
        return entries.indices.filter { index in
            keys[index].contains(folded) || (words.count > 1 && words.allSatisfy { keys[index].contains($0) })
        }
    }
}
