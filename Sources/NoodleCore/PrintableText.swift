/// Text from people (labels, memos, catalog names) made safe to hand to a terminal, a window
/// title or a program reading noodle's output: no control character of theirs gets through, and
/// no bidi control reorders the text around it (a status bar shows what follows a label too).
public enum PrintableText {
    public static func clean(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter(isKept)))
    }

    private static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || value == 0x7f || (0x80 ... 0x9f).contains(value) { return false }
        // Only the rare non-ASCII scalars pay for the property lookup.
        return value < 0x80 || !scalar.properties.isBidiControl
    }
}
