import NoodleCore
import NoodleStore
import NoodleTheme
import NoodleViews
@testable import noodle

/// A terminal that records what the app does with it, and hands the app keys a test queues.
final class RecordingTerminal: TerminalScreen {
    var size = Size(width: 100, height: 30)
    let glyphs = Glyphs.unicode
    var queuedInputs: [Key] = []
    private(set) var frames: [Grid] = []
    private(set) var bells = 0
    private(set) var rawWrites: [String] = []
    private(set) var restored = false
    private(set) var suspended = 0

    /// The last frame presented, as lines of text.
    var screen: [String] { frames.last?.lines ?? [] }
    var header: String { screen.first ?? "" }


    func apply(_ theme: Theme) {}
    func present(_ grid: Grid) { frames.append(grid) }
    func setTitle(_ text: String) {}
    func readInputs() -> [Key] {
        defer { queuedInputs = [] }
        return queuedInputs
    }
    func adoptKernelSize() {}
    func bell() { bells += 1 }
    func flash() {}
    func sendRaw(_ text: String) { rawWrites.append(text) }
    func invalidate() {}
    func suspend() { suspended += 1 }
    func lend<T>(_ body: () -> T) -> T { body() }
    func resumeAfterStop() {}
    func restore() { restored = true }
}

/// A writer that records the operations it is handed and reports what a test tells it to.
final class RecordingWriter: OperationWriter {
    let fileDescriptor: Int32 = -1
    private(set) var operations: [StoreOperation] = []
    private(set) var refreshes = 0
    private(set) var flushTimeouts: [Duration] = []
    var reports: [StoreWriter.Report] = []
    /// How many operations are not stored, as far as the fake is told.
    var pendingCount = 0
    /// What `flush` answers: whether everything got stored.
    var flushSucceeds = true

    func enqueue(_ operation: StoreOperation) -> Int {
        operations.append(operation)
        return operations.count
    }
    func requestRefresh() { refreshes += 1 }
    func takeReports() -> [StoreWriter.Report] {
        defer { reports = [] }
        return reports
    }
    func flush(timeout: Duration) -> Bool {
        flushTimeouts.append(timeout)
        return flushSucceeds
    }
}

extension App {
    /// An app on fakes, started with `saved` as the stored state.
    static func onFakes(_ saved: SavedState = SavedState(), settings: DashboardSettings = DashboardSettings())
        -> (App, RecordingTerminal, RecordingWriter) {
        let terminal = RecordingTerminal()
        let writer = RecordingWriter()
        let session = Session(writer: writer, dataDirectory: "/nonexistent", watcher: nil, catalog: .empty, saved: saved,
                              clock: .fromWallClock, warning: nil)
        let app = App(terminal: terminal, settings: settings, session: session)
        app.start()
        return (app, terminal, writer)
    }

    /// Keys as the terminal would report them, one loop pass.
    func press(_ keys: Key..., on terminal: RecordingTerminal) {
        terminal.queuedInputs += keys
        handle(.input)
        render()
    }

    /// Reports as the writer would send them, one loop pass.
    func report(_ reports: StoreWriter.Report..., from writer: RecordingWriter) {
        writer.reports += reports
        handle(.storeReported)
        render()
    }
}
