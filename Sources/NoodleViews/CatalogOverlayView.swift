import NoodleCore

/// The catalog as a framed overlay: the search field, then one row a matching product with its
/// time and water, bookmarked ones ticked.
enum CatalogOverlayView {
    static func draw(_ picker: CatalogPicker, _ state: AppState, in screen: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let matches = picker.matches(in: state.catalog)
        let box = screen.centered(width: min(screen.width, 76), height: min(screen.height, max(8, state.catalog.entries.count + 4)))
        guard box.width >= 12, box.height >= 4 else { return }
        grid.fill(box, role: .text)
        PanelFrame.draw("Ramen catalog", in: box, focused: true, glyphs: glyphs, into: &grid)
        let inner = box.inner
        var x = inner.x + 1
        x += grid.write("Search: ", x: x, y: inner.y, role: .title, limit: inner.maxX)
        x += TextFieldView.draw(picker.field, x: x, y: inner.y, limit: inner.maxX, into: &grid)
        let count = "\(matches.count) of \(state.catalog.entries.count)"
        if inner.maxX - x > count.count + 3 {
            grid.write(count, x: inner.maxX - count.count - 1, y: inner.y, role: .muted, limit: inner.maxX)
        }
        let list = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1)
        guard !matches.isEmpty else {
            if list.height > 0 {
                grid.writeCentred("Nothing matches \u{201C}\(picker.query)\u{201D}", in: list, row: list.y + (list.height - 1) / 2, role: .muted, ellipsis: glyphs.ellipsis)
            }
            return
        }
        let selected = min(picker.row, matches.count - 1)
        let first = max(0, min(selected - list.height + 1, matches.count - list.height))
        ScrollMarks.draw(above: first, below: max(0, matches.count - first - list.height), topLine: box.y, bottomLine: box.maxY - 1,
                         right: box.maxX - 1, glyphs: glyphs, into: &grid)
        for line in 0 ..< min(list.height, matches.count - first) {
            let entry = state.catalog.entries[matches[first + line]]
            let row = Rect(x: list.x, y: list.y + line, width: list.width, height: 1)
            drawRow(entry, bookmarked: state.bookmarks.contains(catalogID: entry.id), in: row, glyphs: glyphs, into: &grid)
            if first + line == selected {
                grid.write(">", x: row.x, y: row.y, role: .selection, limit: row.maxX)
                grid.restyle(row, role: .selection)
            }
        }
    }

    private static func drawRow(_ entry: CatalogEntry, bookmarked: Bool, in row: Rect, glyphs: Glyphs, into grid: inout Grid) {
        let water = TextWidth.truncate(entry.water.summary, to: 14, ellipsis: glyphs.ellipsis)
        let tail = " " + TextWidth.padLeft(DurationFormat.countdown(entry.time), to: 5) + "  " + TextWidth.pad(water, to: 14) + " "
        let nameWidth = row.width - 3 - TextWidth.columns(of: tail)
        var x = row.x + 1
        x += grid.write(bookmarked ? (glyphs.isASCII ? "* " : "✓ ") : "  ", x: x, y: row.y, role: .running, limit: row.maxX)
        let brand = nameWidth >= 40 ? "  " + entry.brand : ""
        let name = entry.name + " " + entry.koreanName
        let nameText = TextWidth.columns(of: name + brand) <= nameWidth ? name : TextWidth.truncate(name, to: nameWidth, ellipsis: glyphs.ellipsis)
        x += grid.write(nameText, x: x, y: row.y, role: .text, limit: row.maxX)
        if nameText == name && !brand.isEmpty { grid.write(brand, x: x, y: row.y, role: .muted, limit: row.maxX) }
        grid.write(tail, x: row.maxX - TextWidth.columns(of: tail), y: row.y, role: .muted, limit: row.maxX)
    }
}
