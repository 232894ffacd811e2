import NoodleCore

/// A rectangle of cells; layout splits the screen into these and views draw inside them.
public struct Rect: Sendable, Equatable {
    public var x, y, width, height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The area inside a one-cell frame.
    public var inner: Rect { Rect(x: x + 1, y: y + 1, width: width - 2, height: height - 2) }

    /// The top `rows` rows, and what is left below them.
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let r = min(max(0, rows), height)
        return (Rect(x: x, y: y, width: width, height: r), Rect(x: x, y: y + r, width: width, height: height - r))
    }

    /// The left `columns` columns, and what is left to their right.
    public func splitLeft(_ columns: Int) -> (left: Rect, rest: Rect) {
        let c = min(max(0, columns), width)
        return (Rect(x: x, y: y, width: c, height: height), Rect(x: x + c, y: y, width: width - c, height: height))
    }

    /// A rectangle of at most `width`×`height`, centred in this one.
    public func centered(width w: Int, height h: Int) -> Rect {
        let cw = min(w, width), ch = min(h, height)
        return Rect(x: x + (width - cw) / 2, y: y + (height - ch) / 2, width: cw, height: ch)
    }
}
