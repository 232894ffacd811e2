import CNcurses
import Glibc
import NoodleCore

/// Reading keys: part of the terminal type, the one owner of curses and of the terminal's input.
extension Terminal {
    /// terminfo's names for the keys noodle knows, for the sequences this terminal sends.
    private static let terminfoKeys: [(String, Key)] = [
        ("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right), ("kri", .shiftUp), ("kind", .shiftDown),
        ("kUP", .shiftUp), ("kDN", .shiftDown), ("kcbt", .backTab), ("kdch1", .delete), ("khome", .home), ("kend", .end),
        ("kpp", .pageUp), ("knp", .pageDown), ("kent", .enter),
    ] + (1 ... 12).map { ("kf\($0)", .function($0)) }

    /// The decoder for this terminal: terminfo's sequences, over the common xterm ones.
    static func keyDecoder() -> KeyDecoder {
        var sequences: [[UInt8]: Key] = [:]
        for (tail, key) in KeyDecoder.commonSequences { sequences[[0x1B] + Array(tail.utf8)] = key }
        for (name, key) in terminfoKeys {
            if let value = terminfoString(name) { sequences[Array(value.utf8)] = key }
        }
        return KeyDecoder(sequences: sequences)
    }

    /// Every key waiting, read in as few reads as the terminal allows; a key cut between two
    /// reads gets the terminal's escape delay to arrive whole.
    func readInputs() -> [Key] {
        var keys = keyDecoder.decode(Self.readAvailable(), final: false)
        if keyDecoder.isWaiting {
            var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let more = poll(&input, 1, Self.escapeDelayMilliseconds) > 0 ? Self.readAvailable() : []
            keys += keyDecoder.decode(more, final: true)
        }
        return keys
    }

    /// How long an Esc waits for the rest of a sequence, as curses' ESCDELAY.
    static let escapeDelayMilliseconds: Int32 = 25

    /// What stdin holds now, without waiting: raw mode returns as soon as anything is there.
    private static func readAvailable() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            var input = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&input, 1, 0) > 0, input.revents & Int16(POLLIN) != 0 else { break }
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}
