/// How different two colours look, by the "redmean" weighted RGB distance. Plain RGB distance
/// treats every channel alike, but the eye is most sensitive to green and its sensitivity to red
/// and blue shifts with how red the colours are; redmean follows that at the cost of a few multiplications,
/// which is enough for picking a palette entry (no need for a full colour-space conversion).
enum PerceivedColorDistance {
    /// Squared, since only comparisons need it.
    static func between(_ first: XtermPalette.RGB, _ second: XtermPalette.RGB) -> Double {
        let redMean = Double(first.red + second.red) / 2
        let red = Double(first.red - second.red)
        let green = Double(first.green - second.green)
        let blue = Double(first.blue - second.blue)
        return (2 + redMean / 256) * red * red + 4 * green * green + (2 + (255 - redMean) / 256) * blue * blue
    }
}
