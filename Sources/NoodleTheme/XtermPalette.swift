/// The xterm 256-colour palette: the reference every terminal's indexed colours approximate,
/// and so the table colours are downgraded against.
enum XtermPalette {
    struct RGB: Equatable {
        let red: Int, green: Int, blue: Int

        /// A grey, or near enough that a tint would be a surprise: channels within 20 of each other.
        var isNeutral: Bool {
            max(red, green, blue) - min(red, green, blue) <= 20
        }
    }

    /// xterm's own defaults for the 16 system colours. Other terminals pick other shades, which is
    /// why an rgb colour is matched against these only when nothing finer is available.
    static let systemColors: [RGB] = [
        RGB(red: 0, green: 0, blue: 0), RGB(red: 205, green: 0, blue: 0),
        RGB(red: 0, green: 205, blue: 0), RGB(red: 205, green: 205, blue: 0),
        RGB(red: 0, green: 0, blue: 238), RGB(red: 205, green: 0, blue: 205),
        RGB(red: 0, green: 205, blue: 205), RGB(red: 229, green: 229, blue: 229),
        RGB(red: 127, green: 127, blue: 127), RGB(red: 255, green: 0, blue: 0),
        RGB(red: 0, green: 255, blue: 0), RGB(red: 255, green: 255, blue: 0),
        RGB(red: 92, green: 92, blue: 255), RGB(red: 255, green: 0, blue: 255),
        RGB(red: 0, green: 255, blue: 255), RGB(red: 255, green: 255, blue: 255),
    ]

    /// The channel values of the 6×6×6 cube at 16–231; the steps are uneven, so this is a table, not a formula.
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// Any palette entry, 0–255.
    static func color(at index: Int) -> RGB {
        switch index {
        case ..<16:
            return systemColors[max(index, 0)]
        case 16 ..< 232:
            let cube = index - 16
            return RGB(red: cubeLevels[cube / 36], green: cubeLevels[cube / 6 % 6], blue: cubeLevels[cube % 6])
        default:
            // The grey ramp at 232–255: 8, 18, … 238.
            let grey = 8 + 10 * (min(index, 255) - 232)
            return RGB(red: grey, green: grey, blue: grey)
        }
    }

    /// The entry in `indices` that looks closest to `target`; the lowest index wins a tie.
    static func nearest(to target: RGB, among indices: some Sequence<Int>) -> Int {
        var best = 0
        var bestDistance = Double.infinity
        for index in indices {
            let distance = PerceivedColorDistance.between(target, color(at: index))
            if distance < bestDistance {
                best = index
                bestDistance = distance
            }
        }
        return best
    }
}
