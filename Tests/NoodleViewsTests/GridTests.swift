import Testing
import NoodleCore
@testable import NoodleViews

@Suite("Grid and text width")
struct GridTests {
    @Test("Hangul takes two columns and leaves a continuation cell")
    func hangul() {
        var grid = Grid(size: Size(width: 8, height: 1))
        #expect(grid.write("신라면", x: 0, y: 0, role: .text) == 6)
        #expect(grid[0, 0].scalar == "신" && grid[1, 0].isContinuation)
        #expect(grid.lines == ["신라면"])
        #expect(TextWidth.columns(of: "신라면 Shin") == 11)
    }

    @Test("a wide glyph that would cross the edge becomes a space, never half a glyph")
    func wideAtEdge() {
        var grid = Grid(size: Size(width: 5, height: 1))
        grid.write("a신라", x: 0, y: 0, role: .text, limit: 4)
        #expect(grid.text(row: 0) == "a신  ")
        #expect(!grid[4, 0].isContinuation)
    }

    @Test("overwriting half of a wide glyph clears the other half")
    func overwriteHalf() {
        var grid = Grid(size: Size(width: 4, height: 1))
        grid.write("라면", x: 0, y: 0, role: .text)
        grid.write("x", x: 1, y: 0, role: .text)
        #expect(grid.text(row: 0) == " x면")
        grid.write("y", x: 2, y: 0, role: .text)
        #expect(grid.text(row: 0) == " xy ")
    }

    @Test("truncation counts columns and keeps wide glyphs whole")
    func truncation() {
        #expect(TextWidth.truncate("신라면 블랙", to: 6) == "신라…")
        #expect(TextWidth.truncate("Shin", to: 4) == "Shin")
        #expect(TextWidth.columns(of: TextWidth.pad("라면", to: 7)) == 7)
    }

    @Test("control characters are drawn visibly, bidi overrides dropped, combining marks kept")
    func hostileText() {
        var grid = Grid(size: Size(width: 16, height: 1))
        grid.write("a\u{1B}[2Jb\u{202E}c\u{9B}e\u{301}", x: 0, y: 0, role: .text)
        #expect(grid.lines == ["a^[[2Jbc\u{FFFD}e\u{301}"])
        #expect(grid.cells.allSatisfy { $0.scalar.value >= 0x20 && !(0x80 ... 0x9f).contains($0.scalar.value) })
    }
}

@Suite("Grid: combining marks and jamo")
struct CombiningTests {
    @Test("a mark after the last glyph that fits stays on that glyph")
    func markAtLimit() {
        var grid = Grid(size: Size(width: 6, height: 1))
        grid.write("cafe\u{301}", x: 0, y: 0, role: .text, limit: 4)
        #expect(grid.marks(atX: 3, y: 0) == ["\u{301}"])
    }

    @Test("a leading mark never lands on a cell another view drew")
    func leadingMark() {
        var grid = Grid(size: Size(width: 6, height: 1))
        grid.write("ab", x: 0, y: 0, role: .text)
        grid.write("\u{301}c", x: 2, y: 0, role: .text)
        #expect(!grid.hasMarks)
        #expect(grid.lines == ["abc"])
    }

    @Test("decomposed Hangul keeps its vowel and final consonant")
    func conjoiningJamo() {
        var grid = Grid(size: Size(width: 6, height: 1))
        grid.write("\u{1109}\u{1175}\u{11AB}", x: 0, y: 0, role: .text)
        #expect(grid.lines == ["\u{1109}\u{1175}\u{11AB}"])
    }

    @Test("without UTF-8 a wide glyph is a ? as wide as it was measured, so what follows stays in its column")
    func asciiWide() {
        var grid = Grid(size: Size(width: 20, height: 2), isASCII: true)
        let label = "신라면 🍜"
        let width = TextWidth.columns(of: label)
        grid.write(TextWidth.pad(label, to: 10) + "|4:30", x: 0, y: 0, role: .text)
        grid.write(TextWidth.pad("tea", to: 10) + "|4:30", x: 0, y: 1, role: .text)
        #expect(grid.lines == ["? ? ?  ?  |4:30", "tea       |4:30"])
        #expect(width == 9)
        #expect(grid.cells.allSatisfy { $0.scalar.isASCII })
    }
}
