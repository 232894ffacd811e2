/// A small multi-line text editor for a bookmark's memo. The cursor counts grapheme clusters
/// (Swift `Character`s), so a wide syllable, an emoji or a letter with combining marks moves and
/// deletes as the one thing the user sees; a combining mark typed after a letter joins it.
///
/// Each edit touches only the characters around the cursor: the cursor also keeps its place in
/// UTF-8 bytes, and `count` is kept up to date, so a long paste never counts a line from its start.
public struct MemoEditor: Sendable, Equatable {
    public internal(set) var bookmarkID: Int
    public private(set) var lines: [String]
    public private(set) var cursorLine = 0
    /// In characters from the start of the line.
    public private(set) var cursorColumn = 0
    /// Characters in `text`, line breaks included.
    public private(set) var count: Int
    /// UTF-8 bytes in `text`.
    public private(set) var byteCount: Int
    /// Esc with unsaved changes asks first; this is the question being shown.
    public var isConfirmingDiscard = false
    /// The cursor in UTF-8 bytes from the start of its line, always on a character boundary.
    private var cursorOffset = 0
    private let original: String

    public init(bookmarkID: Int, text: String) {
        self.bookmarkID = bookmarkID
        original = text
        count = text.count
        byteCount = text.utf8.count
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        cursorLine = lines.count - 1
        moveToLineEnd()
    }

    public var text: String { lines.joined(separator: "\n") }
    public var isModified: Bool { text != original }

    /// Longer than any emoji sequence. A pile of combining marks past it is dropped, so that no
    /// edit ever walks through a character of unbounded length.
    static let longestCharacter = 64

    public mutating func insert(_ character: Character) {
        if character == "\n" || character == "\r\n" { return insertNewline() }
        let line = lines[cursorLine]
        let cursor = index(cursorOffset, in: line)
        if cursor > line.startIndex {
            let before = line[line.index(before: cursor) ..< cursor]
            if before.utf8.count + character.utf8.count > Self.longestCharacter, (before + String(character)).count == 1 { return }
        }
        replace(bytesBefore: 0, bytesAfter: 0, with: String(character))
    }

    public mutating func insertNewline() {
        let line = lines[cursorLine]
        let cursor = index(cursorOffset, in: line)
        lines[cursorLine] = String(line[..<cursor])
        lines.insert(String(line[cursor...]), at: cursorLine + 1)
        count += 1
        byteCount += 1
        cursorLine += 1
        cursorColumn = 0
        cursorOffset = 0
    }

    /// Deletes the character before the cursor, or joins the line to the one above.
    public mutating func deleteBackward() {
        if cursorColumn > 0 {
            let line = lines[cursorLine]
            let cursor = index(cursorOffset, in: line)
            replace(bytesBefore: line.utf8.distance(from: line.index(before: cursor), to: cursor), bytesAfter: 0, with: "")
        } else if cursorLine > 0 {
            cursorLine -= 1
            moveToLineEnd()
            joinNextLine()
        }
    }

    /// Deletes the character under the cursor, or joins the next line to this one.
    public mutating func deleteForward() {
        let line = lines[cursorLine]
        if cursorOffset < line.utf8.count {
            let cursor = index(cursorOffset, in: line)
            replace(bytesBefore: 0, bytesAfter: line.utf8.distance(from: cursor, to: line.index(after: cursor)), with: "")
        } else if cursorLine + 1 < lines.count {
            joinNextLine()
        }
    }

    public mutating func moveLeft() {
        if cursorColumn > 0 {
            let line = lines[cursorLine]
            cursorOffset = offset(of: line.index(before: index(cursorOffset, in: line)), in: line)
            cursorColumn -= 1
        } else if cursorLine > 0 {
            cursorLine -= 1
            moveToLineEnd()
        }
    }

    public mutating func moveRight() {
        let line = lines[cursorLine]
        if cursorOffset < line.utf8.count {
            cursorOffset = offset(of: line.index(after: index(cursorOffset, in: line)), in: line)
            cursorColumn += 1
        } else if cursorLine + 1 < lines.count {
            cursorLine += 1
            moveToLineStart()
        }
    }

