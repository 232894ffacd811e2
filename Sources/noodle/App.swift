import Glibc
import NoodleCore
import NoodleViews

/// The one loop's body: each event becomes messages for `update`, the effects are performed,
/// the frame is presented if it changed, and the loop is told when anything is next due.
@LoopActor
final class App {
    private var state: AppState
    private let terminal: Terminal
    private let loop = LoopExecutor.shared
    private var exitCode: Int32?
    private var frames: FrameCache
    private let notifier: Notifier
    private let doneHook: [String]
    private let options: AlarmOptions
    private let children = ChildProcesses()

    init(terminal: Terminal, notifier: Notifier, doneHook: [String], options: AlarmOptions) {
        self.terminal = terminal
        self.options = options
        self.notifier = notifier
        self.doneHook = doneHook
        frames = FrameCache(glyphs: terminal.glyphs)
        state = AppState(size: terminal.size, now: SystemClock.now())
    }

    /// Runs until the user quits or a signal ends the program; returns the exit status.
    func run() async -> Int32 {
        render()
        let status = await loop.run { [unowned self] event in handle(event) }
        terminal.restore()
        return status
    }

    /// One pass of the loop; returns the exit status once the program should end.
    private func handle(_ event: LoopEvent) -> Int32? {
        let now = SystemClock.now()
        switch event {
        case .input:
            for input in terminal.readInputs() {
                switch input {
                case .key(let key): send(.keyPressed(key), at: now)
                case .resized: adoptSize(at: now)
                }
                if exitCode != nil { break }
            }
        case .signal(SIGWINCH):
            terminal.adoptKernelSize()
            adoptSize(at: now)
        case .signal(SIGCHLD):
            collectChildren(at: now)
        case .signal(SIGCONT):
            terminal.resumeAfterStop()
            send(.resumed, at: now)
            adoptSize(at: now)
        case .signal(let number):
            if let signal = NoodleCore.Signal(rawValue: number) { send(.signalReceived(signal), at: now) }
        case .wake:
            collectChildren(at: now)
            send(.ticked, at: now)
        }
        if let exitCode { return exitCode }
        render()
        return nil
    }

    private func adoptSize(at now: Now) {
        send(.resized(terminal.size), at: now)
    }

    private func send(_ msg: Msg, at now: Now) {
        for effect in update(&state, msg, at: now) {
            perform(effect, at: now)
        }
    }

    private func perform(_ effect: Effect, at now: Now) {
        switch effect {
        case .save:
            break // Persistence arrives with the SQLite store; the core already says when to save.
        case .quit(let code):
            exitCode = code
        case .bell:
            terminal.bell()
            if options.flash { terminal.flash() }
        case .stepCue:
            switch options.stepCue {
            case .bell: terminal.bell()
            case .flash: terminal.flash()
            case .none: break
            }
        case .notify(let title, let body):
            if let sequence = notifier.escapeSequence(title: title, body: body) { terminal.sendRaw(sequence) }
            if notifier.useNotifySend {
                _ = children.spawn(["notify-send", "--app-name=noodle", Notifier.clean(title), Notifier.clean(body)], for: title, at: now.instant)
            }
        case .runDoneHook(let label, let duration, let overtime):
            guard !doneHook.isEmpty else { break }
            if let problem = children.spawn(doneHook, for: label, adding: [
                "NOODLE_LABEL=\(label)",
                "NOODLE_DURATION=\(duration.components.seconds)",
                "NOODLE_OVERTIME=\(overtime.components.seconds)",
            ], at: now.instant) {
                send(.doneHookFailed(problem), at: now)
            }
        case .repaint:
            terminal.invalidate()
        case .suspend:
            terminal.suspend()
            let resumed = SystemClock.now()
            send(.resumed, at: resumed)
            adoptSize(at: resumed)
        }
    }

    private func collectChildren(at now: Now) {
        for failure in children.collect(at: now.instant) { send(.doneHookFailed(failure), at: now) }
    }

    private func render() {
        terminal.present(frames.frame(for: state))
        let due = [RedrawSchedule.next(after: state), children.nextDeadline].compactMap { $0 }.min()
        loop.wake(at: due)
    }
}

/// How alarms and step cues reach the user, from the command line (and later the config file).
struct AlarmOptions: Sendable {
    enum StepCue: String, CaseIterable, Sendable { case bell, flash, none }

    var flash = false
    var stepCue = StepCue.bell
}
