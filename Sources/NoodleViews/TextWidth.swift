import CWidth

/// Display columns, measured per Unicode scalar with glibc's wcwidth tables.
/// Swift's String has no notion of East Asian width, and Hangul takes two columns.
public enum TextWidth {
    /// How a scalar is drawn: in how many columns, or not at all.
    enum Drawing: Equatable {
        /// A visible glyph of 1 or 2 columns.
        case glyph(Int)
        /// A C0 control or DEL, drawn as `^X`.
        case control
        /// A combining mark, drawn onto the glyph before it.
        case combining
        /// A format control (bidi override, joiner): never sent to the terminal.
        case dropped
        /// A C1 control or anything wcwidth cannot measure: drawn as a replacement character.
        case replaced
    }

    /// Classifies `scalar`. The Unicode property lookup is slow, so it runs only for the rare
    /// scalars that wcwidth says take no column; everything visible is settled by one table lookup.
    static func drawing(of scalar: Unicode.Scalar) -> Drawing {
        let value = scalar.value
        if value >= 0x20 && value < 0x7f { return .glyph(1) }
        if value < 0x20 || value == 0x7f { return .control }
        if value < 0xa0 { return .replaced }
        // Box drawing, block elements and Hangul syllables fill every frame; their widths are fixed.
        if value >= 0x2500 && value <= 0x259f { return .glyph(1) }
        if value >= 0xac00 && value <= 0xd7a3 { return .glyph(2) }
        let width = Int(noodle_scalar_width(value))
        if width > 0 { return .glyph(width) }
        if width < 0 { return .replaced }
        return zeroWidthDrawing(of: scalar)
    }

    @inline(never)
    private static func zeroWidthDrawing(of scalar: Unicode.Scalar) -> Drawing {
        // Conjoining medial vowels and final consonants build a syllable with the jamo before them.
        if (0x1160 ... 0x11ff).contains(scalar.value) || (0xd7b0 ... 0xd7ff).contains(scalar.value) { return .combining }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return .combining
        default: return .dropped
        }
    }

    /// Columns one scalar occupies once drawn: controls count as the two columns of their `^X` form.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        switch drawing(of: scalar) {
        case .glyph(let width): width
        case .control: 2
        case .combining, .dropped: 0
        case .replaced: 1
        }
    }

    public static func columns(of text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    /// `text` cut to at most `width` columns, with an ellipsis when something was cut.
    /// A wide glyph that would straddle the edge is left out rather than halved.
    public static func truncate(_ text: String, to width: Int, ellipsis: Unicode.Scalar = "…") -> String {
        guard width > 0 else { return "" }
        guard columns(of: text) > width else { return text }
        var result = String.UnicodeScalarView()
        var used = 0
        let budget = width - columns(of: ellipsis)
        for scalar in text.unicodeScalars {
            let w = columns(of: scalar)
            if used + w > budget { break }
            result.append(scalar)
            used += w
        }
        result.append(ellipsis)
        return String(result)
    }

    /// `text` cut to at most `width` columns between whole characters, so a flag, an emoji with
    /// its modifiers or a letter with its accents is never split, with the spaces before the cut
    /// dropped and `ellipsis` after it: for a line shown as it is, like a status bar's.
    public static func clip(_ text: String, to width: Int, ellipsis: Unicode.Scalar = "…") -> String {
        guard width > 0 else { return "" }
        guard columns(of: text) > width else { return text }
        let budget = width - columns(of: ellipsis)
        var result = ""
        var used = 0
        for character in text {
            let w = character.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
            if used + w > budget { break }
            result.append(character)
            used += w
        }
        while result.last?.isWhitespace == true { result.removeLast() }
        result.unicodeScalars.append(ellipsis)
        return result
    }

    /// `text` padded with spaces on the right (or cut) to exactly `width` columns.
    public static func pad(_ text: String, to width: Int, ellipsis: Unicode.Scalar = "…") -> String {
        let cut = truncate(text, to: width, ellipsis: ellipsis)
        return cut + String(repeating: " ", count: max(0, width - columns(of: cut)))
    }

    /// `text` padded on the left to `width` columns, for right-aligned numbers.
    public static func padLeft(_ text: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - columns(of: text))) + text
    }
}
