/// A bookmark named on the command line (`noodle add --bookmark shin ramyun`): by its product's
/// name, Korean name or catalog id, as `NameMatch` matches. A bookmark of a product this
/// catalog no longer has goes by its id alone.
public enum BookmarkMatch {
    public static func find(_ query: String, in bookmarks: [SavedBookmark], catalog: Catalog) -> NameMatch<SavedBookmark> {
        NameMatch.find(query, in: bookmarks) { bookmark in
            guard let entry = catalog[bookmark.catalogID] else { return [bookmark.catalogID] }
            return [entry.name, entry.koreanName, entry.id]
        }
    }
}
