import Foundation
import Testing

@Suite("End to end: a countdown full screen", .serialized)
struct ZoomEndToEndTests {
    @Test("f on a running countdown fills the screen with its big digits and finish time; Esc returns")
    func zoom() throws {
        let session = try TmuxSession()
        try session.waitFor("the dashboard") { $0.contains("ready") }
        try session.send("2", "n")
        try session.type("5m tea")
        try session.send("Enter")
        try session.waitFor("the countdown") { $0.contains("tea") && $0.contains("→") }
        try session.send("f")
        let screen = try session.waitFor("the zoomed countdown") { $0.contains("Esc back") }
        #expect(!screen.contains("Bookmarks"), "screen was:\n\(screen)")
        #expect(screen.contains("▶ tea"))
        #expect(screen.range(of: #"→ \d\d:\d\d"#, options: .regularExpression) != nil, "screen was:\n\(screen)")
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
        let digits = try #require(BigDigitsReader.digits(in: lines), "screen was:\n\(screen)")
        #expect(["4:59", "4:58", "5:00"].contains(digits.text), "read \(digits.text) from:\n\(screen)")
        // Taller than the panels' three-row digits: a third of the 30-row screen.
        #expect(lines.filter { $0.contains("█") }.count >= 8)
        try session.send("Escape")
        try session.waitFor("the dashboard again") { $0.contains("Bookmarks") && $0.contains("Timers") }
        try session.quitCleanly()
    }
}
