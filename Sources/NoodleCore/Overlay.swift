/// Something drawn over the panels that takes the keys while it is open.
public enum Overlay: Sendable, Equatable {
    /// The keymap help, scrolled down by `scroll` rows.
    case help(scroll: Int)
    /// The new-countdown prompt in the Timers panel, with what has been typed so far.
    case newTimer(text: String)
}
