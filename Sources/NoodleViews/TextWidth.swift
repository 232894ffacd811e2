import CWidth

/// Display columns, measured per Unicode scalar with glibc's wcwidth tables.
/// Swift's String has no notion of East Asian width, and Hangul takes two columns.
public enum TextWidth {
    /// Columns one scalar occupies once drawn: controls count as the two columns of their `^X` form.
    public static func columns(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value >= 0x20 && value < 0x7f { return 1 }
        if value < 0x20 || value == 0x7f { return 2 }
        if isInvisible(scalar) { return 0 }
        let width = Int(noodle_scalar_width(value))
        return width < 0 ? 1 : width
    }

    public static func columns(of text: some StringProtocol) -> Int {
        text.unicodeScalars.reduce(0) { $0 + columns(of: $1) }
    }

    /// Marks that draw onto the glyph before them (accents, jamo vowels written as combining).
    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: true
        default: false
        }
    }

    /// Scalars that take no column: combining marks, joiners, bidi and other format controls.
    /// Only combining marks are ever drawn; format controls such as bidi overrides are dropped,
    /// because passed to a terminal they would reorder or hide the text around them.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if isCombiningMark(scalar) { return true }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
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
