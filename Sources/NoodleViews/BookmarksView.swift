import NoodleCore

/// The Bookmarks panel: one row a bookmark in the user's order, the selected one's details below,
/// and the own-time prompt at the bottom while it is open.
enum BookmarksView {
    static func draw(_ state: AppState, in rect: Rect, glyphs: Glyphs, into grid: inout Grid) {
        PanelFrame.draw(Panel.bookmarks.title, in: rect, focused: state.focus == .bookmarks, glyphs: glyphs, into: &grid)
        var inner = rect.inner
        guard !inner.isEmpty else { return }
        if case .ownTime(let id, let field) = state.overlay {
            let (rest, prompt) = inner.splitTop(inner.height - 1)
            inner = rest
            let pack = state.bookmarks.items.first { $0.id == id }.flatMap { state.catalog[$0.catalogID]?.time }
            drawPrompt(field, packTime: pack, in: prompt, glyphs: glyphs, into: &grid)
        }
        let items = state.bookmarks.items
        guard !items.isEmpty else {
            let middle = inner.y + (inner.height - 2) / 2
            grid.writeCentred("No bookmarks yet", in: inner, row: middle, role: .muted, ellipsis: glyphs.ellipsis)
            if inner.height > 1 {
                grid.writeCentred("a or / adds ramen from the catalog", in: inner, row: middle + 1, role: .muted, ellipsis: glyphs.ellipsis)
            }
            return
        }
        let selected = state.bookmarks.selectedIndex ?? 0
        let details = detailLines(items[selected], catalog: state.catalog)
        // Details get what the list does not need, and only when there is room for a useful amount.
        let detailHeight = inner.height >= 8 ? min(details.count, inner.height - max(3, min(items.count, inner.height / 2)) - 1) : 0
        var list = inner
        if detailHeight > 0 {
            let (top, bottom) = inner.splitTop(inner.height - detailHeight - 1)
            list = top
            grid.fill(Rect(x: bottom.x, y: bottom.y, width: bottom.width, height: 1), role: .border, with: glyphs.horizontal)
            for (offset, line) in details.prefix(detailHeight).enumerated() {
                grid.write(TextWidth.truncate(line.text, to: bottom.width - 2, ellipsis: glyphs.ellipsis),
                           x: bottom.x + 1, y: bottom.y + 1 + offset, role: line.role, limit: bottom.maxX - 1)
            }
        }
        let first = max(0, min(selected - list.height + 1, items.count - list.height))
        let shown = first ..< first + min(list.height, items.count - first)
        // Below the list: the line over the details, else the panel's frame (under any prompt).
        ScrollMarks.draw(above: first, below: items.count - shown.upperBound, topLine: rect.y, bottomLine: detailHeight > 0 ? list.maxY : rect.maxY - 1,
                         right: rect.maxX - 1, glyphs: glyphs, into: &grid)
        let columns = Columns(
            width: list.width,
            nameNeed: shown.reduce(0) { max($0, TextWidth.columns(of: name(of: items[$1], in: state.catalog))) },
            hasMemo: shown.contains { !items[$0].memoHeadline.isEmpty }
        )
        for line in 0 ..< shown.count {
            let index = first + line
            let row = Rect(x: list.x, y: list.y + line, width: list.width, height: 1)
            drawRow(items[index], catalog: state.catalog, selected: index == selected, columns: columns, in: row, glyphs: glyphs, into: &grid)
        }
    }

    /// Column widths for a row of `width`: the name takes what the others leave, and the memo
    /// and then the water give way first when the panel is narrow. Names shown (`nameNeed`
    /// columns at most) are cut only when the memo column could not give way any further.
    struct Columns {
        var name: Int
        var time = 6
        var water: Int
        var memo: Int

        init(width: Int, nameNeed: Int, hasMemo: Bool) {
            let fixed = 2 + time + 1
            water = width - fixed >= 26 ? 12 : 0
            let rest = width - fixed - water
            let besideFullNames = rest - nameNeed - 1
            if !hasMemo {
                memo = 0
            } else if besideFullNames >= 12 {
                memo = besideFullNames
            } else {
                memo = rest >= 40 ? rest - max(20, rest / 2) - 1 : 0
            }
            name = max(0, rest - (memo > 0 ? memo + 1 : 0))
        }
    }

    /// What a row calls the bookmark: its names in both languages, or its id when the catalog lacks it.
    static func name(of bookmark: Bookmark, in catalog: Catalog) -> String {
        catalog[bookmark.catalogID].map { $0.name + " " + $0.koreanName } ?? bookmark.catalogID
    }

