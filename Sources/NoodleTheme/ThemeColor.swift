/// A colour as a theme states it. What a given terminal can actually show is decided later,
/// by `ColorDowngrade`, so a theme is written once for the best terminal and still works on the worst.
public enum ThemeColor: Equatable, Sendable {
    /// The terminal's own foreground or background: the only colour guaranteed to suit the user's setup.
    case terminalDefault
    /// One of the 16 system colours (0–15); each terminal picks its own shade for these.
    case ansi(Int)
    /// 16–255 of the xterm palette: the 6×6×6 colour cube and the grey ramp.
    case indexed(Int)
    case rgb(UInt8, UInt8, UInt8)

    /// 0–15 become `.ansi` and 16–255 `.indexed`, so one colour always has one spelling and
    /// themes compare equal however their files wrote it; nil outside 0–255.
    public init?(paletteIndex: Int) {
        switch paletteIndex {
        case 0 ... 15: self = .ansi(paletteIndex)
        case 16 ... 255: self = .indexed(paletteIndex)
        default: return nil
        }
    }
}
