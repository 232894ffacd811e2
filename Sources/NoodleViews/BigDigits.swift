import NoodleCore

/// A stopwatch reading three rows high: block glyphs in UTF-8 (a 3×5 pixel font drawn with half
/// blocks, two pixel rows a cell) and the seven-segment `|_|` font in ASCII.
enum BigDigits {
    static let height = 3

    /// The 3×5 pixel font, a string of five 3-bit rows per digit.
    private static let pixels: [Character: [UInt8]] = [
        "0": [0b111, 0b101, 0b101, 0b101, 0b111], "1": [0b010, 0b110, 0b010, 0b010, 0b111],
        "2": [0b111, 0b001, 0b111, 0b100, 0b111], "3": [0b111, 0b001, 0b111, 0b001, 0b111],
        "4": [0b101, 0b101, 0b111, 0b001, 0b001], "5": [0b111, 0b100, 0b111, 0b001, 0b111],
        "6": [0b111, 0b100, 0b111, 0b101, 0b111], "7": [0b111, 0b001, 0b001, 0b001, 0b001],
        "8": [0b111, 0b101, 0b111, 0b101, 0b111], "9": [0b111, 0b101, 0b111, 0b001, 0b111],
    ]

    private static let segments: [Character: [String]] = [
        "0": [" _ ", "| |", "|_|"], "1": ["   ", "  |", "  |"], "2": [" _ ", " _|", "|_ "],
        "3": [" _ ", " _|", " _|"], "4": ["   ", "|_|", "  |"], "5": [" _ ", "|_ ", " _|"],
        "6": [" _ ", "|_ ", "|_|"], "7": [" _ ", "  |", "  |"], "8": [" _ ", "|_|", "|_|"],
        "9": [" _ ", "|_|", " _|"], ":": [" ", ".", "."],
    ]

    /// Columns `text` (digits and colons) takes: 3 a digit, 1 a colon, 1 between glyphs.
    static func width(of text: String) -> Int {
        text.reduce(0) { $0 + ($1 == ":" ? 1 : 3) } + max(0, text.count - 1)
    }

    /// The three rows of `text`, each exactly `width(of:)` columns. The reading is redrawn 30 times
    /// a second, so the glyph rows come from tables built once rather than from the font each frame.
    static func rows(_ text: String, ascii: Bool) -> [String] {
        let table = ascii ? asciiRows : blockRows
        var rows = ["", "", ""]
        for (index, character) in text.enumerated() {
            let glyph = table[character] ?? ["   ", "   ", "   "]
            for row in 0 ..< height {
                if index > 0 { rows[row].append(" ") }
                rows[row].append(glyph[row])
            }
        }
        return rows
    }

    private static let glyphCharacters = Array("0123456789:")
    private static let blockRows = Dictionary(uniqueKeysWithValues: glyphCharacters.map { c in (c, (0 ..< height).map { glyph(for: c, row: $0, ascii: false) }) })
    private static let asciiRows = Dictionary(uniqueKeysWithValues: glyphCharacters.map { c in (c, (0 ..< height).map { glyph(for: c, row: $0, ascii: true) }) })

    private static func glyph(for character: Character, row: Int, ascii: Bool) -> String {
        if ascii { return segments[character]?[row] ?? String(repeating: " ", count: 3) }
        if character == ":" { return row < 2 ? "▄" : " " }
        guard let bits = pixels[character] else { return "   " }
        // Cell row r shows pixel rows 2r (upper half) and 2r+1 (lower half); the font has five.
        let upper = bits[2 * row]
        let lower = 2 * row + 1 < bits.count ? bits[2 * row + 1] : 0
        return String((0 ..< 3).map { column -> Character in
            let mask: UInt8 = 0b100 >> column
            switch (upper & mask != 0, lower & mask != 0) {
            case (true, true): return "█"
            case (true, false): return "▀"
            case (false, true): return "▄"
            case (false, false): return " "
            }
        })
    }
}
