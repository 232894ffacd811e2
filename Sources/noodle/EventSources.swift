import Dispatch
import Glibc
import NoodleCore

/// Everything that can wake the loop.
enum LoopEvent: Sendable {
    case input
    case signal(Int32)
    case wake
}

/// Turns keys, signals and the one scheduled wake-up into a single stream the loop awaits.
///
/// The handlers only yield into the stream (dispatch handlers are not checked for isolation on Linux).
/// Nothing here ticks on its own: the timer is re-armed for exactly the next moment something is due.
@MainActor
final class EventSources {
    static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT, SIGWINCH]

    let events: AsyncStream<LoopEvent>
    private let continuation: AsyncStream<LoopEvent>.Continuation
    private var sources: [any DispatchSourceProtocol] = []
    private let timer: any DispatchSourceTimer
    private var armedFor: ContinuousClock.Instant?

    /// Call before curses starts: signal sources register asynchronously, and curses must see
    /// the handlers already installed so that it leaves them alone.
    init() {
        (events, continuation) = AsyncStream.makeStream(of: LoopEvent.self)
        let continuation = self.continuation
        signal(SIGPIPE, SIG_IGN)
        for number in Self.handledSignals {
            if number != SIGCONT && number != SIGWINCH { signal(number, SIG_IGN) }
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler { continuation.yield(.signal(number)) }
            source.resume()
            sources.append(source)
        }
        timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler { continuation.yield(.wake) }
        timer.schedule(deadline: .distantFuture, repeating: .never)
        timer.resume()
    }

    /// Starts watching the keyboard; done once curses owns the terminal.
    func watchInput() {
        let continuation = self.continuation
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { continuation.yield(.input) }
        source.resume()
        sources.append(source)
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
