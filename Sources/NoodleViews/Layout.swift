import NoodleCore

/// Where everything goes for a given terminal size.
public enum Layout: Equatable, Sendable {
    /// Too small to show anything useful; one line says so.
    case tooSmall
    /// Small screens: the focused panel alone, with the panel names as tabs above it.
    case tabs(header: Rect, tabs: Rect, panel: Rect, footer: Rect)
    /// All three panels at once.
    case dashboard(header: Rect, stopwatch: Rect, timers: Rect, bookmarks: Rect, footer: Rect)

    public static let minimum = Size(width: 20, height: 6)
    /// Below this, three panels are too cramped to read and the tabbed layout takes over.
    public static let dashboardMinimum = Size(width: 60, height: 16)
    /// From this width the stopwatch gets its own column; narrower dashboards stack the panels.
    public static let sideBySideWidth = 72

    /// Rows an idle stopwatch keeps: its frame, the reading and how to start it.
    static let idleStopwatchHeight = 5

    /// The layout for the state's size. An idle stopwatch with no laps shows only `00:00.00`, so it
    /// keeps a strip at the top and gives its column, widened to half the screen, to the
    /// countdowns (room for the big one); the bookmarks get the full height of theirs.
    public static func compute(for state: AppState) -> Layout {
        compute(for: state.size, stopwatchIdle: state.stopwatch.isIdle)
    }

    public static func compute(for size: Size, stopwatchIdle: Bool = false) -> Layout {
        if size.width < minimum.width || size.height < minimum.height { return .tooSmall }
        let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let (header, belowHeader) = screen.splitTop(1)
        let (body, footer) = belowHeader.splitTop(belowHeader.height - 1)
        if size.width < dashboardMinimum.width || size.height < dashboardMinimum.height {
            let (tabs, panel) = body.splitTop(1)
            return .tabs(header: header, tabs: tabs, panel: panel, footer: footer)
        }
        if stopwatchIdle {
            if size.width >= sideBySideWidth {
                let (left, bookmarks) = body.splitLeft(max(44, size.width / 2))
                let (stopwatch, timers) = left.splitTop(idleStopwatchHeight)
                return .dashboard(header: header, stopwatch: stopwatch, timers: timers, bookmarks: bookmarks, footer: footer)
            }
            let (stopwatch, rest) = body.splitTop(idleStopwatchHeight)
            let (timers, bookmarks) = rest.splitTop((rest.height + 1) / 2)
            return .dashboard(header: header, stopwatch: stopwatch, timers: timers, bookmarks: bookmarks, footer: footer)
        }
        if size.width >= sideBySideWidth {
            let stopwatchWidth = min(max(44, size.width * 9 / 20), 56)
            let (stopwatch, right) = body.splitLeft(stopwatchWidth)
            let (timers, bookmarks) = right.splitTop(right.height / 2)
            return .dashboard(header: header, stopwatch: stopwatch, timers: timers, bookmarks: bookmarks, footer: footer)
        }
        let third = body.height / 3
        let (stopwatch, rest) = body.splitTop(body.height - 2 * third)
        let (timers, bookmarks) = rest.splitTop(third)
        return .dashboard(header: header, stopwatch: stopwatch, timers: timers, bookmarks: bookmarks, footer: footer)
    }

    /// Where `panel` is drawn, if it is on screen at all.
    public func rect(of panel: Panel, focus: Panel) -> Rect? {
        switch self {
        case .tooSmall:
            return nil
        case .tabs(_, _, let rect, _):
            return panel == focus ? rect : nil
        case .dashboard(_, let stopwatch, let timers, let bookmarks, _):
            switch panel {
            case .stopwatch: return stopwatch
            case .timers: return timers
            case .bookmarks: return bookmarks
            }
        }
    }
}
