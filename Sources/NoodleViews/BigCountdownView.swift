import NoodleCore

/// One countdown in big digits, with what a cook needs beside it: its name, how far along it is,
/// the step in force and the time to the next, and when it will finish.
enum BigCountdownView {
    /// The name, the bar and the line of step and finish time: the rows besides the digits.
    static let textRows = 3

    /// Rows the block takes with the largest digits that fit `width`×`room` and are at most
    /// `digitLimit` rows high; nil when not even the smallest digits fit.
    static func height(of countdown: Countdown, now: Now, width: Int, room: Int, digitLimit: Int, ascii: Bool) -> Int? {
        scale(for: countdown, now: now, width: width, height: min(digitLimit, room - textRows), ascii: ascii).map { $0.height + textRows }
    }

    /// Draws the block centred in `rect`; `spacious` leaves a blank row between its parts.
    static func draw(_ countdown: Countdown, now: Now, zone: LocalZone, in rect: Rect, digitLimit: Int, spacious: Bool, glyphs: Glyphs, into grid: inout Grid) {
        guard !rect.isEmpty else { return }
        let gap = spacious ? 1 : 0
        let time = DurationFormat.countdown(countdown.remaining(at: now.instant))
        let (marker, role) = TimersView.look(of: countdown, glyphs: glyphs)
        guard let scale = scale(for: countdown, now: now, width: rect.width, height: min(digitLimit, rect.height - textRows - 3 * gap), ascii: glyphs.isASCII) else {
            // Too small for big digits: the same facts, small, so the zoomed view never goes blank.
            let lines = [(marker + " " + countdown.displayName + "  " + time, role), (infoLine(countdown, now: now, zone: zone, glyphs: glyphs), StyleRole.text)]
            for (offset, line) in lines.prefix(rect.height).enumerated() {
                grid.writeCentred(line.0, in: rect, row: rect.y + (rect.height - lines.count) / 2 + offset, role: line.1, ellipsis: glyphs.ellipsis)
            }
            return
        }
        var y = rect.y + max(0, (rect.height - scale.height - textRows - 3 * gap) / 2)
        grid.writeCentred(marker + " " + countdown.displayName, in: rect, row: y, role: .title, ellipsis: glyphs.ellipsis)
        y += 1 + gap
        let digitsWidth = scale.width(of: time)
        let x = rect.x + (rect.width - digitsWidth) / 2
        for row in BigDigits.rows(time, scale: scale) {
            grid.write(row, x: x, y: y, role: digitsRole(countdown), limit: rect.maxX)
            y += 1
        }
        y += gap
        let barWidth = min(rect.width - 2, max(digitsWidth, 20))
        let barX = rect.x + (rect.width - barWidth) / 2
        // A track under the bar, so a countdown just started still shows how far it has to go.
        grid.fill(Rect(x: barX, y: y, width: barWidth, height: 1), role: .muted, with: glyphs.horizontal)
        var bar = TimersView.bar(fraction: TimersView.progress(of: countdown, at: now.instant), width: barWidth, glyphs: glyphs)
        while bar.last == " " { bar.removeLast() }
        grid.write(bar, x: barX, y: y, role: .progress, limit: rect.maxX)
        y += 1 + gap
        if y < rect.maxY {
            grid.writeCentred(infoLine(countdown, now: now, zone: zone, glyphs: glyphs, width: rect.width - 2), in: rect, row: y, role: .text, ellipsis: glyphs.ellipsis)
        }
    }

    /// The largest digits for the countdown's time. Measured on its full length too, so the
    /// digits keep their size as `10:00` becomes `9:59`.
    private static func scale(for countdown: Countdown, now: Now, width: Int, height: Int, ascii: Bool) -> BigDigits.Scale? {
        let time = DurationFormat.countdown(countdown.remaining(at: now.instant))
        let total = DurationFormat.countdown(countdown.total)
        let widest = total.count > time.count ? total : time
        return BigDigits.largest(for: widest, width: width - 2, height: height, ascii: ascii)
    }

    /// `Drain water · next in 0:42   → 12:34`: the step's text is cut before anything else is.
    static func infoLine(_ countdown: Countdown, now: Now, zone: LocalZone, glyphs: Glyphs, width: Int = .max) -> String {
        let finish = finishText(countdown, now: now, zone: zone, glyphs: glyphs)
        guard let step = currentStep(countdown, now: now) else { return finish }
        let until = step.untilNext.map { glyphs.separator + "next in " + $0 } ?? ""
        let room = width - TextWidth.columns(of: finish) - 3 - TextWidth.columns(of: until)
        guard room >= 8 else { return finish }
        return TextWidth.truncate(step.text, to: room, ellipsis: glyphs.ellipsis) + until + "   " + finish
    }

    /// `→ 12:34` while running, `paused`, or when it finished.
    static func finishText(_ countdown: Countdown, now: Now, zone: LocalZone, glyphs: Glyphs) -> String {
        guard let clock = countdown.finishClock(now: now, zone: zone) else { return "paused" }
        return countdown.hasFinished ? "finished at " + clock : glyphs.arrow + " " + clock
    }

    /// The step in force and how long until the next one (`0:42`), when the countdown has steps.
    private static func currentStep(_ countdown: Countdown, now: Now) -> (text: String, untilNext: String?)? {
        guard !countdown.steps.isEmpty else { return nil }
        let elapsed = countdown.elapsed(at: now.instant)
        let position = TimedSteps.position(in: countdown.steps, at: elapsed)
        let until = position.next.map { DurationFormat.countdown(countdown.steps[$0].offset - elapsed) }
        return (position.current.map { countdown.steps[$0].text } ?? "waiting for the first step", until)
    }

    private static func digitsRole(_ countdown: Countdown) -> StyleRole {
        switch countdown.phase {
        case .running: .stopwatchDigits
        case .paused: .paused
        case .ringing: .ringing
        case .missed: .missed
        case .done: .muted
        }
    }
}
