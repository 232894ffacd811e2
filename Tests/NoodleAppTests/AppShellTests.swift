import Glibc
import NoodleCore
import NoodleStore
import Testing
@testable import noodle

/// The app's own policies, through a recording terminal and writer: what it hands the writer,
/// what it shows while the writer waits, and what leaving does with what is not stored.
@Suite("App: the shell around update")
struct AppShellTests {
    @Test("a key's operation goes to the writer, and the frame shows the change at once")
    func keyToWriter() {
        let (app, terminal, writer) = App.onFakes()
        app.press(.space, on: terminal)
        guard case .startStopwatch? = writer.operations.last else {
            Issue.record("expected the stopwatch start, got \(writer.operations)")
            return
        }
        #expect(terminal.screen.joined().contains("running"))
        #expect(app.exitCode == nil)
    }

    @Test("at start-up a countdown whose alarm cap ran out while closed rings once and is stored as missed")
    func startup() {
        let past = StoredClock.fromWallClock.now() - 600_000_000_000
        let saved = SavedState(countdowns: [SavedCountdown(id: 4, label: "egg", total: 1, state: .running, deadline: past, remaining: nil)])
        let (_, terminal, writer) = App.onFakes(saved)
        #expect(terminal.bells == 1)
        #expect(writer.operations == [.advanceCountdown(id: 4, deadline: past, state: .missed, cuedSteps: 0)])
        #expect(terminal.header.contains("finished while noodle was closed"))
    }

    @Test("at start-up a countdown that finished a minute ago, within its alarm cap, rings as it would have, on the first pass")
    func startupRinging() {
        let past = StoredClock.fromWallClock.now() - 60_000_000_000
        let saved = SavedState(countdowns: [SavedCountdown(id: 4, label: "egg", total: 1, state: .running, deadline: past, remaining: nil)])
        let (app, terminal, writer) = App.onFakes(saved)
        #expect(app.nextDue.map { $0 <= ContinuousClock.now } == true, "the passed deadline is due at once")
        app.handle(.wake)
        #expect(terminal.bells == 1)
        #expect(writer.operations == [.advanceCountdown(id: 4, deadline: past, state: .ringing, cuedSteps: 0)])
        #expect(app.state.timers.isAnyRinging)
    }

    @Test("while writes wait the header says so and q only warns; once stored, q quits with 0")
    func waitingThenRecovered() {
        let (app, terminal, writer) = App.onFakes()
        app.press(.character("l"), .space, on: terminal)
        app.report(.waiting("the database is locked by another program"), from: writer)
        #expect(terminal.header.contains("not stored yet, retrying: the database is locked by another program"))
        app.press(.character("q"), on: terminal)
        #expect(app.exitCode == nil)
        #expect(terminal.header.contains("Not saved yet: q again quits"))
        app.report(.recovered, .stored(through: writer.operations.count, assignedIDs: [:]), from: writer)
        #expect(terminal.header.contains("Saved again"))
        app.press(.character("q"), on: terminal)
        #expect(app.exitCode == 0)
        #expect(app.leave() == (0, nil))
        #expect(writer.flushTimeouts == [App.flushTimeout])
    }

    @Test("q twice while writes wait: leaving waits only briefly, exits 1 and says how many changes were lost and why")
    func quitAnyway() {
        let (app, terminal, writer) = App.onFakes()
        app.press(.space, on: terminal)
        app.report(.waiting("database or disk is full"), from: writer)
        app.press(.character("q"), on: terminal)
        app.press(.character("q"), on: terminal)
        #expect(app.exitCode == 1)
        writer.flushSucceeds = false
        writer.pendingCount = 1
        let (status, problem) = app.leave()
        #expect(status == 1)
        #expect(problem == "the last change was not saved: database or disk is full")
        #expect(writer.flushTimeouts == [.milliseconds(200)])
    }

    @Test("a signal that ends noodle keeps its status when the writer cannot finish; a plain q becomes 1")
    func leavingStatus() {
        let (app, _, writer) = App.onFakes()
        app.handle(.signal(SIGTERM))
        #expect(app.exitCode == 143)
        writer.flushSucceeds = false
        writer.pendingCount = 3
        #expect(app.leave().status == 143)
        #expect(app.leave().problem == "the last 3 changes were not saved: the database did not answer in time")

        let (quitting, terminal, quittingWriter) = App.onFakes()
        quitting.press(.character("q"), on: terminal)
        quittingWriter.flushSucceeds = false
        #expect(quitting.leave().status == 1)
    }

    @Test("ids the store gave reach the core: later operations on a new countdown use the stored id")
    func idsAssigned() {
        let (app, terminal, writer) = App.onFakes()
        app.press(.character("2"), .character("n"), .character("5"), .enter, on: terminal)
        guard case .addCountdown(let local, _, _, _, _, _)? = writer.operations.last else {
            Issue.record("expected an add, got \(writer.operations)")
            return
        }
        #expect(local < 0)
        app.report(.stored(through: writer.operations.count, assignedIDs: [local: 41]), from: writer)
        app.press(.character("+"), on: terminal)
        guard case .addTime(let id, _, _)? = writer.operations.last else {
            Issue.record("expected +1 min, got \(writer.operations)")
            return
        }
        #expect(id == 41)
    }

    @Test("another window's write is shown with this window's unstored changes on top")
    func rebase() {
        let (app, terminal, writer) = App.onFakes()
        app.press(.space, on: terminal)
        // Read by the writer before it stored the start: a bookmark another window made.
        let theirs = SavedState(bookmarks: [SavedBookmark(id: 9, catalogID: "theirs")])
        app.report(.loaded(theirs, through: 0), from: writer)
        #expect(app.state.bookmarks.items.map(\.id) == [9])
        #expect(app.state.stopwatch.isRunning)
    }

    @Test("a change the store refused is said, and not put back on top of what is read later")
    func dropped() {
        let (app, terminal, writer) = App.onFakes()
        app.press(.space, on: terminal)
        app.report(.dropped(through: 1, reason: "a change could not be stored and was dropped: no"), from: writer)
        #expect(terminal.header.contains("could not be stored"))
        app.report(.loaded(SavedState(bookmarks: [SavedBookmark(id: 2, catalogID: "theirs")]), through: 1), from: writer)
        #expect(!app.state.stopwatch.isRunning)
    }

    @Test("the folder being written asks the writer to look, after a moment, without the loop reading the disk")
    func sharedChanges() {
        let (app, _, writer) = App.onFakes()
        app.handle(.storeTouched)
        #expect(writer.refreshes == 0)
        let due = app.nextDue
        #expect(due != nil)
        while let due = app.nextDue, due > ContinuousClock.now { usleep(10_000) }
        app.handle(.wake)
        #expect(writer.refreshes == 1)
    }
}
