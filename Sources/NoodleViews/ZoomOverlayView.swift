import NoodleCore

/// `f`: the featured countdown over everything but the header and the hint bar, as big as the
/// screen allows, to read from across the kitchen.
enum ZoomOverlayView {
    static func draw(_ state: AppState, in rect: Rect, glyphs: Glyphs, into grid: inout Grid) {
        grid.fill(rect, role: .text)
        guard let index = state.featuredCountdownIndex else {
            grid.writeCentred("No countdown: Esc returns", in: rect, row: rect.y + rect.height / 2, role: .muted, ellipsis: glyphs.ellipsis)
            return
        }
        let body = Rect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: rect.height)
        BigCountdownView.draw(state.timers.countdowns[index], now: state.now, zone: state.zone, in: body, digitLimit: BigDigits.heightLimit(screenHeight: state.size.height),
                              spacious: body.height >= 14, glyphs: glyphs, into: &grid)
    }
}
