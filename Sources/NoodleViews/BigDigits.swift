import NoodleCore

/// Readings in big digits that grow with the room they get, from one 3×5 pixel font.
///
/// In UTF-8 a pixel is drawn with half blocks, two pixel rows a cell, which makes it about
/// square; scale k makes each pixel k columns by k half rows: 3, 5, 8, 10, 13… rows high.
/// In ASCII the smallest size is the seven-segment `|_|` font (the block font at three rows
/// would not be legible in `#`), and the larger ones draw each pixel as a block of `#`, one row by
/// two columns per step: 5, 10, 15… rows high.
enum BigDigits {
    /// One size of big digits in one glyph set.
    struct Scale: Equatable, Sendable {
        /// Position in `scales(ascii:)`, smallest first.
        let index: Int
        let isASCII: Bool
        let height: Int
        /// Columns a font pixel takes; glyph widths and the gap between glyphs are whole pixels.
        let pixelWidth: Int

        /// Columns `text` takes: 3 pixels a digit or minus, 1 a colon, 1 between glyphs.
        func width(of text: String) -> Int {
            var pixels = 0
            for character in text.unicodeScalars { pixels += character == ":" ? 1 : 3 }
            return pixelWidth * (pixels + max(0, text.unicodeScalars.count - 1))
        }
    }

    /// Every size in a glyph set, smallest first; the largest is ~30 rows, a third of a tall screen.
    static func scales(ascii: Bool) -> [Scale] {
        ascii ? asciiScales : blockScales
    }

    /// Big digits grow to about a third of the screen's height, wherever they are drawn.
    static func heightLimit(screenHeight: Int) -> Int {
        max(3, screenHeight / 3)
    }

    /// The largest size that draws `text` within `width`×`height`, or nil when even the smallest does not fit.
    static func largest(for text: String, width: Int, height: Int, ascii: Bool) -> Scale? {
        scales(ascii: ascii).last { $0.height <= height && $0.width(of: text) <= width }
    }

    /// The rows of `text` at `scale`, each exactly `scale.width(of:)` columns. Readings redraw up to
    /// 30 times a second, so the glyph rows come from tables built once rather than from the font.
    static func rows(_ text: String, scale: Scale) -> [String] {
        let table = (scale.isASCII ? asciiTables : blockTables)[scale.index]
        let gap = String(repeating: " ", count: scale.pixelWidth)
        var rows = [String](repeating: "", count: scale.height)
        for (index, character) in text.enumerated() {
            let glyph = table[character] ?? table[" "]!
            for row in 0 ..< scale.height {
                if index > 0 { rows[row] += gap }
                rows[row] += glyph[row]
            }
        }
        return rows
    }

    /// The font: five 3-bit pixel rows a glyph (a colon uses only the middle column).
    private static let pixels: [Character: [UInt8]] = [
        "0": [0b111, 0b101, 0b101, 0b101, 0b111], "1": [0b010, 0b110, 0b010, 0b010, 0b111],
        "2": [0b111, 0b001, 0b111, 0b100, 0b111], "3": [0b111, 0b001, 0b111, 0b001, 0b111],
        "4": [0b101, 0b101, 0b111, 0b001, 0b001], "5": [0b111, 0b100, 0b111, 0b001, 0b111],
        "6": [0b111, 0b100, 0b111, 0b101, 0b111], "7": [0b111, 0b001, 0b001, 0b001, 0b001],
        "8": [0b111, 0b101, 0b111, 0b101, 0b111], "9": [0b111, 0b101, 0b111, 0b001, 0b111],
        "-": [0b000, 0b000, 0b111, 0b000, 0b000], ":": [0b000, 0b010, 0b000, 0b010, 0b000],
        " ": [0, 0, 0, 0, 0],
    ]

    private static let segments: [Character: [String]] = [
        "0": [" _ ", "| |", "|_|"], "1": ["   ", "  |", "  |"], "2": [" _ ", " _|", "|_ "],
        "3": [" _ ", " _|", " _|"], "4": ["   ", "|_|", "  |"], "5": [" _ ", "|_ ", " _|"],
        "6": [" _ ", "|_ ", "|_|"], "7": [" _ ", "  |", "  |"], "8": [" _ ", "|_|", "|_|"],
        "9": [" _ ", "|_|", " _|"], "-": ["   ", " _ ", "   "], ":": [" ", ".", "."],
        " ": ["   ", "   ", "   "],
    ]

    private static let blockScales = (1 ... 12).enumerated().map { index, k in
        Scale(index: index, isASCII: false, height: (5 * k + 1) / 2, pixelWidth: k)
    }
    private static let asciiScales = [Scale(index: 0, isASCII: true, height: 3, pixelWidth: 1)]
        + (1 ... 6).map { j in Scale(index: j, isASCII: true, height: 5 * j, pixelWidth: 2 * j) }

    private static let blockTables = blockScales.map { scale in
        pixels.mapValues { blockGlyph($0, k: scale.pixelWidth, height: scale.height, wide: $0 != pixels[":"]) }
    }
    private static let asciiTables = asciiScales.map { scale -> [Character: [String]] in
        guard scale.index > 0 else { return segments }
        return pixels.mapValues { asciiGlyph($0, j: scale.index, wide: $0 != pixels[":"]) }
    }

    /// Font columns a glyph spans: the colon only its middle one.
    private static func fontColumns(wide: Bool) -> [UInt8] {
        wide ? [0b100, 0b010, 0b001] : [0b010]
    }

    private static func blockGlyph(_ bits: [UInt8], k: Int, height: Int, wide: Bool) -> [String] {
        /// Whether scaled pixel row `p` (k of them per font row) is lit in font column `mask`.
        func lit(_ p: Int, _ mask: UInt8) -> Bool { p / k < bits.count && bits[p / k] & mask != 0 }
        return (0 ..< height).map { row in
            var line = ""
            for mask in fontColumns(wide: wide) {
                let cell: Character
                switch (lit(2 * row, mask), lit(2 * row + 1, mask)) {
                case (true, true): cell = "█"
                case (true, false): cell = "▀"
                case (false, true): cell = "▄"
                case (false, false): cell = " "
                }
                line += String(repeating: cell, count: k)
            }
            return line
        }
    }

    private static func asciiGlyph(_ bits: [UInt8], j: Int, wide: Bool) -> [String] {
        (0 ..< 5 * j).map { row in
            fontColumns(wide: wide).map { mask in
                String(repeating: bits[row / j] & mask != 0 ? "#" : " ", count: 2 * j)
            }.joined()
        }
    }
}