    private static func drawRow(_ bookmark: Bookmark, catalog: Catalog, selected: Bool, columns: Columns, in row: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let entry = catalog[bookmark.catalogID]
        var x = row.x
        x += grid.write(selected ? "> " : "  ", x: x, y: row.y, role: .text, limit: row.maxX)
        x += grid.write(TextWidth.pad(name(of: bookmark, in: catalog), to: columns.name, ellipsis: glyphs.ellipsis), x: x, y: row.y, role: entry == nil ? .muted : .text, limit: row.maxX)
        let time = bookmark.effectiveTime(in: catalog).map(DurationFormat.countdown) ?? "?"
        let own = bookmark.ownTime != nil
        x += grid.write(TextWidth.padLeft((own ? "*" : "") + time, to: columns.time + 1), x: x, y: row.y, role: own ? .ownTime : .text, limit: row.maxX)
        if columns.water > 0 {
            let water = waterText(bookmark, entry: entry, compact: true)
            x += grid.write(TextWidth.padLeft(TextWidth.truncate(water, to: columns.water - 1, ellipsis: glyphs.ellipsis), to: columns.water),
                            x: x, y: row.y, role: .muted, limit: row.maxX)
        }
        if columns.memo > 0 {
            grid.write(" " + TextWidth.truncate(String(bookmark.memoHeadline), to: columns.memo, ellipsis: glyphs.ellipsis),
                       x: x, y: row.y, role: .muted, limit: row.maxX)
        }
        if selected { grid.restyle(row, role: .selection) }
    }

    /// The water for the bookmark's packs; `compact` drops the words a narrow column cannot hold.
    static func waterText(_ bookmark: Bookmark, entry: CatalogEntry?, compact: Bool) -> String {
        guard let entry else { return "" }
        let amount = entry.water.amount(forPacks: bookmark.packs)
        if compact && entry.water.millilitres == nil { return bookmark.packs > 1 ? "\(bookmark.packs)× see pack" : "see pack" }
        return (bookmark.packs > 1 ? "\(bookmark.packs)× " : "") + amount.text
    }

    /// The selected bookmark in full: what the pack says, the user's own time, memo and steps.
    static func detailLines(_ bookmark: Bookmark, catalog: Catalog) -> [(text: String, role: StyleRole)] {
        guard let entry = catalog[bookmark.catalogID] else {
            return [("Not in this catalog: \(bookmark.catalogID)", .error)] + memoLines(bookmark)
        }
        var lines: [(String, StyleRole)] = []
        var facts = "\(entry.brand) · pack \(DurationFormat.countdown(entry.time))"
        if let own = bookmark.ownTime { facts += " · your time \(DurationFormat.countdown(own))" }
        let packs = bookmark.packs == 1 ? "1 pack" : "\(bookmark.packs) packs"
        let water = entry.water.amount(forPacks: bookmark.packs)
        facts += " · \(packs): \(water.text)" + (water.isEstimate ? " (estimate)" : "")
        lines.append((facts, bookmark.ownTime != nil ? .ownTime : .text))
        if !entry.note.isEmpty { lines.append((entry.note, .muted)) }
        lines += memoLines(bookmark)
        for step in bookmark.steps(in: catalog) {
            lines.append(("[" + DurationFormat.countdown(step.offset) + "] " + step.text, .muted))
        }
        return lines
    }

    private static func memoLines(_ bookmark: Bookmark) -> [(text: String, role: StyleRole)] {
        bookmark.memoProse.map { ("Memo: " + $0, StyleRole.text) }
    }

    private static func drawPrompt(_ field: TextField, packTime: Duration?, in rect: Rect, glyphs: Glyphs, into grid: inout Grid) {
        var x = rect.x
        x += grid.write("Your time: ", x: x, y: rect.y, role: .title, limit: rect.maxX)
        x += TextFieldView.draw(field, x: x, y: rect.y, limit: rect.maxX, into: &grid)
        let pack = packTime.map(DurationFormat.countdown) ?? "?"
        let feedback: (String, StyleRole) =
            switch OwnTimeInput.read(field.text) {
            case .revert: ("empty = the pack's \(pack)", .muted)
            case .time(let duration): ("= \(DurationFormat.countdown(duration)) (pack \(pack))", .ownTime)
            case .invalid(let reason): (reason, .error)
            }
        grid.write("  " + TextWidth.truncate(feedback.0, to: max(0, rect.maxX - x - 2), ellipsis: glyphs.ellipsis), x: x, y: rect.y, role: feedback.1, limit: rect.maxX)
    }
}
