import NoodleCore
import Testing
@testable import noodle

@Suite("Keys from the terminal's bytes")
struct KeyDecoderTests {
    /// tmux-256color's arrows and F1, over the common table, as the terminal builds it.
    static func decoder() -> KeyDecoder {
        var sequences: [[UInt8]: Key] = [:]
        for (tail, key) in KeyDecoder.commonSequences { sequences[[0x1B] + Array(tail.utf8)] = key }
        sequences[Array("\u{1B}[1;2A".utf8)] = .shiftUp
        return KeyDecoder(sequences: sequences)
    }

    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test("text, controls and special keys in one read, Hangul and emoji whole")
    func oneRead() {
        var decoder = Self.decoder()
        let keys = decoder.decode(Self.bytes("a신🍜\r\t\u{7F}\u{13}\u{1B}OA\u{1B}[B\u{1B}[3~\u{1B}[1;2A\u{1B}OP\u{1B}[24~"), final: false)
        #expect(keys == [.character("a"), .character("신"), .character("🍜"), .enter, .tab, .backspace, .control("s"),
                         .up, .down, .delete, .shiftUp, .function(1), .function(12)])
        #expect(!decoder.isWaiting)
    }

    @Test("an Esc alone waits for the rest of a sequence, then is Esc; one before other text is Esc at once")
    func escape() {
        var decoder = Self.decoder()
        #expect(decoder.decode([0x1B], final: false) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.decode([], final: true) == [.escape])
        #expect(decoder.decode(Self.bytes("\u{1B}q"), final: false) == [.escape, .character("q")])
        // An OSC a hostile paste carries is Esc and then its text, never a sequence acted on.
        #expect(decoder.decode(Self.bytes("\u{1B}]52;c;x\u{7}"), final: false)
            == [.escape, .character("]"), .character("5"), .character("2"), .character(";"), .character("c"), .character(";"), .character("x"), .control("g")])
        // An unknown CSI is taken whole and means nothing: its letters must not act as keys.
        #expect(decoder.decode(Self.bytes("\u{1B}[9Xq"), final: false) == [.character("q")])
    }

    @Test("xterm's modified and alternative forms are their keys whatever terminfo says; unknown ones are dropped whole")
    func modifiedKeys() {
        // A terminfo entry that names none of them, as a TERM that does not match the terminal.
        var decoder = KeyDecoder(sequences: [Array("\u{1B}OA".utf8): .up])
        let sent = "\u{1B}[1;5A\u{1B}[1;2B\u{1B}[1;2C\u{1B}[1;3D\u{1B}[1;5H\u{1B}[1;2F\u{1B}[3;2~\u{1B}[5;5~\u{1B}[6~"
            + "\u{1B}[a\u{1B}[b\u{1B}[1;2P\u{1B}[200~x\u{1B}[201~\u{1B}[?2026;1$y"
        #expect(decoder.decode(Self.bytes(sent), final: false) == [
            .up, .shiftDown, .right, .left, .home, .end, .delete, .pageUp, .pageDown,
            .shiftUp, .shiftDown, .function(1), .character("x"),
        ])
        #expect(!decoder.isWaiting)
    }

    @Test("an unknown sequence cut between two reads waits for its end, then is dropped whole")
    func unknownSequenceCut() {
        var decoder = KeyDecoder(sequences: [Array("\u{1B}OA".utf8): .up])
        #expect(decoder.decode(Self.bytes("\u{1B}[1;"), final: false) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.decode(Self.bytes("5Dj"), final: false) == [.left, .character("j")])
        // Never finished: the Esc key, and the rest as typed.
        #expect(decoder.decode(Self.bytes("\u{1B}[1"), final: false) == [])
        #expect(decoder.decode([], final: true) == [.escape, .character("["), .character("1")])
    }

    @Test("a sequence or a character cut between two reads comes out whole")
    func cutBetweenReads() {
        var decoder = Self.decoder()
        #expect(decoder.decode(Self.bytes("x\u{1B}["), final: false) == [.character("x")])
        #expect(decoder.decode(Self.bytes("Ay"), final: false) == [.up, .character("y")])
        let hangul = Self.bytes("라")
        #expect(decoder.decode(Array(hangul.prefix(2)), final: false) == [])
        #expect(decoder.decode(Array(hangul.dropFirst(2)), final: false) == [.character("라")])
        #expect(decoder.decode(Array(hangul.prefix(1)), final: true) == [])
        #expect(!decoder.isWaiting)
    }

    @Test("bytes that are not UTF-8 and NUL give no key, and the text after them is read")
    func junk() {
        var decoder = Self.decoder()
        #expect(decoder.decode([0xFF, 0x80, 0x00, 0x61, 0xC3, 0x28], final: true) == [.character("a"), .character("(")])
    }

    @Test("100 KB arrives as keys in one call")
    func paste() {
        var decoder = Self.decoder()
        let text = String(repeating: "Shin 신라면 ", count: 10_000)
        let keys = decoder.decode(Self.bytes(text), final: false)
        #expect(keys.count == text.count)
    }
}
