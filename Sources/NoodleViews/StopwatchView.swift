import NoodleCore

/// The Stopwatch panel: the reading, whether it runs, and the lap list below.
enum StopwatchView {
    static func draw(_ state: AppState, in rect: Rect, glyphs: Glyphs, layer: Layer, into grid: inout Grid) {
        if layer.drawsStill {
            PanelFrame.draw(Panel.stopwatch.title, in: rect, focused: state.focus == .stopwatch, glyphs: glyphs, into: &grid)
        }
        let inner = rect.inner
        guard !inner.isEmpty else { return }
        let stopwatch = state.stopwatch
        let headRows = inner.height >= 8 ? 4 : inner.height >= 3 ? 2 : 1
        let (head, laps) = inner.splitTop(headRows)
        let digitsRow = headRows == 4 ? head.y + 1 : head.y
        if layer.drawsMoving {
            let reading = DurationFormat.stopwatch(stopwatch.elapsed(at: state.now.instant))
            grid.writeCentred(reading, in: head, row: digitsRow, role: .stopwatchDigits, ellipsis: glyphs.ellipsis)
        }
        if headRows >= 2 && layer.drawsStill {
            let (label, role) = phase(of: stopwatch, glyphs: glyphs)
            grid.writeCentred(label, in: head, row: digitsRow + 1, role: role, ellipsis: glyphs.ellipsis)
        }
        LapListView.draw(state, in: laps, glyphs: glyphs, layer: layer, into: &grid)
    }

    private static func phase(of stopwatch: Stopwatch, glyphs: Glyphs) -> (String, StyleRole) {
        if stopwatch.isRunning { return (glyphs.running + " running", .running) }
        if stopwatch.isPaused { return (glyphs.paused + " stopped", .paused) }
        return ("ready: Space starts", .muted)
    }
}
