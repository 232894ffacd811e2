import NoodleCore

/// One screen position: a glyph, the role it is drawn in, and whether it is the right half of a wide glyph.
public struct Cell: Sendable, Equatable {
    public var scalar: Unicode.Scalar
    public var role: StyleRole
    /// True for the second column of a two-column glyph; the terminal draws nothing there itself.
    public var isContinuation: Bool

    public init(_ scalar: Unicode.Scalar = " ", role: StyleRole = .text, isContinuation: Bool = false) {
        self.scalar = scalar
        self.role = role
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
}

/// A whole frame in memory. Views draw into it; the terminal presents it; tests compare it as text.
public struct Grid: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Set when the terminal cannot show UTF-8: anything outside ASCII is drawn as `?`.
    public let isASCII: Bool
    public private(set) var cells: [Cell]
    /// Combining marks that ride on the cell at an index, drawn together with its glyph.
    public private(set) var marks: [Int: [Unicode.Scalar]] = [:]

    public init(size: Size, isASCII: Bool = false) {
        width = size.width
        height = size.height
        self.isASCII = isASCII
        cells = Array(repeating: .blank, count: size.width * size.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell { cells[y * width + x] }

    /// The cells of row `y`, for presenting one row at a time.
    public func row(_ y: Int) -> ArraySlice<Cell> { cells[y * width ..< (y + 1) * width] }

    public var hasMarks: Bool { !marks.isEmpty }

    public func marks(atX x: Int, y: Int) -> [Unicode.Scalar]? { marks[y * width + x] }

    /// Row `y` as the text a terminal would show, trailing spaces kept.
    public func text(row y: Int) -> String {
        var out = String.UnicodeScalarView()
        for x in 0 ..< width {
            let index = y * width + x
            if cells[index].isContinuation { continue }
            out.append(cells[index].scalar)
            marks[index].map { out.append(contentsOf: $0) }
        }
        return String(out)
    }

    /// Every row as text, trailing spaces trimmed: the form snapshot tests compare.
    public var lines: [String] {
        (0 ..< height).map { y in
            var line = text(row: y)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Writes `text` centred on `row` within `rect`, cut with `ellipsis` when it does not fit.
    public mutating func writeCentred(_ text: String, in rect: Rect, row: Int, role: StyleRole, ellipsis: Unicode.Scalar) {
        let fitted = TextWidth.truncate(text, to: rect.width, ellipsis: ellipsis)
        write(fitted, x: rect.x + (rect.width - TextWidth.columns(of: fitted)) / 2, y: row, role: role, limit: rect.maxX)
    }

    /// Fills `rect` with one narrow glyph, clearing wide glyphs cut at its edges.
    public mutating func fill(_ rect: Rect, role: StyleRole, with scalar: Unicode.Scalar = " ") {
        let clipped = clip(rect)
        guard !clipped.isEmpty else { return }
        let cell = Cell(scalar, role: role)
        for y in clipped.y ..< clipped.maxY {
            // The edge cells go through `set` so a wide glyph straddling the edge is cleared whole.
            set(clipped.x, y, cell)
            if clipped.width > 1 { set(clipped.maxX - 1, y, cell) }
            let start = y * width + clipped.x + 1, end = y * width + clipped.maxX - 1
            if start < end {
                cells.withUnsafeMutableBufferPointer { buffer in
                    for index in start ..< end { buffer[index] = cell }
                }
                if !marks.isEmpty { for index in start ..< end { marks[index] = nil } }
            }
        }
    }

    /// Changes the role of cells already drawn, keeping their glyphs: how a selected row is highlighted.
    public mutating func restyle(_ rect: Rect, role: StyleRole) {
        let clipped = clip(rect)
        for y in clipped.y ..< clipped.maxY {
            for x in clipped.x ..< clipped.maxX { cells[y * width + x].role = role }
        }
    }

    /// Writes `text` from (x, y) without passing `limit` (exclusive, defaults to the grid edge).
    /// Returns the columns used. Controls are drawn visibly (`^[`), format controls are dropped,
    /// and a wide glyph that would cross the limit becomes a space instead of half a glyph.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, role: StyleRole, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let end = min(limit ?? width, width)
        var column = x
        for scalar in text.unicodeScalars {
            if TextWidth.drawing(of: scalar) == .combining {
                // A mark belongs to the glyph this call drew before it, even one that ends at the limit;
                // with none, it would land on whatever another view drew there.
                if column > x { put(scalar, x: column, y: y, role: role, end: end + 1) }
                continue
            }
            if column >= end { break }
            column = put(scalar, x: column, y: y, role: role, end: end)
        }
        return column - x
    }

    @discardableResult
    private mutating func put(_ scalar: Unicode.Scalar, x: Int, y: Int, role: StyleRole, end: Int) -> Int {
        let columns: Int
        switch TextWidth.drawing(of: scalar) {
        case .glyph(let width):
            if isASCII && scalar.value > 0x7e {
                // As wide as it was measured, so the columns after it stay where the layout put them.
                let column = put("?", x: x, y: y, role: role, end: end)
                return width == 2 && column < end ? put(" ", x: column, y: y, role: role, end: end) : column
            }
            columns = width
        case .control:
            let value = scalar.value
            let caret = Unicode.Scalar(value == 0x7f ? 0x3f : value + 0x40)!
            var column = put("^", x: x, y: y, role: role, end: end)
            if column < end { column = put(caret, x: column, y: y, role: role, end: end) }
            return column
        case .replaced:
            return put(isASCII ? "?" : "\u{FFFD}", x: x, y: y, role: role, end: end)
        case .combining:
            if !isASCII, x > 0, x <= width {
                var lead = y * width + x - 1
                if cells[lead].isContinuation, x > 1 { lead -= 1 }
                marks[lead, default: []].append(scalar)
            }
            return x
        case .dropped:
            return x
        }
        guard x >= 0 else { return x + columns }
        if x + columns > end {
            fill(Rect(x: x, y: y, width: end - x, height: 1), role: role)
            return end
        }
        set(x, y, Cell(scalar, role: role))
        if columns == 2 { set(x + 1, y, Cell(" ", role: role, isContinuation: true)) }
        return x + columns
    }

    /// Places one cell, first clearing any wide glyph it would cut in half.
    private mutating func set(_ x: Int, _ y: Int, _ cell: Cell) {
        let index = y * width + x
        let old = cells[index]
        if old.isContinuation, x > 0, !cell.isContinuation {
            cells[index - 1] = Cell(" ", role: cells[index - 1].role)
            if !marks.isEmpty { marks[index - 1] = nil }
        }
        if !old.isContinuation, x + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1] = Cell(" ", role: cells[index + 1].role)
        }
        cells[index] = cell
        if !marks.isEmpty, marks[index] != nil { marks[index] = nil }
    }

    /// Takes row `y`, with its marks, from a grid of the same size: how the terminal keeps its
    /// record of the screen up to date in place instead of holding (and so copying) each frame.
    public mutating func copyRow(_ y: Int, from other: Grid) {
        precondition(other.width == width && other.height == height, "rows copy between grids of one size")
        let range = y * width ..< (y + 1) * width
        cells.replaceSubrange(range, with: other.cells[range])
        guard hasMarks || other.hasMarks else { return }
        for index in range {
            if marks[index] != other.marks[index] { marks[index] = other.marks[index] }
        }
    }

    private func clip(_ rect: Rect) -> Rect {
        let x0 = max(0, rect.x), y0 = max(0, rect.y)
        let x1 = min(width, rect.maxX), y1 = min(height, rect.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
