/// Which item a name typed on the command line means, by one rule for countdowns and bookmarks
/// alike: a name equal to the typed text wins, else the one name that starts with it. Case and
/// runs of spaces do not count (`noodle ack shin  ramyun` is Shin Ramyun); Hangul has no case
/// and compares as typed. Equal names on several items, or a prefix of several, mean nothing
/// on their own: acting on a guess could stop the wrong alarm.
public enum NameMatch<Item> {
    case one(Item)
    /// In the order given.
    case several([Item])
    case none

    /// `names` gives each item's names (a product has its English and Korean names and its id).
    public static func find(_ query: String, in items: [Item], names: (Item) -> [String]) -> NameMatch {
        let wanted = fold(query)
        guard !wanted.isEmpty else { return .none }
        let folded = items.map { names($0).map(fold) }
        let exact = items.indices.filter { folded[$0].contains(wanted) }
        if !exact.isEmpty { return match(exact.map { items[$0] }) }
        return match(items.indices.filter { folded[$0].contains { $0.hasPrefix(wanted) } }.map { items[$0] })
    }

    private static func match(_ found: [Item]) -> NameMatch {
        switch found.count {
        case 0: .none
        case 1: .one(found[0])
        default: .several(found)
        }
    }

    /// Lowercased, trimmed, each run of whitespace one space.
    static func fold(_ text: String) -> String {
        text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

extension NameMatch: Sendable where Item: Sendable {}
extension NameMatch: Equatable where Item: Equatable {}
