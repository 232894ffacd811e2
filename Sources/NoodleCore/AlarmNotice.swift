/// A desktop notification about one countdown: its alarm, the alarm still ringing, or the warning
/// before its end. The shell decides how it travels (D-Bus, a terminal's OSC sequence); notices
/// about the same countdown replace one another rather than pile up.
public struct AlarmNotice: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The countdown just ended: urgent, with buttons.
        case finished
        /// The alarm repeats, unanswered: the same notification, brought up to date.
        case stillRinging
        /// `warn_before` ahead of the end: a quiet heads-up, no buttons.
        case warning
    }

    public var countdownID: Int
    public var kind: Kind
    public var title: String
    public var body: String
    /// What the snooze button gives (config `snooze`); the button is offered when it differs from +1 min.
    public var snooze: Duration

    public init(countdownID: Int, kind: Kind, title: String, body: String, snooze: Duration) {
        self.countdownID = countdownID
        self.kind = kind
        self.title = title
        self.body = body
        self.snooze = snooze
    }

    /// The buttons a ringing countdown's notification carries, in the order shown.
    public var answers: [NoticeAnswer] {
        guard kind != .warning else { return [] }
        return snooze == .seconds(60) ? [.stop, .addMinute] : [.stop, .addMinute, .snooze]
    }

    /// A button's words.
    public func label(for answer: NoticeAnswer) -> String {
        switch answer {
        case .stop: "Stop"
        case .addMinute: "+1 min"
        case .snooze: "Snooze " + Self.length(snooze)
        }
    }

    /// `5 min` for whole minutes, else as a countdown reads (`1:30`, `0:45`).
    private static func length(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds % 60 == 0 ? "\(seconds / 60) min" : DurationFormat.countdown(duration)
    }
}

/// A button pressed on a countdown's notification. The raw values travel as the buttons' keys.
public enum NoticeAnswer: String, Sendable, Equatable, CaseIterable {
    case stop
    case addMinute = "add-minute"
    case snooze
}
