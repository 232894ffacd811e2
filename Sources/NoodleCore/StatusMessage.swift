/// A short message for the header's status line that goes away on its own.
public struct StatusMessage: Sendable, Equatable {
    public enum Tone: Sendable, Equatable { case info, hint, error }

    public var text: String
    public var tone: Tone
    public var expires: ContinuousClock.Instant

    public static let lifetime: Duration = .seconds(4)

    public init(_ text: String, tone: Tone = .info, shownAt now: ContinuousClock.Instant, lifetime: Duration = Self.lifetime) {
        self.text = text
        self.tone = tone
        self.expires = now.advanced(by: lifetime)
    }
}
