import Glibc
import NoodleConfig
import NoodleCore
import NoodleStore
import NoodleViews

/// The one loop, on the main thread: it sleeps until something is due, turns each event into
/// messages for `update`, performs the effects, and presents the frame if it changed.
final class App {
    private(set) var state: AppState
    private let terminal: TerminalScreen
    private let clock: SystemClock
    /// Set once the program should end.
    private(set) var exitCode: Int32?
    private var frames: FrameCache
    private let notifier: Notifier
    private let doneHook: [String]
    private let options: AlarmOptions
    private let children = ChildProcesses()
    /// Nil when the alarm makes no sound (`sound = "none"`).
    let sound: AlarmSound?
    /// Nil without a session bus, or when notifications go by the terminal alone.
    private let desktop: DesktopAlarms?
    private let writer: OperationWriter
    private let dataDirectory: String
    /// Where the theme picked with T is kept.
    private let configPath: String
    private let watcher: StoreWatcher?
    private var sharedChangeChecks = SharedChangeChecks()
    private var themes: ThemeSwitcher
    /// Operations handed to the writer and not yet reported stored, oldest first: what the
    /// screen shows beyond what the database holds.
    private var unstored = UnstoredOperations()
    /// Why writes are waiting, said on stderr if noodle ends before they go through.
    private var saveProblem: String?
    /// How long leaving waits for the writer to store what is still queued.
    static let flushTimeout: Duration = .seconds(3)
    /// Effects of taking in the stored state, performed once the first frame is up.
    private var startupEffects: [Effect]

    init(terminal: TerminalScreen, settings: DashboardSettings, session: Session, clock: SystemClock = SystemClock()) {
        self.terminal = terminal
        self.clock = clock
        options = settings.alarm
        notifier = Notifier(method: settings.notify, environment: ProcessEnvironment.values)
        desktop = notifier.viaSessionBus ? DesktopAlarms(environment: ProcessEnvironment.values) : nil
        doneHook = settings.onDone
        sound = AlarmSound(sound: settings.sound, volume: settings.volume, environment: ProcessEnvironment.values)
        writer = session.writer
        dataDirectory = session.dataDirectory
        configPath = settings.configPath
        watcher = session.watcher
        frames = FrameCache(glyphs: terminal.glyphs)
        themes = ThemeSwitcher(environment: ProcessEnvironment.values)
        let (theme, themeProblem) = themes.load(settings.theme)
        terminal.apply(theme)
        let now = clock.now()
        state = AppState(size: terminal.size, now: now, catalog: session.catalog,
                         clock: ClockAnchor(instant: now.instant, wall: session.clock.now()))
        state.display = DisplaySettings(showCentiseconds: settings.showCentiseconds, frameRateCap: settings.frameRateCap)
        state.timers.bellInterval = settings.bellInterval
        state.timers.alarmCap = settings.alarmCap
        state.timers.order = settings.timerOrder
        state.timers.snooze = settings.snooze
        state.timers.autoClear = settings.autoClear
        state.timers.warnBefore = settings.warnBefore
        state.zone = LocalZone.current(at: Int64(now.wall.secondsSinceEpoch.rounded(.down)))
        startupEffects = state.restore(session.saved, reason: .startup)
        if let warning = [session.warning, themeProblem].compactMap({ $0 }).first {
            state.status = StatusMessage(warning, tone: .error, shownAt: now.instant, lifetime: .seconds(30))
        }
    }

    /// Runs until the user quits or a signal ends the program; returns the exit status.
    func run(_ poller: EventPoller) -> Int32 {
        start()
        var poller = poller
        while exitCode == nil {
            // The bus's descriptor changes when it goes away; libdbus may hold events it has already read.
            poller.desktopFD = desktop?.fileDescriptor ?? -1
            let events = desktop?.hasQueuedEvents == true ? [.desktopReported] : poller.wait(until: nextDue)
            for event in events {
                handle(event)
                if exitCode != nil { break }
            }
            if exitCode == nil { render() }
        }
        let (status, problem) = leave()
        sound?.silenceForExit()
        terminal.restore()
        // The screen that said so is gone: the shell is the last place to tell what was lost.
        if let problem { Output.standardError("noodle: \(problem)\n") }
        return status
    }

    /// The first frame, then what taking in the stored state asks for (a bell for a countdown
    /// that finished while noodle was closed, say), then the frame that shows it.
    func start() {
        render()
        perform(startupEffects, at: clock.now())
        render()
    }

    /// Waits for the writer to store what is queued; returns the exit status and, when something
    /// could not be stored, what to say about it.
    func leave() -> (status: Int32, problem: String?) {
        let status = exitCode ?? 0
        // q after a warning about waiting writes has already waited: it means now.
        if writer.flush(timeout: state.isUnsaved ? .milliseconds(200) : Self.flushTimeout) { return (status, nil) }
        let count = writer.pendingCount
        let what = count == 1 ? "the last change was" : "the last \(count) changes were"
        return (status == 0 ? 1 : status, "\(what) not saved: \(saveProblem ?? "the database did not answer in time")")
    }

