import NoodleCatalog
import NoodleCore
import NoodleStore
import NoodleViews

/// The scale case through the project's own code: 1,000 countdowns, 10,000 bookmarks and 100,000
/// laps stored, then the costs a user feels with that much data: loading it, taking it
/// into the state, a frame, and the time from a bookmark move to its commit.
enum ScaleBench {
    static let bookmarkCount = 10_000
    static let lapCount = 100_000
    static let countdownCount = 1000

    static func run(folder: String) {
        let clock = ContinuousClock()
        let catalog = BuiltInCatalog.load().catalog
        let now = Now(instant: .now, wall: WallTime(secondsSinceEpoch: 1_790_000_000))
        let wall = ClockAnchor(now).wall
        var seeding: [StoreOperation] = (0 ..< bookmarkCount).map {
            .addBookmark(localID: 0, catalogID: catalog.entries[$0 % catalog.entries.count].id)
        }
        seeding += (0 ..< countdownCount).map {
            .addCountdown(localID: 0, label: "c\($0)", total: Int64(600 + $0) * 1_000_000_000, deadline: wall + Int64(600 + $0) * 1_000_000_000,
                          steps: [], cuedSteps: 0)
        }
        seeding.append(.startStopwatch(at: wall))
        seeding += (1 ... lapCount).map { .recordLap(at: wall + Int64($0) * 10_000_000) }

        do {
            let store = try Store(directory: folder)
            let seed = clock.measure { _ = try? store.apply(seeding) }
            print("seed (\(bookmarkCount) bookmarks, \(countdownCount) countdowns, \(lapCount) laps as operations in one transaction): \(ms(seed)) ms")

            var loaded = SavedState()
            let load = clock.measure { loaded = (try? Store(directory: folder).load()) ?? SavedState() }
            print("open + load: \(ms(load)) ms")
            var state = AppState(size: Size(width: 120, height: 40), now: now, catalog: catalog)
            let restore = clock.measure { _ = state.restore(loaded, reason: .startup) }
            print("take into the state: \(ms(restore)) ms")
            state.focus = .bookmarks
            let frame = clock.measure { for _ in 0 ..< 100 { _ = Dashboard.render(state) } }
            print("full frame with that state: \(ms(frame / 100)) ms")

            // A move, as the app handles it: update, then the commit of its operation.
            var samples: [Duration] = []
            for index in 0 ..< 200 {
                let key: Key = index % 2 == 0 ? .character("K") : .character("J")
                samples.append(clock.measure {
                    for case .store(let operation) in update(&state, .keyPressed(key), at: now) { _ = try? store.apply(operation) }
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
