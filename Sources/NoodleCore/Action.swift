/// What the user did, named for the event rather than for the response, as the keymap reports it.
public enum Action: Hashable, Sendable {
    case quitPressed
    case helpToggled
    case redrawPressed
    case suspendPressed
    case focusNextPressed
    case focusPreviousPressed
    case focusPressed(Panel)
    case stopwatchStartStopPressed
    case stopwatchLapPressed
    case stopwatchResetPressed
    case lapListScrolledUp
    case lapListScrolledDown
    case lapListScrolledToNewest
    case newTimerPressed
    case timerSelectionMovedUp
    case timerSelectionMovedDown
    case timerPauseResumePressed
    case timerMinuteAdded
    case timerMinuteTakenOff
    case timerRestartPressed
    case timerRemovePressed
    case timerUndoPressed
    case timerAcknowledgePressed
    case silenceAllPressed
}
