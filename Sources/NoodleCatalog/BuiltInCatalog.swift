import NoodleCore

/// The catalog that ships inside the binary, read from ramen.toml as it was at build time.
public enum BuiltInCatalog {
    /// The file's text exactly as embedded, for showing or re-reading.
    public static let text: String = embeddedCatalogText

    /// The catalog, or an empty one and why: a broken catalog file costs the catalog panel,
    /// never the timers, so the app starts regardless and shows the problem.
    public static func load() -> (catalog: Catalog, problem: String?) {
        load(text)
    }

    /// Separate from `load()` so the fallback can be tested without shipping a broken file.
    static func load(_ text: String) -> (catalog: Catalog, problem: String?) {
        do {
            return (try CatalogFile.parse(text), nil)
        } catch {
            return (.empty, error.description)
        }
    }
}
