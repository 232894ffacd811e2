import CSignalPipe
import Glibc

/// The signals noodle handles. Each arrives as a byte on a pipe that the loop polls beside the
/// keyboard, so handling one never needs another thread.
enum SignalPipe {
    static let handled: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP, SIGCONT, SIGWINCH, SIGCHLD]

    /// Installs the handlers for `signals` and returns the pipe's read end. Call before curses
    /// starts: curses installs its own handlers only where it finds none.
    static func install(_ signals: [Int32] = handled) -> Int32 {
        signals.withUnsafeBufferPointer { noodle_signal_pipe_install($0.baseAddress, Int32($0.count)) }
    }
}
