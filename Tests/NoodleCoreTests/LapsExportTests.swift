import Testing
@testable import NoodleCore

@Suite("Laps export")
struct LapsExportTests {
    @Test("no laps is the header row alone")
    func empty() {
        #expect(LapsExport.csv(Laps()) == "lap,lap_time,total,diff\n")
        #expect(LapsExport.rows(Laps()).isEmpty)
    }

    @Test("one row per lap, oldest first: lap time, total and the signed difference; the first diff empty")
    func rows() {
        let laps = Laps(totals: [.milliseconds(10_000), .milliseconds(22_500), .milliseconds(30_000), .milliseconds(37_510)])
        #expect(LapsExport.csv(laps) == """
        lap,lap_time,total,diff
        1,00:10.00,00:10.00,
        2,00:12.50,00:22.50,+00:02.50
        3,00:07.50,00:30.00,-00:05.00
        4,00:07.51,00:37.51,+00:00.01

        """)
    }

    @Test("times truncate to the centisecond and read h:mm:ss.cc from an hour")
    func longTimes() {
        let laps = Laps(totals: [.nanoseconds(59_999_999_999), .seconds(3_725) + .milliseconds(450)])
        let rows = LapsExport.rows(laps)
        #expect(rows[0] == ["1", "00:59.99", "00:59.99", ""])
        #expect(rows[1] == ["2", "1:01:05.45", "1:02:05.45", "+1:00:05.45"])
    }

    @Test("every line has four fields and no field needs quoting")
    func shape() {
        let laps = Laps(totals: (1 ... 50).map { .milliseconds($0 * 1_234) })
        let lines = LapsExport.csv(laps).split(separator: "\n")
        #expect(lines.count == 51)
        #expect(lines.allSatisfy { $0.split(separator: ",", omittingEmptySubsequences: false).count == 4 })
        #expect(!LapsExport.csv(laps).contains("\""))
    }
}
