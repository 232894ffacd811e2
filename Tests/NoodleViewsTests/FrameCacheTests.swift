import Testing
import NoodleCore
@testable import NoodleViews

@Suite("Frame cache")
struct FrameCacheTests {
    @Test("a cached frame always equals a full render, through laps, scrolling, resizes, help and the hour")
    func matchesFullRender() {
        var state = busyState(width: 120, height: 40)
        var cache = FrameCache(glyphs: .unicode)
        var generator = SeededGenerator(seed: 2026)
        var t = 83.45
        let keys: [Key] = [.character("l"), .down, .up, .tab, .backTab, .character("?"), .escape, .space, .space, .home]
        for step in 0 ..< 3000 {
            t += Double(Int.random(in: 1 ... 40, using: &generator)) / 1000
            if step == 1500 { t += 3600 }
            if step % 37 == 0 {
                _ = update(&state, .keyPressed(keys.randomElement(using: &generator)!), at: at(t))
            } else if step % 101 == 0 {
                _ = update(&state, .resized(Size(width: Int.random(in: 1 ... 160, using: &generator), height: Int.random(in: 1 ... 50, using: &generator))), at: at(t))
            } else {
                _ = update(&state, .ticked, at: at(t))
            }
            let cached = cache.frame(for: state), full = Dashboard.render(state)
            #expect(cached == full, "step \(step): \(Self.difference(cached, full))")
            if cached != full { return }
        }
    }

    /// The first rows where two frames differ, text and roles, for a failure's message.
    static func difference(_ a: Grid, _ b: Grid) -> String {
        guard a.width == b.width, a.height == b.height else { return "sizes \(a.width)x\(a.height) and \(b.width)x\(b.height)" }
        let rows = (0 ..< a.height).filter { a.row($0) != b.row($0) }.prefix(3)
        return rows.map { y in
            let roles = (0 ..< a.width).filter { a[$0, y] != b[$0, y] }.map { "x \($0): \(a[$0, y]) vs \(b[$0, y])" }.prefix(3)
            return "row \(y)\n  cached \(a.text(row: y))\n  full   \(b.text(row: y))\n  " + roles.joined(separator: "\n  ")
        }.joined(separator: "\n")
    }

    @Test("the patched centiseconds land after the digits at every digit size, in UTF-8 and in ASCII", arguments: [false, true])
    func everyDigitSize(ascii: Bool) {
        let glyphs: Glyphs = ascii ? .ascii : .unicode
        for (width, height) in [(200, 60), (200, 90), (160, 45), (120, 40), (100, 30), (80, 24), (60, 16), (20, 6)] {
            var state = busyState(width: width, height: height)
            var cache = FrameCache(glyphs: glyphs)
            var t = 83.45
            for step in 0 ..< 200 {
                t += 0.033
                _ = update(&state, .ticked, at: at(t))
                #expect(cache.frame(for: state) == Dashboard.render(state, glyphs: glyphs), "\(width)x\(height) step \(step)")
            }
        }
    }
}

/// A linear congruential generator: enough randomness to vary the steps, and a failure replays.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}
