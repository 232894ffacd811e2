/// The bookmarks in the user's order, with the selection.
/// Positions are the array's indices, so they are unique and contiguous by construction.
public struct Bookmarks: Sendable, Equatable {
    public private(set) var items: [Bookmark] = []
    /// The selected bookmark, by identity, so it follows the item when the order changes.
    public private(set) var selectedID: Int?
    /// Counts every change, so a view cache can tell in O(1) that nothing here changed.
    public private(set) var revision = 0

    public init(items: [Bookmark] = []) {
        self.items = items
        selectedID = items.first?.id
    }

    /// Equal contents are equal whatever route they took; `revision` is left out.
    public static func == (lhs: Bookmarks, rhs: Bookmarks) -> Bool {
        lhs.items == rhs.items && lhs.selectedID == rhs.selectedID
    }

    public var count: Int { items.count }
    public var isEmpty: Bool { items.isEmpty }

    public var selectedIndex: Int? {
        guard let id = selectedID else { return nil }
        return items.firstIndex { $0.id == id }
    }

    public var selected: Bookmark? { selectedIndex.map { items[$0] } }

    public func contains(catalogID: String) -> Bool {
        items.contains { $0.catalogID == catalogID }
    }

    /// Adds a bookmark at the end under `id` (a local id until the store numbers it) and selects it.
    @discardableResult
    public mutating func add(catalogID: String, id: Int) -> Bookmark {
        revision += 1
        let bookmark = Bookmark(id: id, catalogID: catalogID)
        items.append(bookmark)
        selectedID = bookmark.id
        return bookmark
    }

    public mutating func moveSelection(by offset: Int) {
        revision += 1
        guard !items.isEmpty else { return }
        let current = selectedIndex ?? 0
        selectedID = items[min(max(0, current + offset), items.count - 1)].id
    }

    public mutating func select(id: Int) {
        revision += 1
        if items.contains(where: { $0.id == id }) { selectedID = id }
    }

    /// Moves the selected bookmark one place up (-1) or down (+1); it stops at the ends.
    /// Returns whether anything moved, so the caller stores only real changes.
    @discardableResult
    public mutating func moveSelected(by offset: Int) -> Bool {
        revision += 1
        guard let index = selectedIndex else { return false }
        let target = index + offset
        guard items.indices.contains(target), offset != 0 else { return false }
        items.swapAt(index, target)
        return true
    }

    public mutating func changeSelected(_ change: (inout Bookmark) -> Void) {
        revision += 1
        guard let index = selectedIndex else { return }
        change(&items[index])
    }

    public mutating func change(id: Int, _ change: (inout Bookmark) -> Void) {
        revision += 1
        guard let index = items.firstIndex(where: { $0.id == id }) else { return }
        change(&items[index])
    }

    /// Removes the selected bookmark; the one below takes the selection (the one above at the end).
    @discardableResult
    public mutating func removeSelected() -> Bookmark? {
        revision += 1
        guard let index = selectedIndex else { return nil }
        return remove(at: index)
    }

    /// Removes every bookmark of a product (the catalog's toggle) and returns their ids.
    @discardableResult
    public mutating func remove(catalogID: String) -> [Int] {
        revision += 1
        var ids: [Int] = []
        while let index = items.lastIndex(where: { $0.catalogID == catalogID }) {
            ids.append(items[index].id)
            let wasSelected = items[index].id == selectedID
            items.remove(at: index)
            if wasSelected || selectedIndex == nil {
                selectedID = items.isEmpty ? nil : items[min(index, items.count - 1)].id
            }
        }
        return ids
    }

    private mutating func remove(at index: Int) -> Bookmark {
        revision += 1
        let bookmark = items.remove(at: index)
        selectedID = items.isEmpty ? nil : items[min(index, items.count - 1)].id
        return bookmark
    }

    /// The store numbered bookmarks this process made: each local id becomes the stored one. A
    /// product another window bookmarked first is that window's bookmark: the local copy goes.
    public mutating func renameIDs(_ ids: [Int: Int]) {
        revision += 1
        let present = Set(items.map(\.id))
        items.removeAll { item in ids[item.id].map(present.contains) ?? false }
        for index in items.indices {
            if let id = ids[items[index].id] { items[index].id = id }
        }
        if let id = selectedID.flatMap({ ids[$0] }) { selectedID = id }
    }

    /// Takes the stored list as it now is (another instance changed it), keeping the selection
    /// on the same bookmark where it still exists, else on the same row.
    public mutating func replaceItems(_ newItems: [Bookmark]) {
        revision += 1
        let row = selectedIndex ?? 0
        items = newItems
        if let id = selectedID, newItems.contains(where: { $0.id == id }) { return }
        selectedID = newItems.isEmpty ? nil : newItems[min(row, newItems.count - 1)].id
    }
}
