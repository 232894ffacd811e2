import NoodleCatalog
import NoodleCore
import NoodleStore
import NoodleViews

/// The scale case through the project's own code: 1,000 countdowns, 10,000 bookmarks and 100,000
/// laps saved into a store, then the costs a user feels with that much data: loading it, taking it
/// into the state, a frame, and the time from a bookmark move to its commit.
enum ScaleBench {
    static let bookmarkCount = 10_000
    static let lapCount = 100_000
    static let countdownCount = 1000

    static func run(folder: String) {
        let clock = ContinuousClock()
        let catalog = BuiltInCatalog.load().catalog
        let now = Now(instant: .now, wall: WallTime(secondsSinceEpoch: 1_790_000_000))
        var state = AppState(size: Size(width: 120, height: 40), now: now, catalog: catalog)
        for index in 0 ..< bookmarkCount {
            state.bookmarks.add(catalogID: catalog.entries[index % catalog.entries.count].id)
        }
        for index in 0 ..< countdownCount {
            state.timers.add(DurationInput(duration: .seconds(600 + index), label: "c\(index)"), at: now.instant)
        }
        state.stopwatch.start(at: now.instant)
        for lap in 1 ... lapCount { state.stopwatch.lap(at: now.instant.advanced(by: .milliseconds(lap * 10))) }
        state.focus = .bookmarks

        do {
            let store = try Store(directory: folder)
            let seed = clock.measure { try? store.save(state.saved) }
            print("seed (save \(bookmarkCount) bookmarks, \(countdownCount) countdowns, \(lapCount) laps): \(ms(seed)) ms")

            var loaded = SavedState()
            let load = clock.measure { loaded = (try? Store(directory: folder).load()) ?? SavedState() }
            print("open + load: \(ms(load)) ms")
            var restored = AppState(size: Size(width: 120, height: 40), now: now, catalog: catalog)
            let restore = clock.measure { _ = restored.restore(loaded, reason: .startup) }
            print("take into the state: \(ms(restore)) ms")
            let frame = clock.measure { for _ in 0 ..< 100 { _ = Dashboard.render(restored) } }
            print("full frame with that state: \(ms(frame / 100)) ms")

            // A move, as the app handles it: update, then the commit of its .save.
            var samples: [Duration] = []
            for index in 0 ..< 200 {
                let key: Key = index % 2 == 0 ? .character("K") : .character("J")
                samples.append(clock.measure {
                    let effects = update(&state, .keyPressed(key), at: now)
                    if effects.contains(.save) { try? store.save(state.saved) }
                })
            }
            samples.sort()
            print("move to commit: median \(ms(samples[samples.count / 2])) ms, p99 \(ms(samples[samples.count * 99 / 100])) ms")
        } catch {
            print("store: \(error)")
        }
    }

    private static func ms(_ duration: Duration) -> String {
        String((duration.seconds * 10_000).rounded() / 10)
    }
}
