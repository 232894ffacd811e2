/// Something drawn over the panels that takes the keys while it is open.
public enum Overlay: Sendable, Equatable {
    /// The keymap help, scrolled down by `scroll` rows.
    case help(scroll: Int)
    /// The new-countdown prompt in the Timers panel, with what has been typed so far.
    case newTimer(text: TextField)
    /// The catalog, searched as the user types, for picking bookmarks.
    case catalog(CatalogPicker)
    /// The prompt for a bookmark's own cooking time, in the Bookmarks panel.
    case ownTime(bookmarkID: Int, text: TextField)
    /// The multi-line memo editor for one bookmark.
    case memo(MemoEditor)
    /// One countdown filling the screen, to read from across the room (`featuredCountdownIndex`).
    case zoom
}