    /// Up and down keep the column where the new line is long enough, else go to its end.
    public mutating func moveVertically(by offset: Int) {
        let target = min(max(0, cursorLine + offset), lines.count - 1)
        guard target != cursorLine else {
            if offset < 0 { moveToLineStart() } else { moveToLineEnd() }
            return
        }
        cursorLine = target
        let line = lines[cursorLine]
        if let cursor = line.index(line.startIndex, offsetBy: cursorColumn, limitedBy: line.endIndex) {
            cursorOffset = self.offset(of: cursor, in: line)
        } else {
            moveToLineEnd()
        }
    }

    public mutating func moveToLineStart() {
        cursorColumn = 0
        cursorOffset = 0
    }

    public mutating func moveToLineEnd() {
        cursorColumn = lines[cursorLine].count
        cursorOffset = lines[cursorLine].utf8.count
    }

    // MARK: Edits around the cursor

    /// Replaces the bytes just before and after the cursor (whole characters) with `replacement`,
    /// leaving the cursor after it. A character can join its neighbours (a combining mark joins
    /// the letter before it; two flag letters make one flag), so the characters on either side
    /// are counted again, and the cursor moves to the end of the character it ends up inside.
    private mutating func replace(bytesBefore: Int, bytesAfter: Int, with replacement: String) {
        let line = lines[cursorLine]
        let cursor = index(cursorOffset, in: line)
        let start = line.utf8.index(cursor, offsetBy: -bytesBefore)
        let end = line.utf8.index(cursor, offsetBy: bytesAfter)
        let windowStart = start > line.startIndex ? line.index(before: start) : start
        let windowEnd = end < line.endIndex ? line.index(after: end) : end
        let columnAtWindowStart = cursorColumn - line[windowStart ..< cursor].count
        let countBefore = line[windowStart ..< windowEnd].count
        let windowStartOffset = offset(of: windowStart, in: line)
        let target = offset(of: start, in: line) + replacement.utf8.count
        let windowEndOffset = offset(of: windowEnd, in: line) - bytesBefore - bytesAfter + replacement.utf8.count

        lines[cursorLine].replaceSubrange(start ..< end, with: replacement)
        let edited = lines[cursorLine]
        count += edited[index(windowStartOffset, in: edited) ..< index(windowEndOffset, in: edited)].count - countBefore
        byteCount += replacement.utf8.count - bytesBefore - bytesAfter
        settleCursor(from: windowStartOffset, column: columnAtWindowStart, toward: target)
    }

    /// Appends the next line to the cursor's, where the cursor already is at the end.
    private mutating func joinNextLine() {
        let line = lines[cursorLine]
        let next = lines.remove(at: cursorLine + 1)
        let last = line.last.map(String.init) ?? ""
        let first = next.first.map(String.init) ?? ""
        // The line break goes, and the characters on either side of it may join.
        count += (last + first).count - last.count - first.count - 1
        byteCount -= 1
        lines[cursorLine] += next
        let lastStart = cursorOffset - last.utf8.count
        settleCursor(from: lastStart, column: cursorColumn - (last.isEmpty ? 0 : 1), toward: cursorOffset)
    }

    /// Puts the cursor on the first character boundary at or after `target`, walking from a
    /// boundary at `offset` whose column is known.
    private mutating func settleCursor(from offset: Int, column: Int, toward target: Int) {
        let line = lines[cursorLine]
        var cursor = index(offset, in: line)
        var column = column
        let goal = index(target, in: line)
        while cursor < goal {
            cursor = line.index(after: cursor)
            column += 1
        }
        cursorColumn = column
        cursorOffset = self.offset(of: cursor, in: line)
    }

    /// Native strings find a UTF-8 offset without walking, so these cost nothing per key.
    private func index(_ offset: Int, in line: String) -> String.Index {
        line.utf8.index(line.utf8.startIndex, offsetBy: offset)
    }

    private func offset(of index: String.Index, in line: String) -> Int {
        line.utf8.distance(from: line.utf8.startIndex, to: index)
    }
}
