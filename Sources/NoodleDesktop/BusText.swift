import CDBus

/// Text on its way into a D-Bus message. libdbus treats a string argument that is not valid
/// UTF-8 as a programming error and, by default, aborts the whole process; a NUL would also cut
/// the C string short. So people's text (labels, memos) loses its control characters, and the
/// noncharacters older libdbus releases refused, before it gets near libdbus at all.
enum BusText {
    /// `keepingNewlines`: a notification body may have several lines; a summary or key has one.
    static func clean(_ text: String, keepingNewlines: Bool = false) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { isKept($0, keepingNewlines: keepingNewlines) }))
    }

    /// Runs `body` with a C string libdbus has itself checked; one it would still refuse becomes "".
    static func withCheckedCString<T>(_ text: String, keepingNewlines: Bool = false, _ body: (UnsafePointer<CChar>) -> T) -> T {
        let cleaned = clean(text, keepingNewlines: keepingNewlines)
        let accepted = cleaned.withCString { dbus_validate_utf8($0, nil) != 0 }
        return (accepted ? cleaned : "").withCString(body)
    }

    private static func isKept(_ scalar: Unicode.Scalar, keepingNewlines: Bool) -> Bool {
        let value = scalar.value
        if value == 0x0A { return keepingNewlines }
        if value < 0x20 || value == 0x7F || (0x80 ... 0x9F).contains(value) { return false }
        return !(0xFDD0 ... 0xFDEF).contains(value) && value & 0xFFFE != 0xFFFE
    }
}
