/// The dashboard's panels, in focus order.
public enum Panel: Int, CaseIterable, Sendable {
    case stopwatch, timers, bookmarks

    public var title: String {
        switch self {
        case .stopwatch: "Stopwatch"
        case .timers: "Timers"
        case .bookmarks: "Bookmarks"
        }
    }

    public var next: Panel { Panel(rawValue: (rawValue + 1) % Panel.allCases.count)! }
    public var previous: Panel { Panel(rawValue: (rawValue + Panel.allCases.count - 1) % Panel.allCases.count)! }
}
