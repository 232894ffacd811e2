/// Work `update` asks the app to do: data, not actions, so tests can assert them exactly.
public enum Effect: Sendable, Equatable {
    /// Store one change the user (or the clock) made, after those issued before it.
    case store(StoreOperation)
    case quit(exitCode: Int32)
    /// The alarm, at a countdown's end and again every `bell_interval` while anything rings: the
    /// terminal's bell and the alarm sound.
    case bell
    /// A desktop notification about a countdown; one about the same countdown replaces the last.
    case notify(AlarmNotice)
    /// These countdowns stopped ringing, whoever stopped them (a key, a button, another window,
    /// `noodle ack`, the alarm cap): their notifications close, and with `quiet` (nothing rings
    /// any more) the alarm sound stops.
    case alarmsEnded(ids: [Int], quiet: Bool)
    /// A countdown reached one of its timed steps, or `warn_before` of its end: a soft cue (a
    /// single bell or a flash, and the soft sound), or nothing.
    case stepCue
    /// Run the user's on-done hook, if one is set, for a countdown that just finished.
    case runDoneHook(label: String, duration: Duration, overtime: Duration)
    /// Hand the terminal back to the shell and stop the process until it is continued.
    case suspend
    /// Forget what the terminal shows and paint every cell again.
    case repaint
    /// Write the laps, as `noodle laps --csv` prints them, to a new file, and say where.
    case exportLaps(csv: String)
    /// Switch to the next theme the app can find.
    case nextTheme
    /// Open a bookmark's memo in `$VISUAL`/`$EDITOR` with curses suspended, and report back.
    case editMemoExternally(bookmarkID: Int, memo: String)
}
