import Glibc
import NoodleCore
import Testing
@testable import noodle

/// The shell reads the zone's rules from libc; these are Berlin's, as the TZ database has them.
@Suite("System zone rules", .serialized)
struct SystemZoneTests {
    @Test("TZ=Europe/Berlin: CET at 01:00 on 2026-03-29, CEST from 01:00 UTC to the end of the two days")
    func berlin() {
        let saved = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", "Europe/Berlin", 1)
        defer {
            if let saved { setenv("TZ", saved, 1) } else { unsetenv("TZ") }
            tzset()
        }
        let zone = LocalZone.current(at: 1_774_742_400)
        #expect(zone.offsetSeconds == 3600)
        #expect(zone.transitions == [LocalZone.Transition(at: 1_774_746_000, offsetSeconds: 7200)])
        #expect(zone.clockTime(ofWallSeconds: 1_774_746_000) == "03:00")
        let autumn = LocalZone.current(at: 1_792_882_800)
        #expect(autumn.transitions == [LocalZone.Transition(at: 1_792_890_000, offsetSeconds: 3600)])
    }
}
