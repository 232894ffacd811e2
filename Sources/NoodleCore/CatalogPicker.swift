/// The catalog overlay's state: the search text and the selected row among its matches.
public struct CatalogPicker: Sendable, Equatable {
    public var field: TextField
    /// The selected row, as a position in `matches`.
    public var row: Int

    public init(query: String = "", row: Int = 0) {
        field = TextField(query)
        self.row = row
    }

    public var query: String { field.text }

    /// Catalog positions matching the query, in catalog order.
    public func matches(in catalog: Catalog) -> [Int] {
        catalog.search(query)
    }

    /// The catalog position of the selected row, if anything matches.
    public func selectedEntry(in catalog: Catalog) -> Int? {
        let found = matches(in: catalog)
        return found.isEmpty ? nil : found[min(max(0, row), found.count - 1)]
    }
}
