import Glibc
import NoodleCore
import NoodleViews

/// The one loop: await an event, turn it into messages for `update`, perform the effects,
/// present the frame if it changed, and sleep until the next moment anything is due.
@MainActor
final class App {
    private var state: AppState
    private let terminal: Terminal
    private let sources: EventSources
    private var exitCode: Int32?

    init(terminal: Terminal, sources: EventSources) {
        self.terminal = terminal
        self.sources = sources
        state = AppState(size: terminal.size, now: SystemClock.now())
    }

    /// Runs until the user quits or a signal ends the program; returns the exit status.
    func run() async -> Int32 {
        sources.watchInput()
        render()
        while true {
            let event = await sources.next()
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
            case .signal(SIGCONT):
                send(.resumed, at: now)
            case .signal(let number):
                if let signal = NoodleCore.Signal(rawValue: number) { send(.signalReceived(signal), at: now) }
            case .wake:
                sources.wakeFired()
                send(.ticked, at: now)
            }
            if let exitCode {
                terminal.restore()
                return exitCode
            }
            render()
        }
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
        case .repaint:
            terminal.invalidate()
        case .suspend:
            terminal.suspend()
            send(.resumed, at: SystemClock.now())
        }
    }

    private func render() {
        terminal.present(Dashboard.render(state, glyphs: terminal.glyphs))
        sources.wake(at: RedrawSchedule.next(after: state), now: state.now.instant)
    }
}