    /// One event; `exitCode` says when the program should end.
    func handle(_ event: LoopEvent) {
        let now = clock.now()
        // Read again when due, on an event the loop wakes for anyway: it never wakes for this.
        let seconds = Int64(now.wall.secondsSinceEpoch.rounded(.down))
        if state.zone.isStale(at: seconds) { send(.zoneRulesRead(LocalZone.current(at: seconds)), at: now) }
        switch event {
        case .input:
            for key in terminal.readInputs() {
                send(.keyPressed(key), at: now)
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
            if sharedChangeChecks.takeDue(at: now.instant) { writer.requestRefresh() }
            send(.ticked, at: now)
        case .storeTouched:
            watcher?.drain()
            sharedChangeChecks.folderTouched(at: now.instant)
        case .storeReported:
            for report in writer.takeReports() { take(report, at: now) }
        case .desktopReported:
            guard let desktop else { break }
            let (answers, problem) = desktop.takeEvents()
            if let problem { send(.alarmChannelFailed(problem), at: now) }
            for (countdown, answer) in answers { send(.noticeAnswered(countdownID: countdown, answer), at: now) }
        case .soundReported:
            for problem in sound?.takeProblems() ?? [] { send(.alarmChannelFailed("No alarm sound: \(problem)"), at: now) }
        }
    }

    private func adoptSize(at now: Now) {
        send(.resized(terminal.size), at: now)
    }

    private func send(_ msg: Msg, at now: Now) {
        perform(update(&state, msg, at: now), at: now)
    }

    private func perform(_ effects: [Effect], at now: Now) {
        for effect in effects { perform(effect, at: now) }
    }

    /// What the writer did, in the order it did it.
    private func take(_ report: StoreWriter.Report, at now: Now) {
        switch report {
        case .stored(let through, let assigned):
            unstored.stored(through: through, assignedIDs: assigned)
            if !assigned.isEmpty {
                desktop?.rename(assigned)
                send(.idsAssigned(assigned), at: now)
            }
        case .waiting(let reason):
            saveProblem = reason
            send(.saveFailed("not stored yet, retrying: \(reason)"), at: now)
        case .recovered:
            saveProblem = nil
            send(.saveRecovered, at: now)
        case .dropped(let through, let reason):
            // Not stored and never will be: not put on top of what is read back either.
            unstored.stored(through: through, assignedIDs: [:])
            send(.storeProblem(reason), at: now)
        case .unreadable(let reason):
            send(.storeProblem(reason), at: now)
        case .loaded(let saved, let through):
            // Another process wrote: what it holds, with what this one has not stored yet on top.
            send(.storeChanged(unstored.applied(to: saved, storedThrough: through)), at: now)
        }
    }

    private func perform(_ effect: Effect, at now: Now) {
        switch effect {
        case .store(let operation):
            unstored.append(operation, sequence: writer.enqueue(operation))
        case .quit(let code):
            exitCode = code
        case .bell:
            terminal.bell()
            sound?.play(.alarm)
            if options.flash { terminal.flash() }
        case .stepCue:
            switch options.stepCue {
            case .bell: terminal.bell()
            case .flash: terminal.flash()
            case .none: break
            }
            if options.stepCue != .none { sound?.play(.soft) }
        case .notify(let notice):
            if let desktop {
                desktop.show(notice)
                break
            }
            // A terminal's notification cannot be replaced: only the first of each is sent.
            guard notice.kind != .stillRinging else { break }
            if let sequence = notifier.escapeSequence(title: notice.title, body: notice.body) { terminal.sendRaw(sequence) }
            if notifier.useNotifySend {
                _ = children.spawn(["notify-send", "--app-name=noodle", PrintableText.clean(notice.title), PrintableText.clean(notice.body)],
                                   for: notice.title, at: now.instant)
            }
        case .alarmsEnded(let ids, let quiet):
            if quiet { sound?.stopAlarm() }
            desktop?.close(countdownIDs: ids)
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
        case .exportLaps(let csv):
            let (path, problem) = LapsFile.write(csv, dataDirectory: dataDirectory)
            send(.lapsExported(path: path, problem: problem), at: now)
        case .nextTheme:
            let (theme, problem) = themes.next()
            terminal.apply(theme)
            // Kept only when it loaded: a broken theme must not become the next start's.
            let keeps = problem == nil && !configPath.isEmpty
            let keepProblem = keeps ? ConfigFile.keepTheme(theme.name, at: configPath) : nil
            send(.themeApplied(name: theme.name, problem: problem ?? keepProblem, keptIn: keeps && keepProblem == nil ? configPath : nil), at: now)
        case .editMemoExternally(let id, let memo):
            let outcome = terminal.lend { ExternalEditor.edit(memo, environment: ProcessEnvironment.values) }
            let after = clock.now()
            switch outcome {
            case .edited(let text): send(.memoEditedExternally(bookmarkID: id, text: text, problem: nil), at: after)
            case .failed(let problem): send(.memoEditedExternally(bookmarkID: id, text: nil, problem: problem), at: after)
            }
            adoptSize(at: after)
        case .suspend:
            // A stopped process stores nothing: what is queued goes first, if the disk lets it.
            _ = writer.flush(timeout: .seconds(1))
            terminal.suspend()
            let resumed = clock.now()
            send(.resumed, at: resumed)
            adoptSize(at: resumed)
        }
    }

    private func collectChildren(at now: Now) {
        for failure in children.collect(at: now.instant) { send(.doneHookFailed(failure), at: now) }
    }

    func render() {
        terminal.present(frames.frame(for: state))
        terminal.setTitle(WindowTitle.text(for: state, glyphs: terminal.glyphs))
    }

    /// The next moment anything is due: a visible change, a deadline, a child to stop, a look at the store.
    var nextDue: ContinuousClock.Instant? {
        [RedrawSchedule.next(after: state, glyphs: terminal.glyphs), children.nextDeadline, sharedChangeChecks.next].compactMap { $0 }.min()
    }
}

/// How alarms and step cues reach the user, from the command line (and later the config file).
struct AlarmOptions: Sendable {
    enum StepCue: String, CaseIterable, Sendable { case bell, flash, none }

    var flash = false
    var stepCue = StepCue.bell
}
