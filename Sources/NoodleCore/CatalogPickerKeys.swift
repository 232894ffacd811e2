/// Keys in the catalog overlay: every printable key searches; Enter toggles a bookmark and leaves
/// the overlay open, so several products can be picked in a row.
func catalogKeyPressed(_ state: inout AppState, _ picker: CatalogPicker, _ key: Key) -> [Effect] {
    var picker = picker
    let catalog = state.catalog
    // Searched only for the keys that move: searching on every key typed made a paste quadratic.
    func lastRow() -> Int { max(0, picker.matches(in: catalog).count - 1) }
    switch key {
    case .escape:
        state.overlay = nil
        return []
    case .control("c"):
        return quitPressed(&state)
    case .enter:
        guard let index = picker.selectedEntry(in: state.catalog) else { return [] }
        return toggleBookmark(&state, state.catalog.entries[index])
    case .up: picker.row = max(0, min(picker.row, lastRow()) - 1)
    case .down: picker.row = min(lastRow(), picker.row + 1)
    case .pageUp: picker.row = max(0, min(picker.row, lastRow()) - 10)
    case .pageDown: picker.row = min(lastRow(), picker.row + 10)
    default:
        let query = picker.query
        guard picker.field.edit(key, limit: .search, &state) else { return [] }
        if picker.query != query { picker.row = 0 }
    }
    state.overlay = .catalog(picker)
    return []
}

private func toggleBookmark(_ state: inout AppState, _ entry: CatalogEntry) -> [Effect] {
    let before = state.saved
    if state.bookmarks.contains(catalogID: entry.id) {
        let removed = state.bookmarks.remove(catalogID: entry.id)
        return state.changed("Removed \(entry.name) from bookmarks", by: removed.map { .removeBookmark(id: $0) }, before: before, remindUndo: true)
    }
    let id = state.takeLocalID()
    state.bookmarks.add(catalogID: entry.id, id: id)
    return state.changed("Bookmarked \(entry.name)", by: [.addBookmark(localID: id, catalogID: entry.id)], before: before)
}
