import Testing
@testable import NoodleCore
@testable import NoodleViews

@Suite("A prompt's cursor and scrolling")
struct TextFieldViewTests {
    private func drawn(_ field: TextField, width: Int) -> (text: String, cursor: Int?) {
        var grid = Grid(size: Size(width: width, height: 1))
        TextFieldView.draw(field, x: 0, y: 0, limit: width, into: &grid)
        let cursor = (0 ..< width).first { grid[$0, 0].role == .selection }
        return (grid.text(row: 0), cursor)
    }

    @Test("the character under the cursor is the selection; at the end it is an underscore")
    func cursor() {
        var state = freshViewState()
        var field = TextField("4:30 tea")
        #expect(drawn(field, width: 20).text.hasPrefix("4:30 tea_"))
        #expect(drawn(field, width: 20).cursor == 8)
        for _ in 0 ..< 3 { _ = field.edit(.left, limit: .prompt, &state) }
        #expect(drawn(field, width: 20).text.hasPrefix("4:30 tea "))
        #expect(drawn(field, width: 20).cursor == 5)
    }

    @Test("text wider than the room scrolls so the cursor shows, Hangul counted two columns")
    func scrolls() {
        var state = freshViewState()
        var field = TextField("5m " + String(repeating: "신라면", count: 10))
        let end = drawn(field, width: 12)
        #expect(end.text == "라면신라면_ ", "the end, with the cursor: \(end.text)")
        _ = field.edit(.home, limit: .prompt, &state)
        let start = drawn(field, width: 12)
        #expect(start.text.hasPrefix("5m 신라면신"))
        #expect(start.cursor == 0)
    }

    private func freshViewState() -> AppState {
        AppState(size: Size(width: 80, height: 24), now: Now(instant: .now, wall: WallTime(secondsSinceEpoch: 0)))
    }
}
