import CNcurses
import CSignalPipe
import Glibc
import NoodleCore
import NoodleTheme
import NoodleViews

/// The one owner of ncurses. Every curses call in the program is made here, on the loop's one
/// thread, so the thread-unsafe library is only ever touched from one place.
final class Terminal {
    private let screen: OpaquePointer
    private let window: UnsafeMutablePointer<WINDOW>
    private var styles: [(attributes: attr_t, pair: Int16)] = []
    /// How many colours the terminal shows; `.none` when colour is off or absent.
    private let depth: ColorDepth
    /// What the terminal shows now, so a present writes only the cells that changed.
    private var presented: Grid?

    let glyphs: Glyphs
    /// Whether the terminal takes xterm's title sequences; nil title means never set, nothing to restore.
    private let setsTitles: Bool
    private var title: String?
    /// The terminal's bytes become keys here; curses never reads the keyboard.
    var keyDecoder = KeyDecoder(sequences: [:])

    /// Starts curses on the controlling terminal. The caller has already checked that it is one.
    init(useColor: Bool, theme: Theme = .builtInDefault) {
        setlocale(LC_ALL, "")
        let codeset = String(cString: noodle_codeset())
        glyphs = codeset.uppercased().filter { $0 != "-" } == "UTF8" ? .unicode : .ascii
        noodle_crash_guard_save_terminal()
        // Fully buffered: curses flushes once at the end of each update, so a frame is one write
        // rather than one per attribute change (four a frame for a running stopwatch before).
        setvbuf(noodle_stdout(), nil, _IOFBF, 1 << 16)
        screen = newterm(nil, noodle_stdout(), noodle_stdin())
        window = noodle_stdscr()
        // Once terminfo is loaded: the strings a crash writes to leave curses' screen.
        noodle_crash_guard_install(["rmcup", "cnorm", "sgr0"].compactMap(Self.terminfoString).joined())
        raw()
        noecho()
        nonl()
        // Application cursor keys on (and off again at endwin), as terminfo's key strings expect.
        keypad(window, true)
        keyDecoder = Self.keyDecoder()
        curs_set(0)
        leaveok(window, true)
        // Without this, every refresh polls the keyboard (to abandon output when keys are waiting)
        // and flushes in pieces: three polls and four writes a frame instead of one write.
        typeahead(-1)
        setsTitles = Self.takesTitles(term: getenv("TERM").map { String(cString: $0) } ?? "")
        if useColor && has_colors() {
            start_color()
            use_default_colors()
            depth = ColorDowngrade.depth(colors: Int(noodle_colors()), hasDirectColor: noodle_has_direct_color() != 0)
        } else {
            depth = .none
        }
        apply(theme)
    }

    /// Terminals known to follow xterm for OSC 2 and its title stack (CSI 22/23 t); elsewhere the
    /// sequences could show up as garbage, so noodle leaves the title alone.
    static func takesTitles(term: String) -> Bool {
        ["xterm", "tmux", "screen", "rxvt", "foot", "alacritty", "kitty", "wezterm", "st-", "vte", "gnome", "konsole", "contour", "ghostty"]
            .contains { term.hasPrefix($0) }
    }

    /// Shows `text` as the window title; the first time, the title it replaces is saved for `restore`.
    func setTitle(_ text: String) {
        guard setsTitles, text != title else { return }
        if title == nil { sendRaw("\u{1B}[22;2t") }
        title = text
        sendRaw("\u{1B}]2;" + PrintableText.clean(text) + "\u{07}")
    }

    /// A terminfo capability's string, or nil where the terminal has none.
    static func terminfoString(_ name: String) -> String? {
        guard let value = tigetstr(name), Int(bitPattern: value) != -1 else { return nil }
        return String(cString: value)
    }

    var size: Size { Size(width: Int(getmaxx(window)), height: Int(getmaxy(window))) }

    /// Draws every role as `theme` says, with its colours brought down to what the terminal has;
    /// without colour only the attributes remain, which every theme keeps distinguishable.
    func apply(_ theme: Theme) {
        styles = StyleRole.allCases.map { role in
            let style = theme.style(for: role)
            var attributes = noodle_a_normal()
            for attribute in style.attributes {
                switch attribute {
                case .bold: attributes |= noodle_a_bold()
                case .dim: attributes |= noodle_a_dim()
                case .underline: attributes |= noodle_a_underline()
                case .reverse: attributes |= noodle_a_reverse()
                case .italic: attributes |= noodle_a_italic()
                }
            }
            guard let foreground = ColorDowngrade.resolve(style.foreground, depth: depth),
                  let background = ColorDowngrade.resolve(style.background, depth: depth),
                  foreground >= 0 || background >= 0
            else { return (attributes, 0) }
            let pair = Int16(role.rawValue) + 1
            noodle_init_pair(Int32(pair), foreground, background)
            return (attributes, pair)
        }
        invalidate()
    }

