/// Finds the TOML syntax errors that the TOML parser noodle uses cannot report.
///
/// toml++ 3.4, inside TOMLKit 0.6, asserts (and so aborts the whole process) on three mistakes
/// instead of returning an error: a table header that names no key (`[` or `[[` followed by a line
/// break, `.`, `#` or another bracket), and a `}` or a Unicode line separator (U+0085, U+2028,
/// U+2029) where an array expects a value. All were found by fuzzing config and theme files. It is
/// also handed a C string, so a NUL would quietly end the file there. A typo in config.toml or a
/// theme must be an error naming its line, never a crash or a file read short, so every TOML text
/// is checked for these before it is parsed.
public enum TOMLPreflight {
    public struct Problem: Error, Equatable, Sendable {
        /// 1-based, as editors count; the column is that of the offending character.
        public let line: Int
        public let column: Int
        public let text: String
    }

    static let namelessHeader = "a table header needs a name after its [ (a letter, digit, _, - or a quoted name)"
    static let braceInArray = "a } inside an array, which only ] closes"

    static func lineSeparator(_ scalar: Unicode.Scalar) -> String {
        let code = String(scalar.value, radix: 16, uppercase: true)
        return "a line separator (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)) outside a string, where TOML allows only spaces, tabs and line breaks"
    }

    static let nul = "a NUL byte (U+0000), which TOML does not allow: the parser would stop reading at it and miss the rest"

    public static func firstProblem(in text: String) -> Problem? {
        var scanner = Scanner(Array(text.unicodeScalars))
        return scanner.nulProblem() ?? scanner.firstProblem()
    }

    private struct Scanner {
        let text: [Unicode.Scalar]
        var index = 0
        var line = 1
        var lineStart = 0
        /// Open arrays (`[`) and inline tables (`{`) of the value being read, innermost last: a `[`
        /// inside one is an array, never a header.
        var open: [Unicode.Scalar] = []
        /// Only spaces since the line began: where a `[` opens a table header.
        var atLineStart = true

        init(_ text: [Unicode.Scalar]) {
            self.text = text
        }

        var current: Unicode.Scalar? { index < text.count ? text[index] : nil }

        func peek(_ offset: Int) -> Unicode.Scalar? {
            index + offset < text.count ? text[index + offset] : nil
        }

        mutating func advance() {
            if text[index] == "\n" {
                line += 1
                lineStart = index + 1
                atLineStart = true
            }
            index += 1
        }

        mutating func firstProblem() -> Problem? {
            while let scalar = current {
                switch scalar {
                case "\n":
                    advance()
                    continue
                case " ", "\t", "\r":
                    index += 1
                    continue
                case "#":
                    while let next = current, next != "\n" { index += 1 }
                    continue
                case "\"", "'":
                    skipString(quote: scalar)
                case "[" where open.isEmpty && atLineStart:
                    if let problem = checkHeader() { return problem }
                    continue
                case "[", "{":
                    open.append(scalar)
                    index += 1
                case "}" where open.last == "[":
                    return problem(TOMLPreflight.braceInArray)
                case "\u{85}", "\u{2028}", "\u{2029}":
                    return problem(TOMLPreflight.lineSeparator(scalar))
                case "]", "}":
                    _ = open.popLast()
                    index += 1
                default:
                    index += 1
                }
                atLineStart = false
            }
            return nil
        }

        /// At a header's `[`: the first character of its name must be able to start a key.
        mutating func checkHeader() -> Problem? {
            index += 1
            if current == "[" { index += 1 }
            while current == " " || current == "\t" { index += 1 }
            guard let first = current else { return nil }
            let startsKey = first.isASCII && (first.properties.isAlphabetic || ("0" ... "9").contains(first) || first == "_" || first == "-")
            guard startsKey || first == "\"" || first == "'" || first == "]" else { return problem(TOMLPreflight.namelessHeader) }
            // A good header's own text (quoted names included) ends with its line.
            while let next = current, next != "\n" { index += 1 }
            return nil
        }

        /// A NUL anywhere, strings and comments included: the parser is handed a C string.
        func nulProblem() -> Problem? {
            guard let nul = text.firstIndex(of: "\0") else { return nil }
            let lineStart = text[..<nul].lastIndex(of: "\n").map { $0 + 1 } ?? 0
            let line = 1 + text[..<lineStart].count(where: { $0 == "\n" })
            return Problem(line: line, column: nul - lineStart + 1, text: TOMLPreflight.nul)
        }

        func problem(_ text: String) -> Problem {
            Problem(line: line, column: index - lineStart + 1, text: text)
        }

        /// Past a string of any of TOML's four kinds; line breaks inside multi-line ones are counted.
        mutating func skipString(quote: Unicode.Scalar) {
            let multiline = peek(1) == quote && peek(2) == quote
            index += multiline ? 3 : 1
            while let scalar = current {
                if scalar == "\\" && quote == "\"" {
                    index += 1
                    if current != nil { advance() }
                    continue
                }
                if scalar == quote {
                    if !multiline {
                        index += 1
                        return
                    }
                    if peek(1) == quote && peek(2) == quote {
                        index += 3
                        // Up to two more quotes may close it as part of the string (`""""""` rules).
                        while current == quote { index += 1 }
                        return
                    }
                }
                // A single-line string ends at the line's end even when left open; the parser says so.
                if scalar == "\n" && !multiline { return }
                advance()
            }
        }
    }
}
