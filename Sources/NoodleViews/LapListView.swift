import NoodleCore

/// The laps, newest on top, with the live lap first while the stopwatch has started.
/// Columns drop out as the panel narrows (total first, then the difference), but the
/// best/worst words stay, so the marks survive both a narrow panel and a terminal without colour.
enum LapListView {
    static func draw(_ state: AppState, in rect: Rect, glyphs: Glyphs, layer: Layer, into grid: inout Grid) {
        guard rect.height >= 2, rect.width >= 8, state.lapRowCount > 0 else { return }
        let stopwatch = state.stopwatch
        let laps = stopwatch.laps
        let now = state.now.instant
        let columns = columns(state, in: rect)
        let x = rect.x + max(1, (rect.width - columns.total) / 2)

        let visibleRows = rect.height - 1
        let scroll = scroll(state, in: rect)
        let header = columns.row(label: "Lap", lap: "Lap time", total: "Total", delta: "Diff", tag: "")
        if layer.drawsStill {
            grid.write(header, x: x, y: rect.y, role: .muted, limit: rect.maxX)
            // Newer laps hide above the header, which is the list's top line; older ones below
            // it, said on the panel's frame under the list.
            ScrollMarks.draw(above: scroll, below: max(0, state.lapRowCount - scroll - visibleRows), topLine: rect.y, bottomLine: rect.maxY,
                             right: rect.maxX + 1, glyphs: glyphs, into: &grid)
        }

        let hasLiveRow = !stopwatch.isIdle
        for line in 0 ..< min(visibleRows, state.lapRowCount - scroll) {
            let position = scroll + line
            let y = rect.y + 1 + line
            if hasLiveRow && position == 0 {
                guard layer.drawsMoving else { continue }
                // In the same form as the laps below it, hundredths and all, so the columns read alike.
                let text = columns.row(
                    label: "Lap \(laps.count + 1)",
                    lap: state.display.stopwatch(stopwatch.currentLap(at: now)),
                    total: state.display.stopwatch(stopwatch.elapsed(at: now)),
                    delta: "", tag: ""
                )
                grid.write(text, x: x, y: y, role: stopwatch.isRunning ? .running : .text, limit: rect.maxX)
                if stopwatch.isRunning && state.display.showCentiseconds {
                    // Plain, as the big reading's: the hundredths change every frame, and a styled
                    // cell costs the terminal two attribute changes each time on top of its digits.
                    for end in columns.timeEnds(from: x) where end <= rect.maxX {
                        grid.restyle(Rect(x: end - 3, y: y, width: 3, height: 1), role: .text)
                    }
                }
                continue
            }
            guard layer.drawsStill else { break }
            let index = laps.count - 1 - (position - (hasLiveRow ? 1 : 0))
            let (role, tag): (StyleRole, String) =
                index == laps.best ? (.bestLap, "best") : index == laps.worst ? (.worstLap, "worst") : (.text, "")
            let text = columns.row(
                label: "Lap \(index + 1)",
                lap: state.display.stopwatch(laps.time(of: index)),
                total: state.display.stopwatch(laps.totals[index]),
                delta: laps.delta(of: index).map(state.display.signedDelta) ?? "",
                tag: tag
            )
            grid.write(text, x: x, y: y, role: role, limit: rect.maxX)
        }
    }

    /// Where the live row's hundredths are drawn plain, while running with hundredths shown and
    /// the row on screen: the lap time's (`isLap`) and the total's.
    static func liveFractionSpots(_ state: AppState, in rect: Rect) -> [(x: Int, y: Int, isLap: Bool)] {
        let stopwatch = state.stopwatch
        guard rect.height >= 2, rect.width >= 8, stopwatch.isRunning, state.display.showCentiseconds, scroll(state, in: rect) == 0 else { return [] }
        let columns = columns(state, in: rect)
        let x = rect.x + max(1, (rect.width - columns.total) / 2)
        return columns.timeEnds(from: x).enumerated().compactMap { index, end in
            end <= rect.maxX ? (end - 3, rect.y + 1, index == 0) : nil
        }
    }

    /// Rows scrolled away from the newest, as far as the laps allow: never past the oldest.
    private static func scroll(_ state: AppState, in rect: Rect) -> Int {
        min(state.lapScroll, max(0, state.lapRowCount - (rect.height - 1)))
    }

    private static func columns(_ state: AppState, in rect: Rect) -> Columns {
        Columns(
            labelWidth: 4 + String(max(1, state.lapRowCount)).count,
            timeWidth: state.display.stopwatch(state.stopwatch.elapsed(at: state.now.instant)).count,
            available: rect.width - 2
        )
    }

    /// Which columns fit, and how wide each is.
    struct Columns {
        let labelWidth: Int
        let timeWidth: Int
        let showTotal: Bool
        let showDelta: Bool
        let showTag: Bool
        /// Two spaces between columns when everything fits that way, one when that is what lets it fit.
        let gap: Int

        static let tagWidth = 5

        init(labelWidth: Int, timeWidth: Int, available: Int) {
            self.labelWidth = labelWidth
            self.timeWidth = timeWidth
            let everything = { (gap: Int) in labelWidth + 3 * gap + 3 * timeWidth + 1 + 1 + Self.tagWidth }
            gap = everything(2) <= available ? 2 : 1
            let base = labelWidth + gap + timeWidth
            let total = gap + timeWidth
            let delta = gap + timeWidth + 1
            let tag = 1 + Self.tagWidth
            showTag = base + tag <= available
            showDelta = base + delta + (showTag ? tag : 0) <= available
            showTotal = base + total + (showDelta ? delta : 0) + (showTag ? tag : 0) <= available
        }

        var total: Int {
            labelWidth + gap + timeWidth
                + (showTotal ? gap + timeWidth : 0)
                + (showDelta ? gap + timeWidth + 1 : 0)
                + (showTag ? 1 + Self.tagWidth : 0)
        }

        /// Where the lap time and (when shown) the total end, for a row that starts at `x`.
        func timeEnds(from x: Int) -> [Int] {
            let lapEnd = x + labelWidth + gap + timeWidth
            return showTotal ? [lapEnd, lapEnd + gap + timeWidth] : [lapEnd]
        }

        func row(label: String, lap: String, total: String, delta: String, tag: String) -> String {
            let space = String(repeating: " ", count: gap)
            var text = TextWidth.pad(label, to: labelWidth)
            text += space + TextWidth.padLeft(lap, to: timeWidth)
            if showTotal { text += space + TextWidth.padLeft(total, to: timeWidth) }
            if showDelta { text += space + TextWidth.padLeft(delta, to: timeWidth + 1) }
            if showTag { text += " " + TextWidth.pad(tag, to: Self.tagWidth) }
            return text
        }
    }
}
