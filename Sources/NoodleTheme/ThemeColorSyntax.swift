/// The ways a theme file may write a colour in a string: `"default"`, one of the 16 system
/// colour names, or `"#rrggbb"`. Integers are handled by `ThemeColor(paletteIndex:)`.
extension ThemeColor {
    static let systemColorNames = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// `red` is 1 and `bright-red` 9, matching the order terminals number them in.
    static let numberOfName: [String: Int] = {
        var numbers: [String: Int] = [:]
        for (number, name) in systemColorNames.enumerated() {
            numbers[name] = number
            numbers["bright-" + name] = number + 8
        }
        return numbers
    }()

    /// Case is forgiven (`Red`, `#FF8800`); spelling is not, so a typo is reported rather than guessed at.
    init?(themeText text: String) {
        let lowered = text.lowercased()
        if lowered == "default" {
            self = .terminalDefault
        } else if let number = Self.numberOfName[lowered] {
            self = .ansi(number)
        } else if let (red, green, blue) = Self.hexTriplet(lowered) {
            self = .rgb(red, green, blue)
        } else {
            return nil
        }
    }

    private static func hexTriplet(_ text: String) -> (UInt8, UInt8, UInt8)? {
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var channels: [UInt8] = []
        for offset in stride(from: 1, to: 7, by: 2) {
            guard let high = hexValue(digits[offset]), let low = hexValue(digits[offset + 1]) else { return nil }
            channels.append(high << 4 | low)
        }
        return (channels[0], channels[1], channels[2])
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
