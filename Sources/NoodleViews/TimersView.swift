import NoodleCore

/// The Timers panel: one row a countdown, ringing ones on top, and the new-countdown prompt.
enum TimersView {
    static func draw(_ state: AppState, in rect: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let ringing = state.timers.isAnyRinging
        PanelFrame.draw(Panel.timers.title, in: rect, focused: state.focus == .timers, glyphs: glyphs, into: &grid)
        if ringing {
            grid.restyle(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), role: .ringing)
        }
        let parts = Parts(state, in: rect, ascii: glyphs.isASCII)
        if let prompt = parts.prompt, case .newTimer(let field) = state.overlay {
            drawPrompt(field, state: state, in: prompt, glyphs: glyphs, into: &grid)
        }
        let countdowns = state.timers.countdowns
        guard !parts.order.isEmpty else {
            if parts.list.height > 0 {
                grid.writeCentred("No countdowns: n starts one", in: parts.list, row: parts.list.y + (parts.list.height - 1) / 2,
                                  role: .muted, ellipsis: glyphs.ellipsis)
            }
            return
        }
        if let big = parts.big, let featured = state.featuredCountdownIndex {
            BigCountdownView.draw(countdowns[featured], now: state.now, zone: state.zone, in: big, digitLimit: BigDigits.heightLimit(screenHeight: state.size.height),
                                  spacious: false, glyphs: glyphs, into: &grid)
        }
        if let steps = parts.steps {
            drawSteps(of: countdowns[parts.order[parts.selected]], now: state.now.instant, in: steps, glyphs: glyphs, into: &grid)
        }
        let visible = parts.visible
        // Columns as wide as the rows shown need, so no label is cut for the sake of blank padding.
        let times = visible.map { time(of: countdowns[$0], at: state.now.instant) }
        let labelNeed = visible.reduce(0) { max($0, TextWidth.columns(of: countdowns[$1].displayName)) }
        let timeWidth = times.reduce(5) { max($0, $1.count) }
        // Said on the panel's frame: the big countdown, the steps or the prompt may stand between.
        ScrollMarks.draw(above: parts.first, below: parts.order.count - parts.first - visible.count, topLine: rect.y, bottomLine: rect.maxY - 1,
                         right: rect.maxX - 1, glyphs: glyphs, into: &grid)
        for (line, index) in visible.enumerated() {
            let row = Rect(x: parts.list.x, y: parts.list.y + line, width: parts.list.width, height: 1)
            drawRow(countdowns[index], time: times[line], selected: parts.first + line == parts.selected, labelNeed: labelNeed, timeWidth: timeWidth,
                    now: state.now, zone: state.zone, in: row, glyphs: glyphs, into: &grid)
        }
    }

    /// Where the prompt, the step lines and the rows go, and which countdowns the rows show.
    struct Parts {
        var prompt: Rect?
        /// The featured countdown in big digits, above the rows, when the panel has room for all of them too.
        var big: Rect?
        var steps: Rect?
        var list: Rect
        /// Positions in `countdowns`, ringing first.
        var order: [Int]
        /// The selected row, as a position in `order`.
        var selected: Int
        /// The first row shown, scrolled so the selection is on screen.
        var first: Int

        var visible: ArraySlice<Int> { order.dropFirst(first).prefix(list.height) }

        init(_ state: AppState, in rect: Rect, ascii: Bool) {
            var inner = rect.inner
            if case .newTimer = state.overlay, !inner.isEmpty {
                let (rest, prompt) = inner.splitTop(inner.height - 1)
                self.prompt = prompt
                inner = rest
            }
            order = state.timers.displayIndices
            selected = min(state.timers.selectedIndex(in: order) ?? 0, max(0, order.count - 1))
            // The selected countdown's steps, like synced lyrics: the one in force, then the next.
            if !order.isEmpty, !state.timers.countdowns[order[selected]].steps.isEmpty,
               inner.height >= order.count + 3 || inner.height >= 6 {
                let (rest, steps) = inner.splitTop(inner.height - 2)
                self.steps = steps
                inner = rest
            }
            // The big countdown takes what every row and a blank row leave: it is there when there is
            // room, and never hides a countdown (f still shows it full screen).
            if let featured = state.featuredCountdownIndex {
                let room = inner.height - order.count - 1
                if let height = BigCountdownView.height(of: state.timers.countdowns[featured], now: state.now, width: inner.width, room: room,
                                                        digitLimit: BigDigits.heightLimit(screenHeight: state.size.height), ascii: ascii) {
                    let (big, rest) = inner.splitTop(height)
                    self.big = big
                    inner = rest.splitTop(1).rest
                }
            }
            list = inner
            first = max(0, min(selected - inner.height + 1, order.count - inner.height))
        }
    }

    /// `> ▶ label      4:12 → 12:34 ████▌   `: the label is cut only after the bar has shrunk away,
    /// and the finish time goes only when even a short label would not fit beside it.
    private static func drawRow(_ countdown: Countdown, time: String, selected: Bool, labelNeed: Int, timeWidth: Int, now: Now, zone: LocalZone,
                                in row: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let (marker, role) = look(of: countdown, glyphs: glyphs)
        var rest = row.width - 4 - timeWidth
        let finishWidth = 2 + TextWidth.columns(of: glyphs.arrow) + 5
        let finish = rest >= finishWidth + min(labelNeed, 10) ? finishWidth : 0
        rest -= finish
        let wantedBar = row.width >= 40 ? min(20, row.width / 4) : 0
        let barWidth = min(wantedBar, rest - 1 - labelNeed) >= 5 ? min(wantedBar, rest - 1 - labelNeed) : 0
        let labelWidth = rest - (barWidth > 0 ? barWidth + 1 : 0)
        var x = row.x
        x += grid.write(selected ? ">" : " ", x: x, y: row.y, role: role)
        x += grid.write(marker + " ", x: x, y: row.y, role: role)
        if labelWidth > 0 {
            x += grid.write(TextWidth.pad(countdown.displayName, to: labelWidth, ellipsis: glyphs.ellipsis), x: x, y: row.y, role: role, limit: row.maxX)
        }
        x += grid.write(" " + TextWidth.padLeft(time, to: timeWidth), x: x, y: row.y, role: role, limit: row.maxX)
        if finish > 0 {
            let text = countdown.hasFinished ? "" : BigCountdownView.finishText(countdown, now: now, zone: zone, glyphs: glyphs)
            x += grid.write(TextWidth.pad(" " + text, to: finish), x: x, y: row.y, role: countdown.isRunning ? .text : role, limit: row.maxX)
        }
        if barWidth > 0 {
            grid.write(" " + bar(fraction: progress(of: countdown, at: now.instant), width: barWidth, glyphs: glyphs), x: x, y: row.y, role: countdown.hasFinished ? role : .progress, limit: row.maxX)
        }
        if selected && !countdown.isRinging { grid.restyle(row, role: .selection) }
    }

    /// The time a row shows: left, overtime, or how long ago a missed one finished.
    private static func time(of countdown: Countdown, at now: ContinuousClock.Instant) -> String {
        if case .missed(let deadline) = countdown.phase { return "finished " + DurationFormat.ago(deadline.duration(to: now)) }
        return DurationFormat.countdown(countdown.remaining(at: now))
    }

    private static func drawSteps(of countdown: Countdown, now: ContinuousClock.Instant, in rect: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let elapsed = countdown.elapsed(at: now)
        let position = TimedSteps.position(in: countdown.steps, at: elapsed)
        // How long until the next step, kept whole when the step's text must be cut.
        let until = position.next.map { glyphs.separator + "next in " + DurationFormat.countdown(countdown.steps[$0].offset - elapsed) } ?? ""
        let lines: [(String, String, StyleRole)] = [
            position.current.map { (glyphs.running + " " + stamp(countdown.steps[$0]), until, StyleRole.title) }
                ?? ("  waiting for the first step", until, .muted),
            position.next.map { ("  next " + stamp(countdown.steps[$0]), "", StyleRole.muted) } ?? ("  last step", "", .muted),
        ]
        for (offset, line) in lines.enumerated() where offset < rect.height {
            let suffix = TextWidth.columns(of: line.1) + 8 <= rect.width - 1 ? line.1 : ""
            let text = TextWidth.truncate(line.0, to: rect.width - 1 - TextWidth.columns(of: suffix), ellipsis: glyphs.ellipsis) + suffix
            grid.write(text, x: rect.x + 1, y: rect.y + offset, role: line.2, limit: rect.maxX)
        }
    }

    private static func stamp(_ step: TimedStep) -> String {
        "[" + DurationFormat.countdown(step.offset) + "] " + step.text
    }

    static func look(of countdown: Countdown, glyphs: Glyphs) -> (String, StyleRole) {
        switch countdown.phase {
        case .running: (glyphs.running, .running)
        case .paused: (glyphs.paused, .paused)
        case .ringing: ("!", .ringing)
        case .missed: ("x", .missed)
        case .done: (glyphs.isASCII ? "v" : "✓", .muted)
        }
    }

    /// How far along a countdown is, as of the whole seconds its time shows: the bar then moves
    /// only when the time does, and the redraw schedule wakes for both at once.
    static func progress(of countdown: Countdown, at now: ContinuousClock.Instant) -> Double {
        guard countdown.total > .zero else { return 1 }
        let (seconds, attoseconds) = countdown.remaining(at: now).components
        let shown = Duration.seconds(attoseconds > 0 ? seconds + 1 : seconds)
        return max(.zero, countdown.total - shown) / countdown.total
    }

    /// A bar `fraction` full, to an eighth of a cell in UTF-8 and a whole cell in ASCII.
    static func bar(fraction: Double, width: Int, glyphs: Glyphs) -> String {
        let clamped = min(1, max(0, fraction.isFinite ? fraction : 1))
        if glyphs.isASCII {
            let full = Int((clamped * Double(width)).rounded(.down))
            return String(repeating: "#", count: full) + String(repeating: "-", count: width - full)
        }
        let eighths = Int((clamped * Double(width * 8)).rounded(.down))
        let partials = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        var text = String(repeating: "█", count: eighths / 8)
        if eighths / 8 < width { text += partials[eighths % 8] }
        return text + String(repeating: " ", count: max(0, width - (eighths / 8) - (eighths % 8 == 0 ? 0 : 1)))
    }

    private static func drawPrompt(_ field: TextField, state: AppState, in rect: Rect, glyphs: Glyphs, into grid: inout Grid) {
        var x = rect.x
        x += grid.write("New: ", x: x, y: rect.y, role: .title, limit: rect.maxX)
        x += TextFieldView.draw(field, x: x, y: rect.y, limit: rect.maxX, into: &grid)
        let feedback: (String, StyleRole)
        switch DurationInput.parse(field.text, at: state.now.wall, zone: state.zone) {
        case .success(let input):
            feedback = ("= " + input.understood, .muted)
        case .failure(.empty):
            feedback = ("e.g. 4:30 Shin Ramyun, 90s tea, 5, @12:30 tea", .muted)
        case .failure(let error):
            feedback = (error.description, .error)
        }
        grid.write("  " + TextWidth.truncate(feedback.0, to: max(0, rect.maxX - x - 2), ellipsis: glyphs.ellipsis), x: x, y: rect.y, role: feedback.1, limit: rect.maxX)
    }
}
