/// A small multi-line text editor for a bookmark's memo. The cursor counts grapheme clusters
/// (Swift `Character`s), so a wide syllable, an emoji or a letter with combining marks moves and
/// deletes as the one thing the user sees; a combining mark typed after a letter joins it.
public struct MemoEditor: Sendable, Equatable {
    public internal(set) var bookmarkID: Int
    public private(set) var lines: [String]
    public private(set) var cursorLine = 0
    /// In characters from the start of the line.
    public private(set) var cursorColumn = 0
    /// Esc with unsaved changes asks first; this is the question being shown.
    public var isConfirmingDiscard = false
    private let original: String

    public init(bookmarkID: Int, text: String) {
        self.bookmarkID = bookmarkID
        original = text
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        cursorLine = lines.count - 1
        cursorColumn = lines[cursorLine].count
    }

    public var text: String { lines.joined(separator: "\n") }
    public var isModified: Bool { text != original }

    public mutating func insert(_ character: Character) {
        if character == "\n" || character == "\r\n" { return insertNewline() }
        let line = lines[cursorLine]
        let before = String(line.prefix(cursorColumn)) + String(character)
        lines[cursorLine] = before + line.dropFirst(cursorColumn)
        // Counted after joining: a combining mark adds to the character before it, not a new one.
        cursorColumn = before.count
    }

    public mutating func insertNewline() {
        let line = lines[cursorLine]
        lines[cursorLine] = String(line.prefix(cursorColumn))
        lines.insert(String(line.dropFirst(cursorColumn)), at: cursorLine + 1)
        cursorLine += 1
        cursorColumn = 0
    }

    /// Deletes the character before the cursor, or joins the line to the one above.
    public mutating func deleteBackward() {
        if cursorColumn > 0 {
            let line = lines[cursorLine]
            lines[cursorLine] = String(line.prefix(cursorColumn - 1)) + line.dropFirst(cursorColumn)
            cursorColumn -= 1
        } else if cursorLine > 0 {
            let line = lines.remove(at: cursorLine)
            cursorLine -= 1
            cursorColumn = lines[cursorLine].count
            lines[cursorLine] += line
        }
    }

    /// Deletes the character under the cursor, or joins the next line to this one.
    public mutating func deleteForward() {
        let line = lines[cursorLine]
        if cursorColumn < line.count {
            lines[cursorLine] = String(line.prefix(cursorColumn)) + line.dropFirst(cursorColumn + 1)
        } else if cursorLine + 1 < lines.count {
            lines[cursorLine] += lines.remove(at: cursorLine + 1)
        }
    }

    public mutating func moveLeft() {
        if cursorColumn > 0 {
            cursorColumn -= 1
        } else if cursorLine > 0 {
            cursorLine -= 1
            cursorColumn = lines[cursorLine].count
        }
    }

    public mutating func moveRight() {
        if cursorColumn < lines[cursorLine].count {
            cursorColumn += 1
        } else if cursorLine + 1 < lines.count {
            cursorLine += 1
            cursorColumn = 0
        }
    }

    /// Up and down keep the column where the new line is long enough, else go to its end.
    public mutating func moveVertically(by offset: Int) {
        let target = min(max(0, cursorLine + offset), lines.count - 1)
        guard target != cursorLine else {
            cursorColumn = offset < 0 ? 0 : lines[cursorLine].count
            return
        }
        cursorLine = target
        cursorColumn = min(cursorColumn, lines[cursorLine].count)
    }

    public mutating func moveToLineStart() { cursorColumn = 0 }
    public mutating func moveToLineEnd() { cursorColumn = lines[cursorLine].count }
}
