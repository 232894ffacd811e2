import NoodleCore

/// The whole screen as a pure function of the state: the one entry point the terminal presents.
public enum Dashboard {
    public static func render(_ state: AppState, glyphs: Glyphs = .unicode) -> Grid {
        render(state, glyphs: glyphs, layer: .all)
    }

    /// The frame without what moves with the clock, for `FrameCache`.
    public static func renderStill(_ state: AppState, glyphs: Glyphs) -> Grid {
        render(state, glyphs: glyphs, layer: .still)
    }

    /// Draws what moves with the clock onto a frame from `renderStill` of an equal `StillKey`.
    public static func drawMoving(_ state: AppState, glyphs: Glyphs, into grid: inout Grid) {
        if let rect = Layout.compute(for: state).rect(of: .stopwatch, focus: state.focus) {
            StopwatchView.draw(state, in: rect, glyphs: glyphs, layer: .moving, into: &grid)
        }
    }

    static func render(_ state: AppState, glyphs: Glyphs, layer: Layer) -> Grid {
        var grid = Grid(size: state.size, isASCII: glyphs.isASCII)
        let layout = Layout.compute(for: state)
        switch layout {
        case .tooSmall:
            drawTooSmall(state.size, into: &grid, glyphs: glyphs)
        case .tabs(let header, let tabs, let panel, let footer):
            HeaderView.draw(state, in: header, glyphs: glyphs, into: &grid)
            TabsView.draw(state, in: tabs, into: &grid)
            drawPanel(state.focus, state, in: panel, glyphs: glyphs, layer: layer, into: &grid)
            HintBarView.draw(state, in: footer, into: &grid)
        case .dashboard(let header, let stopwatch, let timers, let bookmarks, let footer):
            HeaderView.draw(state, in: header, glyphs: glyphs, into: &grid)
            drawPanel(.stopwatch, state, in: stopwatch, glyphs: glyphs, layer: layer, into: &grid)
            drawPanel(.timers, state, in: timers, glyphs: glyphs, layer: layer, into: &grid)
            drawPanel(.bookmarks, state, in: bookmarks, glyphs: glyphs, layer: layer, into: &grid)
            HintBarView.draw(state, in: footer, into: &grid)
        }
        guard layout != .tooSmall else { return grid }
        switch state.overlay {
        case .help(let scroll):
            HelpOverlayView.draw(scroll: scroll, in: grid.bounds.inner, glyphs: glyphs, into: &grid)
        case .catalog(let picker):
            CatalogOverlayView.draw(picker, state, in: grid.bounds.inner, glyphs: glyphs, into: &grid)
        case .memo(let editor):
            MemoEditorView.draw(editor, state, in: grid.bounds.inner, glyphs: glyphs, into: &grid)
        case .zoom:
            ZoomOverlayView.draw(state, in: Rect(x: 0, y: 1, width: grid.width, height: grid.height - 2), glyphs: glyphs, into: &grid)
        case .newTimer, .ownTime, nil:
            break
        }
        return grid
    }

    private static func drawPanel(_ panel: Panel, _ state: AppState, in rect: Rect, glyphs: Glyphs, layer: Layer, into grid: inout Grid) {
        switch panel {
        case .stopwatch:
            StopwatchView.draw(state, in: rect, glyphs: glyphs, layer: layer, into: &grid)
        case .timers:
            TimersView.draw(state, in: rect, glyphs: glyphs, into: &grid)
        case .bookmarks:
            BookmarksView.draw(state, in: rect, glyphs: glyphs, into: &grid)
        }
    }

    private static func drawTooSmall(_ size: Size, into grid: inout Grid, glyphs: Glyphs) {
        guard size.height > 0 else { return }
        let message = size.width >= 18 ? "terminal too small" : "too small"
        grid.writeCentred(message, in: grid.bounds, row: (size.height - 1) / 2, role: .error, ellipsis: glyphs.ellipsis)
    }
}
