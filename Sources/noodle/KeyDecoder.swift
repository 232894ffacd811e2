import NoodleCore

/// Keys from the bytes a terminal sends, read in bulk: a 100 KB paste is a few reads instead of
/// curses' two system calls a byte. Special keys are the escape sequences terminfo names for this
/// terminal (and the common xterm forms); an escape that starts none of them is the Esc key
/// followed by what came after it, as curses reads it too.
struct KeyDecoder {
    private let sequences: [[UInt8]: Key]
    /// Every proper prefix of a sequence: while the bytes so far are one, more may complete it.
    private let prefixes: Set<[UInt8]>
    /// Bytes of a key not complete yet (an escape sequence or a character cut between two reads).
    private var pending: [UInt8] = []

    init(sequences: [[UInt8]: Key]) {
        let escapes = sequences.filter { $0.key.first == 0x1B && $0.key.count > 1 }
        self.sequences = escapes
        prefixes = Set(escapes.keys.flatMap { sequence in (1 ..< sequence.count).map { Array(sequence.prefix($0)) } })
    }

    /// Whether bytes are held back, waiting for the rest of a key.
    var isWaiting: Bool { !pending.isEmpty }

    /// The keys `bytes` complete. With `final`, nothing more is coming soon: what is held back is
    /// taken as it is (a lone Esc, say), and a broken character is dropped.
    mutating func decode(_ bytes: [UInt8], final: Bool) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var index = 0
        decoding: while index < pending.count {
            let byte = pending[index]
            if byte == 0x1B {
                var matched: (key: Key, length: Int)?
                var length = 1
                while index + length <= pending.count {
                    let candidate = Array(pending[index ..< index + length])
                    if let key = sequences[candidate] { matched = (key, length) }
                    guard prefixes.contains(candidate) else { break }
                    if index + length == pending.count && !final { break decoding }
                    length += 1
                }
                if let matched {
                    keys.append(matched.key)
                    index += matched.length
                } else if let (key, length) = Self.controlSequence(pending[index...]) {
                    // A sequence this terminfo entry does not name: a modified key, or another
                    // terminal's form. Taken whole, so its letters never act as keys.
                    if let key { keys.append(key) }
                    index += length
                } else if !final && Self.isUnfinishedControlSequence(pending[index...]) {
                    break decoding
                } else {
                    keys.append(.escape)
                    index += 1
                }
            } else if byte < 0x80 {
                if let key = Self.key(forASCII: byte) { keys.append(key) }
                index += 1
            } else {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                if index + length > pending.count {
                    if !final { break }
                    index = pending.count
                    break
                }
                let scalars = String(decoding: pending[index ..< index + length], as: UTF8.self).unicodeScalars
                if length > 1, scalars.count == 1, let scalar = scalars.first, scalar != "\u{FFFD}" {
                    keys.append(.character(Character(scalar)))
                    index += length
                } else {
                    // Not UTF-8: no key, and the next byte starts afresh.
                    index += 1
                }
            }
        }
        pending.removeFirst(index)
        return keys
    }

    /// A whole CSI sequence (`ESC [`, parameters, intermediates, one final byte) at the start of
    /// `bytes`, with its length and the key it stands for, if any: xterm's modified keys
    /// (`ESC [1;5A`, `ESC [3;2~`) are their plain key, Shift-↑/↓ excepted. nil when `bytes` do not
    /// hold a whole one.
    static func controlSequence(_ bytes: ArraySlice<UInt8>) -> (key: Key?, length: Int)? {
        var index = bytes.startIndex
        guard bytes.count >= 3, bytes[index] == 0x1B, bytes[index + 1] == UInt8(ascii: "[") else { return nil }
        index += 2
        let parametersStart = index
        while index < bytes.endIndex, (0x30 ... 0x3F).contains(bytes[index]) { index += 1 }
        let parameters = String(decoding: bytes[parametersStart ..< index], as: UTF8.self)
        while index < bytes.endIndex, (0x20 ... 0x2F).contains(bytes[index]) { index += 1 }
        guard index < bytes.endIndex, (0x40 ... 0x7E).contains(bytes[index]) else { return nil }
        let final = Character(Unicode.Scalar(bytes[index]))
        return (modifiedKey(parameters: parameters, final: final), index + 1 - bytes.startIndex)
    }

    /// Whether `bytes` start a CSI sequence whose final byte has not arrived yet.
    static func isUnfinishedControlSequence(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 2, bytes[bytes.startIndex] == 0x1B, bytes[bytes.startIndex + 1] == UInt8(ascii: "[") else {
            return bytes.count == 1 && bytes.first == 0x1B
        }
        return bytes.dropFirst(2).allSatisfy { (0x20 ... 0x3F).contains($0) }
    }

    private static func modifiedKey(parameters: String, final: Character) -> Key? {
        let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let modifier = numbers.count >= 2 ? numbers[1] : nil
        switch final {
        case "A" where modifier == 2: return .shiftUp
        case "B" where modifier == 2: return .shiftDown
        // rxvt's Shift-↑/↓.
        case "a" where parameters.isEmpty: return .shiftUp
        case "b" where parameters.isEmpty: return .shiftDown
        case "A", "B", "C", "D", "H", "F", "P", "Q", "R", "S", "Z":
            return commonSequences["[" + String(final)] ?? commonSequences["O" + String(final)]
        case "~":
            guard let first = numbers.first, let code = first else { return nil }
            return commonSequences["[\(code)~"]
        default:
            return nil
        }
    }

    /// A byte below 128: Tab, Enter, Esc, Backspace, a Ctrl letter, or a printable character.
    static func key(forASCII byte: UInt8) -> Key? {
        switch byte {
        case 9: .tab
        case 10, 13: .enter
        case 27: .escape
        case 8, 127: .backspace
        case 1 ... 26: .control(Character(Unicode.Scalar(byte + 96)))
        case 0 ..< 32: nil
        default: .character(Character(Unicode.Scalar(byte)))
        }
    }

    /// What xterm and its kin send in either cursor mode, for terminfo entries that leave a key out.
    static let commonSequences: [String: Key] = {
        var table: [String: Key] = [
            "[A": .up, "[B": .down, "[C": .right, "[D": .left, "OA": .up, "OB": .down, "OC": .right, "OD": .left,
            "[H": .home, "OH": .home, "[1~": .home, "[7~": .home, "[F": .end, "OF": .end, "[4~": .end, "[8~": .end,
            "[3~": .delete, "[5~": .pageUp, "[6~": .pageDown, "[Z": .backTab, "OM": .enter,
            "[1;2A": .shiftUp, "[1;2B": .shiftDown,
            "OP": .function(1), "OQ": .function(2), "OR": .function(3), "OS": .function(4),
        ]
        for (number, code) in zip(1 ... 12, [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24]) { table["[\(code)~"] = .function(number) }
        return table
    }()
}
