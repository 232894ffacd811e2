import Dispatch
import Glibc
import NoodleCore

/// Everything that can wake the loop.
enum LoopEvent: Sendable {
    case input
    case signal(Int32)
    case wake
}

/// Turns keys, signals and the one scheduled wake-up into a single sequence of events the loop awaits.
///
/// Every source delivers on the main queue, which is the main actor's executor, so an event reaches
/// the waiting loop without a hop through the global pool (an AsyncStream costs two thread switches
/// per event here, which at 30 frames a second was most of the loop's CPU).
/// Nothing here ticks on its own: the timer is re-armed for exactly the next moment something is due.
@MainActor
final class EventSources {
    static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]

    private var pending: [LoopEvent] = []
    private var waiting: CheckedContinuation<LoopEvent, Never>?
    private var sources: [any DispatchSourceProtocol] = []
    private let timer: any DispatchSourceTimer
    private var armedFor: ContinuousClock.Instant?

    /// Call before curses starts: signal sources register asynchronously, and curses must see
    /// the handlers already installed so that it leaves them alone.
    init() {
        timer = DispatchSource.makeTimerSource(queue: .main)
        signal(SIGPIPE, SIG_IGN)
        for number in Self.handledSignals {
            if number != SIGCONT && number != SIGWINCH { signal(number, SIG_IGN) }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { [unowned self] in MainActor.assumeIsolated { deliver(.signal(number)) } }
            source.resume()
            sources.append(source)
        }
        timer.setEventHandler { [unowned self] in MainActor.assumeIsolated { deliver(.wake) } }
        timer.schedule(deadline: .distantFuture, repeating: .never)
        timer.resume()
    }

    /// Starts watching the keyboard; done once curses owns the terminal.
    func watchInput() {
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { [unowned self] in MainActor.assumeIsolated { deliver(.input) } }
        source.resume()
        sources.append(source)
    }

    /// The next event, waiting for one if none is pending.
    func next() async -> LoopEvent {
        if !pending.isEmpty { return pending.removeFirst() }
        return await withCheckedContinuation { waiting = $0 }
    }

    private func deliver(_ event: LoopEvent) {
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: event)
        } else if case .input = event, pending.contains(where: { if case .input = $0 { true } else { false } }) {
            return // One pending input event already drains everything the keyboard sent.
        } else {
            pending.append(event)
        }
    }

    /// Arms the single wake-up for `instant`, or disarms it when nothing is due.
    func wake(at instant: ContinuousClock.Instant?, now: ContinuousClock.Instant) {
        guard instant != armedFor else { return }
        armedFor = instant
        guard let instant else {
            timer.schedule(deadline: .distantFuture, repeating: .never)
            return
        }
        let delay = max(.zero, now.duration(to: instant))
        let (seconds, attoseconds) = delay.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .never, leeway: .milliseconds(1))
    }

    /// The armed wake-up fired; the next one must be armed afresh even if it is for the same instant.
    func wakeFired() {
        armedFor = nil
    }
}
