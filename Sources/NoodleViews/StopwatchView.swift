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
        let reading = state.display.stopwatch(stopwatch.elapsed(at: state.now.instant))
        let (whole, fraction) = split(reading)
        let big = fitsBig(whole, fraction, in: inner)
        let digitRows = big ? BigDigits.height : 1
        let headRows = big ? digitRows + 3 : inner.height >= 8 ? 4 : inner.height >= 3 ? 2 : 1
        let (head, laps) = inner.splitTop(headRows)
        let digitsRow = headRows >= 4 ? head.y + 1 : head.y
        if layer.drawsMoving {
            if big {
                drawBig(whole, fraction, in: head, top: digitsRow, glyphs: glyphs, into: &grid)
            } else {
                grid.writeCentred(reading, in: head, row: digitsRow, role: .stopwatchDigits, ellipsis: glyphs.ellipsis)
            }
        }
        if headRows >= 2 && layer.drawsStill {
            let (label, role) = phase(of: stopwatch, glyphs: glyphs)
            grid.writeCentred(label, in: head, row: digitsRow + digitRows, role: role, ellipsis: glyphs.ellipsis)
        }
        LapListView.draw(state, in: laps, glyphs: glyphs, layer: layer, into: &grid)
    }

    /// Where the small centiseconds after big digits are drawn, when they are: within one second
    /// of a running stopwatch they are all that changes, so a frame can be patched there alone.
    static func fractionSpot(_ state: AppState, glyphs: Glyphs) -> (x: Int, y: Int, limit: Int)? {
        guard let rect = Layout.compute(for: state.size).rect(of: .stopwatch, focus: state.focus) else { return nil }
        let inner = rect.inner
        guard !inner.isEmpty else { return nil }
        let (whole, fraction) = split(state.display.stopwatch(state.stopwatch.elapsed(at: state.now.instant)))
        guard !fraction.isEmpty, fitsBig(whole, fraction, in: inner) else { return nil }
        // As `draw` places them: the head's first row is blank, the digits below it.
        return (bigLeft(whole, fraction, in: inner) + BigDigits.width(of: whole), inner.y + 1 + BigDigits.height - 1, inner.maxX)
    }

    /// Big digits when the panel has room for them and still eight rows of laps.
    private static func fitsBig(_ whole: String, _ fraction: String, in inner: Rect) -> Bool {
        inner.height >= 14 && inner.width >= BigDigits.width(of: whole) + fraction.count + 4
    }

    /// The big reading's first column: centred, centiseconds included.
    private static func bigLeft(_ whole: String, _ fraction: String, in head: Rect) -> Int {
        head.x + max(0, (head.width - BigDigits.width(of: whole) - fraction.count) / 2)
    }

    /// `12:34.56` as the part drawn big and the smaller centiseconds after it.
    private static func split(_ reading: String) -> (whole: String, fraction: String) {
        guard let dot = reading.firstIndex(of: ".") else { return (reading, "") }
        return (String(reading[..<dot]), String(reading[dot...]))
    }

    /// The reading three rows high, centred, with the centiseconds small on its last row.
    private static func drawBig(_ whole: String, _ fraction: String, in head: Rect, top: Int, glyphs: Glyphs, into grid: inout Grid) {
        let rows = BigDigits.rows(whole, ascii: glyphs.isASCII)
        let x = bigLeft(whole, fraction, in: head)
        for (offset, row) in rows.enumerated() {
            let used = grid.write(row, x: x, y: top + offset, role: .stopwatchDigits, limit: head.maxX)
            if offset == rows.count - 1 {
                // Plain text: the hundredths change every frame, and a styled cell would cost two
                // attribute changes a frame on top of the two digits themselves.
                grid.write(fraction, x: x + used, y: top + offset, role: .text, limit: head.maxX)
            }
        }
    }

    private static func phase(of stopwatch: Stopwatch, glyphs: Glyphs) -> (String, StyleRole) {
        if stopwatch.isRunning { return (glyphs.running + " running", .running) }
        if stopwatch.isPaused { return (glyphs.paused + " stopped", .paused) }
        return ("ready: Space starts", .muted)
    }
}
