import Testing
import NoodleCore
@testable import NoodleViews

@Suite("Big digits: sizes and glyph tables")
struct BigDigitsTests {
    @Test("each glyph set has at least three sizes, growing", arguments: [false, true])
    func threeSizes(ascii: Bool) {
        let heights = BigDigits.scales(ascii: ascii).map(\.height)
        #expect(heights.count >= 3)
        #expect(heights == heights.sorted() && Set(heights).count == heights.count)
        #expect(heights.first == 3)
    }

    @Test("every row of every glyph at every size is as wide as the size says", arguments: [false, true])
    func rowWidths(ascii: Bool) {
        for scale in BigDigits.scales(ascii: ascii) {
            for text in ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", ":", "-", "12:34", "-0:08", "1:02:03", "x"] {
                let rows = BigDigits.rows(text, scale: scale)
                #expect(rows.count == scale.height)
                #expect(rows.allSatisfy { TextWidth.columns(of: $0) == scale.width(of: text) }, "\(text) at \(scale.height) rows")
            }
        }
    }

    @Test("the size chosen is the largest that fits, never wider or taller than the room")
    func largestThatFits() {
        for ascii in [false, true] {
            for width in stride(from: 0, through: 240, by: 7) {
                for height in 0 ... 40 {
                    for text in ["4:30", "12:34", "1:02:03", "-0:08"] {
                        let chosen = BigDigits.largest(for: text, width: width, height: height, ascii: ascii)
                        let fitting = BigDigits.scales(ascii: ascii).filter { $0.height <= height && $0.width(of: text) <= width }
                        #expect(chosen == fitting.last)
                        if let chosen {
                            #expect(chosen.height <= height && chosen.width(of: text) <= width)
                            #expect(BigDigits.rows(text, scale: chosen).allSatisfy { TextWidth.columns(of: $0) <= width })
                        }
                    }
                }
            }
        }
    }

    @Test("three rows is the old font: the seven-segment digits in ASCII, half blocks in UTF-8")
    func smallestIsTheOldFont() {
        #expect(BigDigits.rows("12:34", scale: BigDigits.scales(ascii: true)[0]) == [
            ["   ", " _ ", " ", " _ ", "   "], ["  |", " _|", ".", " _|", "|_|"], ["  |", "|_ ", ".", " _|", "  |"],
        ].map { $0.joined(separator: " ") })
        #expect(BigDigits.rows("0", scale: BigDigits.scales(ascii: false)[0]) == ["█▀█", "█ █", "▀▀▀"])
    }

    @Test("big digits stop at about a third of the screen")
    func heightLimit() {
        #expect(BigDigits.heightLimit(screenHeight: 60) == 20)
        #expect(BigDigits.heightLimit(screenHeight: 6) == 3)
    }
}
