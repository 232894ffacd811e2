import Foundation
import Testing
import NoodleViews

/// Compares a grid with the text snapshot stored beside the tests.
/// `NOODLE_RECORD=1 swift test` writes missing or changed snapshots instead of failing; review them in git.
func assertSnapshot(_ grid: Grid, named name: String, sourceLocation: SourceLocation = #_sourceLocation, filePath: String = #filePath) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = directory.appendingPathComponent(name + ".txt")
    // A trailing `|` shows where each row ends, so the snapshot keeps the exact width.
    let actual = grid.lines.map { $0 + "|" }.joined(separator: "\n") + "\n"
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
