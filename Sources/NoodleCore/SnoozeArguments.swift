/// `noodle snooze [LABEL] [DURATION]`: a label may hold spaces, so the words are split here.
/// The last word is the duration when it reads as one (`noodle snooze Shin Ramyun 2m`), unless
/// all the words together are exactly a ringing countdown's label (`Jin Ramen 2`): a label
/// that ends in a number still names its countdown.
public struct SnoozeArguments: Sendable, Equatable {
    public var label: String?
    public var duration: Duration?

    public init(label: String?, duration: Duration?) {
        self.label = label
        self.duration = duration
    }

    /// `labels`: those of the countdowns that ring. A last word that is a duration out of range
    /// (`0`, `100h`) is an error rather than part of a label.
    public static func parse(_ words: [String], labels: [String]) -> Result<SnoozeArguments, DurationInputError> {
        let whole = words.joined(separator: " ")
        guard let last = words.last else { return .success(SnoozeArguments(label: nil, duration: nil)) }
        if labels.contains(where: { NameMatch<String>.fold($0) == NameMatch<String>.fold(whole) }) {
            return .success(SnoozeArguments(label: whole, duration: nil))
        }
        let rest = words.dropLast().joined(separator: " ")
        switch DurationInput.parse(last) {
        case .success(let input) where input.label.isEmpty:
            return .success(SnoozeArguments(label: rest.isEmpty ? nil : rest, duration: input.duration))
        case .failure(let error) where error == .zero || error == .tooLong || error == .negative || error.isPartOutOfRange:
            // Clearly meant as a duration, and one no countdown can take.
            return .failure(error)
        default:
            return .success(SnoozeArguments(label: whole, duration: nil))
        }
    }
}

private extension DurationInputError {
    var isPartOutOfRange: Bool {
        if case .partOutOfRange = self { return true }
        return false
    }
}
