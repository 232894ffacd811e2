import CNcurses
import Glibc

/// Why the dashboard cannot start on this terminal; said on stderr before curses touches anything.
struct TerminalUnusable: Error, CustomStringConvertible {
    let description: String
}

/// Part of the terminal type, the one owner of curses: terminfo is asked before curses starts.
extension Terminal {
    /// Returns nil when stdin and stdout are a terminal that terminfo can drive.
    static func unusable(environment term: String?) -> TerminalUnusable? {
        guard isatty(STDOUT_FILENO) == 1 else {
            return TerminalUnusable(description: "standard output is not a terminal; the dashboard needs one (see noodle --help)")
        }
        guard isatty(STDIN_FILENO) == 1 else {
            return TerminalUnusable(description: "standard input is not a terminal; the dashboard reads keys from it")
        }
        guard let term, !term.isEmpty else {
            return TerminalUnusable(description: "TERM is not set; set it to your terminal's type, for example TERM=xterm-256color")
        }
        switch noodle_probe_terminal(term) {
        case 0: return nil
        case 2: return TerminalUnusable(description: "terminal type '\(term)' cannot move the cursor, which a full-screen dashboard needs")
        default: return TerminalUnusable(description: "terminal type '\(term)' is unknown to terminfo; try TERM=xterm-256color")
        }
    }
}
