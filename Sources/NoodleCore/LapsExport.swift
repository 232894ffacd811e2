/// The laps as a table: one row per lap, oldest first, with the columns `lap`, `lap_time`,
/// `total` and `diff` (how much longer or shorter than the lap before; empty for the first).
/// Times read as the stopwatch shows them, `mm:ss.cc` or `h:mm:ss.cc` from an hour.
public enum LapsExport {
    public static let header = ["lap", "lap_time", "total", "diff"]

    /// One row of four fields per lap, without the header.
    public static func rows(_ laps: Laps) -> [[String]] {
        (0 ..< laps.count).map { index in
            [
                "\(index + 1)",
                DurationFormat.stopwatch(laps.time(of: index)),
                DurationFormat.stopwatch(laps.totals[index]),
                laps.delta(of: index).map { DurationFormat.signedDelta($0) } ?? "",
            ]
        }
    }

    /// The header row and one row per lap, each line ending in a newline. No field can hold a
    /// comma, a quote or a line break, so none is quoted.
    public static func csv(_ laps: Laps) -> String {
        ([header] + rows(laps)).map { $0.joined(separator: ",") + "\n" }.joined()
    }
}
