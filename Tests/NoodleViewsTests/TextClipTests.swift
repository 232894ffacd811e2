import Testing
@testable import NoodleViews

@Suite("Clipping a line to a width")
struct TextClipTests {
    @Test("a status line is cut between whole characters, spaces before the cut dropped, with an ellipsis", arguments: [
        ("🍜 Shin 2:31 · ⏱ 12:04", 30, "🍜 Shin 2:31 · ⏱ 12:04"),
        ("🍜 Shin 2:31 · ⏱ 12:04", 13, "🍜 Shin 2:31…"),
        ("🍜 Shin 2:31 · ⏱ 12:04", 9, "🍜 Shin…"),
        ("🍜 Shin 2:31 · ⏱ 12:04", 3, "🍜…"),
        ("🍜 Shin 2:31 · ⏱ 12:04", 2, "…"),
        ("🔔 신라면 -0:12", 7, "🔔 신…"),
        ("🔔 신라면 -0:12", 8, "🔔 신라…"),
        ("🇰🇷 tea 1:00", 2, "…"),
        ("🇰🇷 tea 1:00", 4, "🇰🇷…"),
        ("café 1:00", 5, "café…"),
        ("cafe\u{301} 1:00", 5, "cafe\u{301}…"),
        ("tea 1:00", 1, "…"),
    ])
    func clip(text: String, width: Int, expected: String) {
        let clipped = TextWidth.clip(text, to: width)
        #expect(clipped == expected)
        #expect(TextWidth.columns(of: clipped) <= width)
    }

    @Test("without UTF-8 the ellipsis is ASCII")
    func ascii() {
        #expect(TextWidth.clip("Shin 2:31 | SW 12:04", to: 10, ellipsis: "~") == "Shin 2:31~")
    }
}
