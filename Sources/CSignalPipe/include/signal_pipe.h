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

#endif
