import ArgumentParser
import NoodleCatalog
import NoodleCore
import NoodleViews

/// `noodle catalog`: the built-in ramen, one per line.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "List the built-in ramen catalog: name, Korean name, brand, cooking time, water.",
        discussion: "One product per line, in aligned columns; in the dashboard, press a on the Bookmarks panel to bookmark one."
    )

    mutating func run() throws {
        let (catalog, problem) = BuiltInCatalog.load()
        if let problem {
            Output.standardError("noodle: the built-in catalog is broken: \(problem)\n")
            throw ExitCode(2)
        }
        Output.standardOutput(Self.table(catalog))
    }

    static func table(_ catalog: Catalog) -> String {
        let rows = catalog.entries.map { entry in
            [entry.name, entry.koreanName, entry.brand, DurationFormat.countdown(entry.time), entry.water.summary].map(PrintableText.clean)
        }
        return TextTable.render(rows, rightAligned: [false, false, false, true, false]) { TextWidth.columns(of: $0) }
    }
}
