import ArgumentParser
import NoodleCore

/// `noodle laps`: the stopwatch's laps, for a spreadsheet or a look.
struct LapsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "laps",
        abstract: "Print the stopwatch's laps, oldest first, as a table or as CSV.",
        discussion: """
        Columns: lap (its number), lap_time (its length), total (the stopwatch at the lap press) \
        and diff (how much longer or shorter than the lap before; empty for the first). Times \
        read mm:ss.cc, or h:mm:ss.cc from an hour. With no laps, only the header is printed.
        """
    )

    @Flag(help: "Print CSV with a header row: lap,lap_time,total,diff.")
    var csv = false

    @OptionGroup var data: DataDirectoryOption

    mutating func run() throws {
        let (saved, _) = try SavedStateReader.read(directory: data.directory)
        let laps = Laps(totals: saved.laps.map { .nanoseconds($0) })
        Output.standardOutput(csv ? LapsExport.csv(laps) : Self.table(laps))
    }

    /// The same rows as the CSV in aligned columns: numbers and times right-aligned, so the
    /// digits line up.
    static func table(_ laps: Laps) -> String {
        TextTable.render([LapsExport.header] + LapsExport.rows(laps), rightAligned: [true, true, true, true])
    }
}

/// Columns padded to their widest cell, counted in terminal columns (Hangul takes two), with two
/// spaces between them and none after the last.
enum TextTable {
    static func render(_ rows: [[String]], rightAligned: [Bool], columns: (String) -> Int = { $0.count }) -> String {
        let count = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], columns(cell)) }
        }
        var text = ""
        for row in rows {
            var line = ""
            for (index, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[index] - columns(cell))
                let last = index == row.count - 1
                if index > 0 { line += "  " }
                if index < rightAligned.count, rightAligned[index] {
                    line += padding + cell
                } else {
                    line += last ? cell : cell + padding
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            text += line + "\n"
        }
        return text
    }
}
