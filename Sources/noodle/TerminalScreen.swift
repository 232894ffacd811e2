import NoodleCore
import NoodleTheme
import NoodleViews

/// What the app asks of the terminal, so that its policies can be tested with a recording fake;
/// `Terminal` is the real one, and the only code that touches curses.
protocol TerminalScreen: AnyObject {
    var size: Size { get }
    var glyphs: Glyphs { get }
    func apply(_ theme: Theme)
    func present(_ grid: Grid)
    func setTitle(_ text: String)
    func readInputs() -> [Key]
    func adoptKernelSize()
    func bell()
    func flash()
    func sendRaw(_ text: String)
    func invalidate()
    func suspend()
    func lend<T>(_ body: () -> T) -> T
    func resumeAfterStop()
    func restore()
}

extension Terminal: TerminalScreen {}
