/// The text of a config or theme file from its bytes. TOML is UTF-8, and anything else has to be
/// an error at a line: read leniently, a UTF-16 file came out empty and a stray byte turned into
/// a replacement character the user never wrote.
public enum TOMLBytes {
    public static func text(_ bytes: [UInt8]) -> Result<String, TOMLPreflight.Problem> {
        if let problem = utf16Problem(bytes) { return .failure(problem) }
        if let text = String(validating: bytes, as: UTF8.self) { return .success(text) }
        return .failure(invalidByteProblem(bytes))
    }

    private static let saveAsUTF8 = "not UTF-8 as TOML requires: save it as UTF-8"

    private static func utf16Problem(_ bytes: [UInt8]) -> TOMLPreflight.Problem? {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return TOMLPreflight.Problem(line: 1, column: 1, text: "is UTF-16 text (it starts with UTF-16's byte-order mark), \(saveAsUTF8)")
        }
        // Without the mark, ASCII in UTF-16 puts a NUL in every other byte, all on one side.
        let start = bytes.prefix(256)
        let nulPositions = start.indices.filter { start[$0] == 0 }
        guard nulPositions.count * 4 >= start.count, !nulPositions.isEmpty else { return nil }
        let parities = Set(nulPositions.map { $0 % 2 })
        guard parities.count == 1 else { return nil }
        return TOMLPreflight.Problem(line: 1, column: 1, text: "looks like UTF-16 text (every other byte is a NUL), \(saveAsUTF8)")
    }

    /// Where the first byte that is not UTF-8 is: everything before it decodes, so its column counts characters.
    private static func invalidByteProblem(_ bytes: [UInt8]) -> TOMLPreflight.Problem {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var line = 1
        var column = 1
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) {
            offset += scalar.count
            if scalar.count == 1, scalar.first == 0x0A {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        let byte = offset < bytes.count ? String(bytes[offset], radix: 16, uppercase: true) : "?"
        return TOMLPreflight.Problem(line: line, column: column, text: "is not UTF-8 text, which TOML requires (byte 0x\(byte), column \(column))")
    }
}
