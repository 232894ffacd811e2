/// A product the user keeps at hand, with what they have learned about cooking it.
public struct Bookmark: Sendable, Equatable, Identifiable {
    /// Negative until the store numbers it (see `AppState.takeLocalID`).
    public internal(set) var id: Int
    public let catalogID: String
    /// The user's own cooking time; nil means the catalog's recommendation.
    public var ownTime: Duration?
    public var memo: String
    /// How many packs the water is shown for, 1 to `maxPacks`.
    public var packs: Int

    public static let maxPacks = 5

    public init(id: Int, catalogID: String, ownTime: Duration? = nil, memo: String = "", packs: Int = 1) {
        self.id = id
        self.catalogID = catalogID
        self.ownTime = ownTime
        self.memo = memo
        self.packs = min(max(1, packs), Self.maxPacks)
    }

    /// The time a countdown from this bookmark runs: the user's own, else the recommendation.
    public func effectiveTime(in catalog: Catalog) -> Duration? {
        ownTime ?? catalog[catalogID]?.time
    }

    /// The memo's first line, for the list row.
    public var memoHeadline: Substring {
        memo.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first ?? ""
    }

    /// The memo's `[mm:ss] text` lines, each read on its own so one typo loses only its line.
    public var memoSteps: [TimedStep] {
        memo.split(separator: "\n").compactMap { line in
            TimedSteps.looksLikeStep(line) ? try? TimedSteps.parse(String(line)).get().first : nil
        }
    }

    /// What is wrong with the memo's steps, one phrase each, so a typo is said rather than kept
    /// quietly as prose: a line that looks like a step but cannot be read (`line 3: '[4:7x]' is
    /// not a time like [04:30]`), and a step after the end of a countdown of length `end`.
    public func memoStepProblems(end: Duration?) -> [String] {
        var problems: [String] = []
        for (index, line) in memo.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where TimedSteps.looksLikeStep(line) {
            switch TimedSteps.parse(String(line)) {
            case .failure(let errors):
                problems += errors.lines.map { "line \(index + 1): \($0.reason)" }
            case .success(let steps):
                if let end, let step = steps.first, step.offset > end {
                    problems.append("line \(index + 1): [\(DurationFormat.countdown(step.offset))] is after the end (\(DurationFormat.countdown(end)))")
                }
            }
        }
        return problems
    }

    /// The memo's other lines: what a person wrote rather than a step.
    public var memoProse: [Substring] {
        memo.split(separator: "\n").filter { line in
            !TimedSteps.looksLikeStep(line) || (try? TimedSteps.parse(String(line)).get()) == nil
        }
    }

    /// The steps a countdown from this bookmark carries: the catalog's, then any `[mm:ss]` lines
    /// of the memo, in time order (catalog first where two fall on the same second).
    /// Steps after the end of the countdown are left out: they could never be cued.
    public func steps(in catalog: Catalog) -> [TimedStep] {
        let end = effectiveTime(in: catalog)
        let all = (catalog[catalogID]?.steps ?? []) + memoSteps.filter { step in end.map { step.offset <= $0 } ?? true }
        return all.enumerated().sorted { ($0.element.offset, $0.offset) < ($1.element.offset, $1.offset) }.map(\.element)
    }
}