    /// Shows `grid`. Rows equal to what is already on screen are skipped entirely, and within
    /// a changed row only the span from the first to the last changed cell is rewritten.
    func present(_ grid: Grid) {
        guard var previous = presented, previous.width == grid.width, previous.height == grid.height else {
            for y in 0 ..< grid.height { draw(grid, row: y, span: 0 ... grid.width - 1) }
            presented = grid
            updateScreen()
            return
        }
        // The record of the screen is updated row by row in place: holding the caller's grid
        // instead would make its next change copy the whole frame, 30 times a second.
        presented = nil
        var changed = false
        for y in 0 ..< grid.height {
            guard let span = Self.changedSpan(in: y, of: grid, since: previous) else { continue }
            draw(grid, row: y, span: span)
            previous.copyRow(y, from: grid)
            changed = true
        }
        presented = previous
        // An unchanged frame costs no write at all.
        if changed { updateScreen() }
    }

    private func updateScreen() {
        wnoutrefresh(window)
        doupdate()
    }

    /// The columns of row `y` that differ from what is on screen, widened to start on a whole glyph.
    private static func changedSpan(in y: Int, of grid: Grid, since previous: Grid) -> ClosedRange<Int>? {
        let compareMarks = grid.hasMarks || previous.hasMarks
        // Most rows of most frames are unchanged: one memcmp says so far faster than comparing
        // cell by cell, which was a fifth of a running stopwatch's instructions. Equal bytes mean
        // equal cells; unequal bytes (padding may differ) fall through to the exact comparison.
        if !compareMarks && Self.sameBytes(row: y, grid, previous) { return nil }
        let new = grid.row(y), old = previous.row(y)
        var first: Int?
        var last = 0
        for index in new.indices
        where new[index] != old[index] || (compareMarks && grid.marks(atX: index - new.startIndex, y: y) != previous.marks(atX: index - new.startIndex, y: y)) {
            if first == nil { first = index - new.startIndex }
            last = index - new.startIndex
        }
        guard var start = first else { return nil }
        while start > 0 && grid[start, y].isContinuation { start -= 1 }
        return start ... last
    }

    private static func sameBytes(row y: Int, _ grid: Grid, _ previous: Grid) -> Bool {
        grid.cells.withUnsafeBytes { new in
            previous.cells.withUnsafeBytes { old in
                guard let new = new.baseAddress, let old = old.baseAddress else { return false }
                let stride = MemoryLayout<Cell>.stride
                let offset = y * grid.width * stride
                return memcmp(new + offset, old + offset, grid.width * stride) == 0
            }
        }
    }

    private func draw(_ grid: Grid, row y: Int, span: ClosedRange<Int>) {
        var x = span.lowerBound
        var cell = cchar_t()
        while x <= span.upperBound {
            let current = grid[x, y]
            if current.isContinuation { x += 1; continue }
            var text: [wchar_t] = [wchar_t(bitPattern: current.scalar.value)]
            if let marks = grid.marks(atX: x, y: y) {
                text += marks.prefix(4).map { wchar_t(bitPattern: $0.value) }
            }
            text.append(0)
            let style = styles[Int(current.role.rawValue)]
            setcchar(&cell, text, style.attributes, style.pair, nil)
            // Writing the bottom-right cell reports an error because the cursor cannot advance; the cell is drawn all the same.
            mvwadd_wch(window, Int32(y), Int32(x), &cell)
            x += 1
        }
    }

    /// Takes the size from the kernel: noodle owns SIGWINCH, so curses never hears of it.
    func adoptKernelSize() {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0, size.ws_col > 0 {
            resizeterm(Int32(size.ws_row), Int32(size.ws_col))
        }
        presented = nil
    }

    func bell() {
        beep()
    }

    /// A visible bell, for kitchens where the sound is off.
    func flash() {
        CNcurses.flash()
    }

    /// Writes bytes the terminal should see between frames (notification sequences). curses has
    /// flushed everything by the end of each present, so nothing interleaves.
    func sendRaw(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
    }

    /// Makes the next present repaint every cell, for Ctrl-L or after the terminal was used by someone else.
    func invalidate() {
        clearok(window, true)
        presented = nil
    }

    /// Gives the terminal back to the shell and stops; returns once the process is continued.
    func suspend() {
        endwin()
        noodle_signal_suspend_self()
        resumeAfterStop()
    }

    /// Lends the terminal to a program in the foreground (the memo editor), then takes it back.
    func lend<T>(_ body: () -> T) -> T {
        endwin()
        let result = body()
        resumeAfterStop()
        return result
    }

    /// After any stop, ours or someone else's: the shell may have changed the terminal's modes and
    /// the window may have been resized meanwhile (SIGWINCH went to the shell), so take both back.
    func resumeAfterStop() {
        reset_prog_mode()
        adoptKernelSize()
        invalidate()
    }

    /// Puts the terminal back exactly as it was found.
    func restore() {
        endwin()
        if title != nil { sendRaw("\u{1B}[23;2t") }
        delscreen(screen)
    }
}
