/// Everything that can happen to noodle, as the loop reports it to `update`.
public enum Msg: Sendable, Equatable {
    case keyPressed(Key)
    /// Time passed; the loop woke because something visible or due was scheduled now.
    case ticked
    case resized(Size)
    case signalReceived(Signal)
    /// The process was continued after a suspend (fg, or SIGCONT).
    case resumed
    /// The on-done hook exited badly or ran out of time; the words say which.
    case doneHookFailed(String)
    /// Another instance (or `noodle add`) changed the database; this is everything it now holds,
    /// with this process's changes not yet stored put on top.
    case storeChanged(SavedState)
    /// The store numbered countdowns and bookmarks made here: local id to stored id.
    case idsAssigned([Int: Int])
    /// Storing a change is waiting or failed; the words say why. The change stays on screen and is retried.
    case saveFailed(String)
    /// The store could not read another instance's changes, or refused one of this one's; the words say why.
    case storeProblem(String)
    /// Writes went through after waiting: everything on screen is stored again.
    case saveRecovered
    /// The laps were written to `path`, or could not be, for the reason given.
    case lapsExported(path: String?, problem: String?)
    /// The app switched themes; `problem` says why the theme asked for could not be used, and
    /// `keptIn` names the config file that now starts with it.
    case themeApplied(name: String, problem: String?, keptIn: String?)
    /// The external editor closed; `text` is the memo as the user left it, or nil when it failed.
    case memoEditedExternally(bookmarkID: Int, text: String?, problem: String?)
    /// A button was pressed on a countdown's desktop notification.
    case noticeAnswered(countdownID: Int, NoticeAnswer)
    /// An alarm's channel (its sound, the desktop's notifications) does not work; the words say
    /// which and why. Said once: the alarm still rings in the terminal.
    case alarmChannelFailed(String)
    /// The shell read the local zone's rules again: at start, hourly, and after a change of the clocks.
    case zoneRulesRead(LocalZone)
}

/// The process signals the core cares about, with their POSIX numbers for exit codes.
public enum Signal: Int32, Sendable, Equatable {
    case hangup = 1
    case interrupt = 2
    case quit = 3
    case terminate = 15
    case terminalStop = 20
}
