import ArgumentParser
import NoodleCatalog
import NoodleCore

/// `noodle add --bookmark NAME`: the countdown Enter on a bookmark starts, from a shell.
enum BookmarkCountdown {
    static func start(named name: String, data: DataDirectoryOption) throws {
        let (catalog, problem) = BuiltInCatalog.load()
        if let problem { Output.standardError("noodle: the built-in catalog is broken: \(problem)\n") }
        let store = try CommandLineStore(data)
        let saved = try store.load()
        let found: SavedBookmark
        switch BookmarkMatch.find(name, in: saved.bookmarks, catalog: catalog) {
        case .one(let bookmark): found = bookmark
        case .several(let bookmarks):
            Output.standardError("noodle: \(NamedCountdown.quoted(name)) matches \(bookmarks.count) bookmarks; name one of them:\n"
                + bookmarks.map { "  " + describe($0, in: catalog) + "\n" }.joined())
            throw ExitCode(2)
        case .none:
            var message = "noodle: no bookmark is called \(NamedCountdown.quoted(name)) or has a name starting with it"
            let inCatalog = catalog.search(name).map { catalog.entries[$0] }
            if let entry = inCatalog.first, inCatalog.count == 1 {
                message += "; \(PrintableText.clean(entry.name)) is in the catalog but not bookmarked (bookmark it with a on the dashboard's Bookmarks panel, or run noodle add \(DurationFormat.countdown(entry.time)) \(PrintableText.clean(entry.name)))"
            }
            message += saved.bookmarks.isEmpty ? "; there are no bookmarks\n" : "; the bookmarks are:\n" + saved.bookmarks.map { "  " + describe($0, in: catalog) + "\n" }.joined()
            Output.standardError(message)
            throw ExitCode(2)
        }
        let bookmark = Bookmark(id: found.id, catalogID: found.catalogID, ownTime: found.ownTime.map { .nanoseconds($0) }, memo: found.memo, packs: found.packs)
        let title = catalog.name(of: bookmark)
        guard let time = bookmark.effectiveTime(in: catalog) else {
            Output.standardError("noodle: \(PrintableText.clean(title)) is not in this catalog and has no time of its own: set one with e on the dashboard's Bookmarks panel\n")
            throw ExitCode(2)
        }
        let steps = bookmark.steps(in: catalog)
        let label = TextLimit.prompt.cut(title) ?? title
        // As a countdown made on the dashboard: steps at its very start count as cued already.
        try store.apply([.addCountdown(localID: 0, label: label, total: time.nanoseconds, deadline: store.now + time.nanoseconds,
                                       steps: steps, cuedSteps: steps.prefix { $0.offset <= .zero }.count)])
        for problem in bookmark.memoStepProblems(end: time) {
            Output.standardError("noodle: \(PrintableText.clean(title))'s memo: \(PrintableText.clean(problem))\n")
        }
        let stepsNote = steps.isEmpty ? "" : " with \(steps.count) step\(steps.count == 1 ? "" : "s")"
        Output.standardOutput("Added \(PrintableText.clean(title)) \(DurationFormat.countdown(time))\(stepsNote), done at \(CommandLineStore.clockTime(in: time.nanoseconds))\n")
    }

    /// `Shin Ramyun (신라면, shin-ramyun) 4:30`, with `*` before the user's own time, as the panel marks it.
    private static func describe(_ bookmark: SavedBookmark, in catalog: Catalog) -> String {
        let time = bookmark.ownTime.map { "*" + DurationFormat.countdown(.nanoseconds($0)) } ?? catalog[bookmark.catalogID].map { DurationFormat.countdown($0.time) } ?? "?"
        guard let entry = catalog[bookmark.catalogID] else { return PrintableText.clean(bookmark.catalogID) + " " + time }
        return PrintableText.clean("\(entry.name) (\(entry.koreanName), \(entry.id)) ") + time
    }
}
