/// Which line of a TOML text sets which key. TOMLKit says where a syntax error is but not where a
/// value came from, and an error that names no line leaves the user hunting; so this reads each
/// line just far enough to see the table it is in and the keys it sets, and no further.
/// It never judges the text: TOMLKit already has, and anything it cannot follow simply finds no line.
struct TOMLKeyLines {
    /// One line that sets a key or opens a table.
    private struct Entry {
        let line: Int
        /// The full dotted path: the open table's path plus the line's own key.
        let path: [String]
        /// Keys set inside an inline table on the line, like `fg` in `ringing = { fg = "red" }`.
        let inlineKeys: [[String]]
    }

    private let entries: [Entry]

    init(text: String) {
        var entries: [Entry] = []
        var table: [String] = []
        var openMultilineQuote: String?
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (offset, line) in lines.enumerated() {
            var scanner = LineScanner(Array(line))
            if let quote = openMultilineQuote {
                // The line continues a multi-line string; whatever looks like a key in it is text.
                if scanner.skip(past: quote) { openMultilineQuote = scanner.scanValue().openMultilineQuote }
                continue
            }
            scanner.skipSpaces()
            if scanner.peek == "[" {
                if let header = scanner.tableHeader() {
                    table = header
                    entries.append(Entry(line: offset + 1, path: header, inlineKeys: []))
                }
            } else if let key = scanner.keyBeforeEquals() {
                let value = scanner.scanValue()
                openMultilineQuote = value.openMultilineQuote
                entries.append(Entry(line: offset + 1, path: table + key, inlineKeys: value.inlineKeys))
            }
        }
        self.entries = entries
    }

    /// The line that sets `path`, or failing that the line closest to it: for a key that is
    /// missing, that is where its table starts. Nil when no line has anything to do with it.
    func line(of path: [String]) -> Int? {
        var best: (line: Int, depth: Int)?
        for entry in entries {
            guard let depth = Self.depth(of: entry, toward: path) else { continue }
            if depth > (best?.depth ?? 0) { best = (entry.line, depth) }
        }
        return best?.line
    }

    /// The key or table a line sets, for syntax errors, which come with a line but no key.
    func key(onLine line: Int) -> [String]? {
        entries.first { $0.line == line }?.path
    }

    /// How many of `path`'s components the entry accounts for; nil when it is about something else.
    private static func depth(of entry: Entry, toward path: [String]) -> Int? {
        let shared = zip(entry.path, path).prefix { $0 == $1 }.count
        guard shared == min(entry.path.count, path.count), shared > 0 else { return nil }
        let remaining = path.dropFirst(shared)
        let inline = entry.inlineKeys.filter { remaining.starts(with: $0) }.map(\.count).max() ?? 0
        return shared + inline
    }
}

/// Reads one line of TOML character by character.
private struct LineScanner {
    struct Value {
        var inlineKeys: [[String]] = []
        /// Set when a `"""` or `'''` string starts on this line and ends on a later one.
        var openMultilineQuote: String?
    }

    private let characters: [Character]
    private var index = 0

    init(_ characters: [Character]) {
        self.characters = characters
    }

    var peek: Character? { index < characters.count ? characters[index] : nil }

    mutating func skipSpaces() {
        while let character = peek, character == " " || character == "\t" { index += 1 }
    }

    /// `[a.b]` or `[[a.b]]`.
    mutating func tableHeader() -> [String]? {
        index += 1
        let isArrayOfTables = peek == "["
        if isArrayOfTables { index += 1 }
        skipSpaces()
        guard let key = dottedKey() else { return nil }
        skipSpaces()
        guard peek == "]" else { return nil }
        if isArrayOfTables {
            index += 1
            guard peek == "]" else { return nil }
        }
        return key
    }

    /// The key of `key = value`, leaving the scanner just after the `=`.
    mutating func keyBeforeEquals() -> [String]? {
        guard let key = dottedKey() else { return nil }
        skipSpaces()
        guard peek == "=" else { return nil }
        index += 1
        return key
    }

    /// Moves past the next `quote`; false when the line has none.
    mutating func skip(past quote: String) -> Bool {
        let delimiter = Array(quote)
        while index + delimiter.count <= characters.count {
            if Array(characters[index ..< index + delimiter.count]) == delimiter {
                index += delimiter.count
                return true
            }
            index += 1
        }
        index = characters.count
        return false
    }

    /// The rest of a value: strings are stepped over whole, so a `#` or `,` inside one means nothing,
    /// and a key after `{` or `,` is an inline table's key.
    mutating func scanValue() -> Value {
        var value = Value()
        while let character = peek {
            switch character {
            case "#":
                return value
            case "\"", "'":
                let quote = String(repeating: character, count: 3)
                if startsWith(quote) {
                    index += 3
                    if !skip(past: quote) {
                        value.openMultilineQuote = quote
                        return value
                    }
                } else {
                    _ = quotedKey(character)
                }
            case "{", ",":
                index += 1
                skipSpaces()
                let start = index
                if let key = keyBeforeEquals() {
                    value.inlineKeys.append(key)
                } else {
                    index = start
                }
            default:
                index += 1
            }
        }
        return value
    }

    private func startsWith(_ text: String) -> Bool {
        let wanted = Array(text)
        return index + wanted.count <= characters.count && Array(characters[index ..< index + wanted.count]) == wanted
    }

    /// `a`, `a.b`, `"quoted key".b`, with spaces allowed around the dots.
    private mutating func dottedKey() -> [String]? {
        var parts: [String] = []
        while true {
            guard let part = simpleKey() else { return nil }
            parts.append(part)
            skipSpaces()
            guard peek == "." else { return parts }
            index += 1
            skipSpaces()
        }
    }

    private mutating func simpleKey() -> String? {
        if let quote = peek, quote == "\"" || quote == "'" { return quotedKey(quote) }
        let start = index
        while let character = peek, character.isASCII, character.isLetter || character.isNumber || character == "_" || character == "-" {
            index += 1
        }
        return index > start ? String(characters[start ..< index]) : nil
    }

    /// A one-line string; only `\"` and `\\` are unescaped, which is all a key's name can need here.
    private mutating func quotedKey(_ quote: Character) -> String? {
        index += 1
        var text = ""
        while let character = peek {
            index += 1
            if character == quote { return text }
            if character == "\\", quote == "\"", let escaped = peek {
                index += 1
                text.append(escaped)
            } else {
                text.append(character)
            }
        }
        return nil
    }
}
