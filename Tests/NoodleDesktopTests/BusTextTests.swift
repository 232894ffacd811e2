import NoodleTestSupport
import Testing
@testable import NoodleDesktop

@Suite("Text made safe for libdbus")
struct BusTextTests {
    @Test("control characters go, newlines stay only where asked for, and other scripts are kept")
    func controls() {
        #expect(BusText.clean("a\u{0}b\u{1B}c\u{7F}d\u{85}e\tf\ng") == "abcdefg")
        #expect(BusText.clean("one\ntwo\r", keepingNewlines: true) == "one\ntwo")
        #expect(BusText.clean("라면 🍜 é") == "라면 🍜 é")
    }

    @Test("noncharacters go, since older libdbus refused them as invalid UTF-8")
    func noncharacters() {
        #expect(BusText.clean("a" + scalars(0xFDD0) + "b" + scalars(0xFFFE) + "c" + scalars(0xFFFF, 0x10FFFF) + "d" + scalars(0x1FFFE)) == "abcd")
    }

    @Test("a critical notification never expires by itself unless told to")
    func expiry() {
        #expect(DesktopNotifications.Notification(summary: "s", urgency: .critical).expireTimeout == 0)
        #expect(DesktopNotifications.Notification(summary: "s").expireTimeout == -1)
        #expect(DesktopNotifications.Notification(summary: "s", urgency: .critical, expireTimeout: 5000).expireTimeout == 5000)
    }
}

/// Text with scalars Swift's string literals refuse, such as the noncharacters.
func scalars(_ values: UInt32...) -> String {
    String(String.UnicodeScalarView(values.compactMap(Unicode.Scalar.init)))
}
