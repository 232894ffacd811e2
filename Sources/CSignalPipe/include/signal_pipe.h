#ifndef NOODLE_SIGNAL_PIPE_H
#define NOODLE_SIGNAL_PIPE_H

/// Catches `signals` with a handler that only writes the signal's number, as one byte, to a pipe.
/// Returns the pipe's read end (non-blocking), for the loop to poll beside the keyboard; -1 on failure.
/// SIGPIPE is ignored. Call before curses starts, so curses finds the handlers in place and keeps out.
int noodle_signal_pipe_install(const int *signals, int count);

/// Stops the process the way a shell expects, with SIGTSTP's default action, and returns once it
/// is continued, with the pipe's handler back in place. A process with no job-control shell above it
/// (run straight from `tmux new-window` or `ssh -t`) is not stopped at all: the kernel discards
/// SIGTSTP for an orphaned process group, where SIGSTOP would freeze it for good.
void noodle_signal_suspend_self(void);

/// Reads the terminal settings a crash must put back; call before curses starts (newterm already
/// changes them).
void noodle_crash_guard_save_terminal(void);

/// On a crash (SEGV, BUS, ILL, FPE, TRAP, ABRT), puts the terminal back before dying: restores the
/// settings saved by `noodle_crash_guard_save_terminal`, writes `restore` (leave the alternate
/// screen, show the cursor, plain attributes), then dies of the same signal. Without this a crash
/// leaves the terminal raw until the user types `reset`.
void noodle_crash_guard_install(const char *restore);

#endif
