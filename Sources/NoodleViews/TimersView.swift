import NoodleCore

/// The Timers panel: one row a countdown, ringing ones on top, and the new-countdown prompt.
enum TimersView {
    static func draw(_ state: AppState, in rect: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let ringing = state.timers.isAnyRinging
        PanelFrame.draw(Panel.timers.title, in: rect, focused: state.focus == .timers, glyphs: glyphs, into: &grid)
        if ringing {
            grid.restyle(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), role: .ringing)
        }
        let parts = Parts(state, in: rect)
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
        if let steps = parts.steps {
            drawSteps(of: countdowns[parts.order[parts.selected]], now: state.now.instant, in: steps, glyphs: glyphs, into: &grid)
        }
        for (line, index) in parts.visible.enumerated() {
            let row = Rect(x: parts.list.x, y: parts.list.y + line, width: parts.list.width, height: 1)
            drawRow(countdowns[index], selected: parts.first + line == parts.selected, now: state.now.instant, in: row, glyphs: glyphs, into: &grid)
        }
    }

    /// Where the prompt, the step lines and the rows go, and which countdowns the rows show.
    struct Parts {
        var prompt: Rect?
        var steps: Rect?
        var list: Rect
        /// Positions in `countdowns`, ringing first.
        var order: [Int]
        /// The selected row, as a position in `order`.
        var selected: Int
        /// The first row shown, scrolled so the selection is on screen.
        var first: Int

        var visible: ArraySlice<Int> { order.dropFirst(first).prefix(list.height) }

        init(_ state: AppState, in rect: Rect) {
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
            list = inner
            first = max(0, min(selected - inner.height + 1, order.count - inner.height))
        }
    }

    /// The countdowns whose rows are on screen in `rect`: only their second flips need a redraw.
    static func visibleCountdowns(_ state: AppState, in rect: Rect) -> ArraySlice<Int> {
        Parts(state, in: rect).visible
    }

    private static func drawRow(_ countdown: Countdown, selected: Bool, now: ContinuousClock.Instant, in row: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let (marker, role) = look(of: countdown, glyphs: glyphs)
        let time: String
        if case .missed(let deadline) = countdown.phase {
            time = "finished " + DurationFormat.ago(deadline.duration(to: now))
        } else {
            time = DurationFormat.countdown(countdown.remaining(at: now))
        }
        let barWidth = row.width >= 40 ? min(20, row.width / 4) : 0
        let timeWidth = max(8, time.count)
        let labelWidth = row.width - 4 - timeWidth - (barWidth > 0 ? barWidth + 1 : 0)
        var x = row.x
        x += grid.write(selected ? ">" : " ", x: x, y: row.y, role: role)
        x += grid.write(marker + " ", x: x, y: row.y, role: role)
        let label = countdown.displayName
        if labelWidth > 0 {
            x += grid.write(TextWidth.pad(label, to: labelWidth, ellipsis: glyphs.ellipsis), x: x, y: row.y, role: role, limit: row.maxX)
        }
        x += grid.write(" " + TextWidth.padLeft(time, to: timeWidth), x: x, y: row.y, role: role, limit: row.maxX)
        if barWidth > 0 {
            let elapsed = countdown.total > .zero ? countdown.elapsed(at: now) / countdown.total : 1
            grid.write(" " + bar(fraction: elapsed, width: barWidth, glyphs: glyphs), x: x, y: row.y, role: countdown.hasFinished ? role : .progress, limit: row.maxX)
        }
        if selected && !countdown.isRinging { grid.restyle(row, role: .selection) }
    }

    private static func drawSteps(of countdown: Countdown, now: ContinuousClock.Instant, in rect: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let position = TimedSteps.position(in: countdown.steps, at: countdown.elapsed(at: now))
        let lines: [(String, StyleRole)] = [
            position.current.map { (glyphs.running + " " + stamp(countdown.steps[$0]), StyleRole.title) } ?? ("  waiting for the first step", .muted),
            position.next.map { ("  next " + stamp(countdown.steps[$0]), StyleRole.muted) } ?? ("  last step", .muted),
        ]
        for (offset, line) in lines.enumerated() where offset < rect.height {
            grid.write(TextWidth.truncate(line.0, to: rect.width - 1, ellipsis: glyphs.ellipsis), x: rect.x + 1, y: rect.y + offset, role: line.1, limit: rect.maxX)
        }
    }

    private static func stamp(_ step: TimedStep) -> String {
        "[" + DurationFormat.countdown(step.offset) + "] " + step.text
    }

    private static func look(of countdown: Countdown, glyphs: Glyphs) -> (String, StyleRole) {
        switch countdown.phase {
        case .running: (glyphs.running, .running)
        case .paused: (glyphs.paused, .paused)
        case .ringing: ("!", .ringing)
        case .missed: ("x", .missed)
        case .done: (glyphs.isASCII ? "v" : "✓", .muted)
        }
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
