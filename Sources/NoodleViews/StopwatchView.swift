import NoodleCore

/// The Stopwatch panel: the reading, whether it runs, and the lap list below.
enum StopwatchView {
    static func draw(_ state: AppState, in rect: Rect, glyphs: Glyphs, layer: Layer, into grid: inout Grid) {
        if layer.drawsStill {
            PanelFrame.draw(Panel.stopwatch.title, in: rect, focused: state.focus == .stopwatch, glyphs: glyphs, into: &grid)
        }
        guard let parts = Parts(state, in: rect, glyphs: glyphs) else { return }
        let stopwatch = state.stopwatch
        let (reading, whole, fraction, big, head, laps) = (parts.reading, parts.whole, parts.fraction, parts.big, parts.head, parts.laps)
        let (digitRows, headRows, digitsRow) = (parts.digitRows, parts.headRows, parts.digitsRow)
        if layer.drawsMoving {
            if let big {
                drawBig(whole, fraction, at: big, limit: head.maxX, into: &grid)
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

    /// Where the panel's parts go: `draw` and the frame cache's spots both place them from here.
    struct Parts {
        var reading, whole, fraction: String
        var big: BigReading?
        var digitRows, headRows, digitsRow: Int
        var head, laps: Rect

        init?(_ state: AppState, in rect: Rect, glyphs: Glyphs) {
            let inner = rect.inner
            guard !inner.isEmpty else { return nil }
            reading = state.display.stopwatch(state.stopwatch.elapsed(at: state.now.instant))
            (whole, fraction) = StopwatchView.split(reading)
            big = bigReading(whole, fraction, in: inner, screenHeight: state.size.height, ascii: glyphs.isASCII)
            digitRows = big?.scale.height ?? 1
            headRows = big != nil ? digitRows + 3 : inner.height >= 8 ? 4 : inner.height >= 3 ? 2 : 1
            (head, laps) = inner.splitTop(headRows)
            digitsRow = headRows >= 4 ? head.y + 1 : head.y
        }
    }

    /// A place the frame cache writes hundredths into, and which hundredths: the reading's or the
    /// live lap's.
    struct FractionSpot: Equatable {
        var x, y, limit: Int
        var isLiveLap: Bool
    }

    /// Where hundredths are drawn plain, when the reading is big: within one second of a running
    /// stopwatch they are all that changes, so a frame can be patched there alone. Nil when the
    /// reading is not big (the frame is then drawn whole).
    static func fractionSpots(_ state: AppState, glyphs: Glyphs) -> [FractionSpot]? {
        guard let rect = Layout.compute(for: state).rect(of: .stopwatch, focus: state.focus),
              let parts = Parts(state, in: rect, glyphs: glyphs), !parts.fraction.isEmpty, let big = parts.big
        else { return nil }
        let reading = FractionSpot(x: big.x + big.scale.width(of: parts.whole), y: big.top + big.scale.height - 1, limit: rect.inner.maxX, isLiveLap: false)
        return [reading] + LapListView.liveFractionSpots(state, in: parts.laps).map {
            FractionSpot(x: $0.x, y: $0.y, limit: parts.laps.maxX, isLiveLap: $0.isLap)
        }
    }

    /// The big reading's size and first cell: `draw` and `fractionSpot` both place it from here.
    struct BigReading {
        var scale: BigDigits.Scale
        var x: Int
        var top: Int
    }

    /// The largest digits that leave a blank row above, the phase and a blank row below, and eight
    /// rows of laps, no taller than `BigDigits.heightLimit`; nil when not even the smallest fit.
    static func bigReading(_ whole: String, _ fraction: String, in inner: Rect, screenHeight: Int, ascii: Bool) -> BigReading? {
        let height = min(inner.height - 3 - 8, BigDigits.heightLimit(screenHeight: screenHeight))
        guard let scale = BigDigits.largest(for: whole, width: inner.width - fraction.count - 4, height: height, ascii: ascii) else { return nil }
        // Centred, centiseconds included; the head's first row is blank, the digits below it.
        let x = inner.x + max(0, (inner.width - scale.width(of: whole) - fraction.count) / 2)
        return BigReading(scale: scale, x: x, top: inner.y + 1)
    }

    /// `12:34.56` as the part drawn big and the smaller centiseconds after it.
    static func split(_ reading: String) -> (whole: String, fraction: String) {
        guard let dot = reading.firstIndex(of: ".") else { return (reading, "") }
        return (String(reading[..<dot]), String(reading[dot...]))
    }

    /// The reading in big digits, with the centiseconds small on its last row.
    private static func drawBig(_ whole: String, _ fraction: String, at big: BigReading, limit: Int, into grid: inout Grid) {
        let rows = BigDigits.rows(whole, scale: big.scale)
        for (offset, row) in rows.enumerated() {
            let used = grid.write(row, x: big.x, y: big.top + offset, role: .stopwatchDigits, limit: limit)
            if offset == rows.count - 1 {
                // Plain text: the hundredths change every frame, and a styled cell would cost two
                // attribute changes a frame on top of the two digits themselves.
                grid.write(fraction, x: big.x + used, y: big.top + offset, role: .text, limit: limit)
            }
        }
    }

    private static func phase(of stopwatch: Stopwatch, glyphs: Glyphs) -> (String, StyleRole) {
        if stopwatch.isRunning { return (glyphs.running + " running", .running) }
        if stopwatch.isPaused { return (glyphs.paused + " stopped", .paused) }
        return ("ready: Space starts", .muted)
    }
}
