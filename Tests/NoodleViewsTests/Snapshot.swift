import Foundation
import Testing
import NoodleViews

/// Compares a grid with the text snapshot stored beside the tests.
/// `NOODLE_RECORD=1 swift test` writes missing or changed snapshots instead of failing; review them in git.
/// With `roles`, the snapshot also holds a second block, one letter a cell (see `roleLetters`),
/// so a change of style fails the test as a change of text does.
func assertSnapshot(_ grid: Grid, named name: String, roles: Bool = false, sourceLocation: SourceLocation = #_sourceLocation, filePath: String = #filePath) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent(name + ".txt")
    // A trailing `|` shows where each row ends, so the snapshot keeps the exact width.
    var actual = grid.lines.map { $0 + "|" }.joined(separator: "\n") + "\n"
    if roles { actual += "-- roles --\n" + roleMap(grid).joined(separator: "\n") + "\n" }
    let recording = ProcessInfo.processInfo.environment["NOODLE_RECORD"] == "1"
    guard let expected = try? String(contentsOf: file, encoding: .utf8), !recording || expected == actual else {
        if recording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? actual.write(to: file, atomically: true, encoding: .utf8)
        } else {
            Issue.record("missing snapshot \(name).txt; run NOODLE_RECORD=1 swift test and review it", sourceLocation: sourceLocation)
        }
        return
    }
    if expected != actual {
        let expectedRows = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let actualRows = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var report: [String] = []
        for (row, pair) in zip(expectedRows, actualRows).enumerated() where pair.0 != pair.1 && report.count < 5 {
            report.append("row \(row):\n  expected \(pair.0)\n  actual   \(pair.1)")
        }
        Issue.record("snapshot \(name) differs:\n\(report.joined(separator: "\n"))", sourceLocation: sourceLocation)
    }
}

/// One letter a role, for the role block of a snapshot; a wide glyph's second cell repeats its role.
let roleLetters: [StyleRole: Character] = [
    .text: ".", .muted: "m", .title: "T", .border: "b", .focusedBorder: "B", .selection: "S",
    .stopwatchDigits: "D", .bestLap: "+", .worstLap: "-", .running: "r", .paused: "p", .ringing: "!",
    .missed: "x", .progress: "%", .ownTime: "o", .hintKey: "K", .hintText: "k", .header: "h", .error: "E",
]

/// The grid's roles, a row of letters for each row of cells.
func roleMap(_ grid: Grid) -> [String] {
    (0 ..< grid.height).map { y in String(grid.row(y).map { roleLetters[$0.role]! }) }
}
