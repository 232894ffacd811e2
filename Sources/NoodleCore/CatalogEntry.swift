/// One ramen product in the built-in catalog, as the maker (or the best public source) cooks it.
public struct CatalogEntry: Sendable, Equatable, Identifiable {
    /// How far the facts can be trusted; below high, the note sends the user to the pack.
    public enum Confidence: String, Sendable, Equatable, CaseIterable {
        case high, medium, low
    }

    /// A stable key (`shin-ramyun`), stored in bookmarks, so renaming a product keeps them.
    public let id: String
    public let name: String
    public let koreanName: String
    public let brand: String
    public let time: Duration
    public let water: Water
    public let note: String
    public let steps: [TimedStep]
    public let confidence: Confidence

    public init(
        id: String, name: String, koreanName: String, brand: String, time: Duration, water: Water,
        note: String = "", steps: [TimedStep] = [], confidence: Confidence
    ) {
        self.id = id
        self.name = name
        self.koreanName = koreanName
        self.brand = brand
        self.time = time
        self.water = water
        self.note = note
        self.steps = steps
        self.confidence = confidence
    }
}

/// How much water a product takes: millilitres where the pack gives a number, words where it
/// gives a line to fill to, and the maker's own table for several packs where there is one.
public struct Water: Sendable, Equatable {
    /// One pack's water, when it is a number.
    public let millilitres: Int?
    /// The words for products without a number: "to the inner line", "check the pack".
    public let instruction: String?
    /// The maker's water for 1, 2, 3… packs; empty when the maker gives none.
    public let byPacks: [Int]

    public init(millilitres: Int?, instruction: String? = nil, byPacks: [Int] = []) {
        self.millilitres = millilitres
        self.instruction = instruction
        self.byPacks = byPacks
    }

    /// What to show for `packs` packs.
    public struct Amount: Sendable, Equatable {
        public let text: String
        /// True when noodle worked the figure out rather than the maker giving it.
        public let isEstimate: Bool

        public init(text: String, isEstimate: Bool) {
            self.text = text
            self.isEstimate = isEstimate
        }
    }

    /// The water for `packs` packs: the maker's figure where the table has one; otherwise an
    /// estimate marked ≈. The extra-pack step follows the makers' tables, which add about
    /// 50 ml less than a pack's own water for each pack after the first.
    public func amount(forPacks packs: Int) -> Amount {
        let packs = max(1, packs)
        if packs <= byPacks.count { return Amount(text: "\(byPacks[packs - 1]) ml", isEstimate: false) }
        if let last = byPacks.last, byPacks.count >= 2 {
            let step = last - byPacks[byPacks.count - 2]
            return Amount(text: "≈\(roundedToTen(last + step * (packs - byPacks.count))) ml", isEstimate: true)
        }
        if let one = millilitres {
            if packs == 1 { return Amount(text: "\(one) ml", isEstimate: false) }
            return Amount(text: "≈\(roundedToTen(one + (one - 50) * (packs - 1))) ml", isEstimate: true)
        }
        let words = instruction ?? "check the pack"
        return Amount(text: packs == 1 ? words : "\(packs) packs: \(words)", isEstimate: false)
    }

    /// The short form for list rows: "550 ml", or the instruction.
    public var summary: String { amount(forPacks: 1).text }

    private func roundedToTen(_ value: Int) -> Int { (value + 5) / 10 * 10 }
}
