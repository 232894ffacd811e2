/// A text file gone wrong on disk in a way a TOML reader must refuse: a NUL byte, a byte that is
/// not UTF-8, or the whole text saved as UTF-16 (with or without its byte-order mark, perhaps cut
/// short). With the line the error has to name and a word it has to say.
public struct UnreadableBytes {
    public let bytes: [UInt8]
    public let line: Int
    public let says: String

    public init(from text: String, using random: inout SplitMix) {
        let utf8 = Array(text.utf8)
        let starts = utf8.indices.filter { utf8[$0] & 0xC0 != 0x80 }
        let offset = starts.randomElement(using: &random) ?? 0
        let line = 1 + utf8[..<offset].count(where: { $0 == 0x0A })
        switch Int.random(in: 0 ..< 4, using: &random) {
        case 0:
            (bytes, self.line, says) = (Array(utf8[..<offset]) + [0] + utf8[offset...], line, "NUL")
        case 1:
            let stray: [UInt8] = [[0xFF], [0xC0, 0x80], [0xE9], [0x80], [0xC3], [0xED, 0xA0, 0x80]].randomElement(using: &random)!
            (bytes, self.line, says) = (Array(utf8[..<offset]) + stray + utf8[offset...], line, "is not UTF-8")
        default:
            let bigEndian = Bool.random(using: &random)
            let units = text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            let mark: [UInt8] = Bool.random(using: &random) ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
            let kept = Bool.random(using: &random) ? units.count : 2 * Int.random(in: 1 ... max(1, units.count / 2), using: &random)
            (bytes, self.line, says) = (mark + units.prefix(kept), 1, "UTF-16")
        }
    }
}
