/// How many colours the terminal can show, which decides how far `ColorDowngrade` must go.
public enum ColorDepth: Sendable {
    /// No colour at all (or the user asked for none): only attributes remain.
    case none
    case eight, sixteen, indexed256
    /// 24-bit colour, with colour numbers being packed 0xRRGGBB values.
    case direct
}

extension ColorDowngrade {
    /// The depth to downgrade to, from curses' `COLORS` and whether terminfo says the terminal
    /// takes direct colour (the `RGB` capability); direct-colour entries report 2^24 colours.
    public static func depth(colors: Int, hasDirectColor: Bool) -> ColorDepth {
        if hasDirectColor || colors >= 0x100_0000 { return .direct }
        if colors >= 256 { return .indexed256 }
        if colors >= 16 { return .sixteen }
        if colors >= 8 { return .eight }
        return .none
    }
}
