/// The characters that frame and mark things, chosen once from the terminal's codeset:
/// box drawing in UTF-8, plain ASCII anywhere else.
public struct Glyphs: Sendable, Equatable {
    public let isASCII: Bool
    public let horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: Unicode.Scalar
    public let ellipsis: Unicode.Scalar
    public let separator: String
    public let running, paused: String
    /// Before a finish time: `→ 12:34`.
    public let arrow: String

    public static let unicode = Glyphs(
        isASCII: false, horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        ellipsis: "…", separator: " · ", running: "▶", paused: "‖", arrow: "→"
    )

    public static let ascii = Glyphs(
        isASCII: true, horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        ellipsis: "~", separator: " - ", running: ">", paused: "=", arrow: "->"
    )
}
