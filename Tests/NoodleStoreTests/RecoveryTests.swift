import Glibc
import NoodleCore
@testable import NoodleStore
import Testing

@Suite("Store: a file that is not a database is kept aside and a fresh one started")
struct RecoveryTests {
    @Test("garbage bytes named noodle.sqlite: kept byte for byte, named in the note, and the store starts empty")
    func garbage() throws {
        try withTemporaryFolder { folder in
            let garbage = (0 ..< 5000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            try writeFile(folder + "/noodle.sqlite", garbage)
            try writeFile(folder + "/noodle.sqlite-wal", Array("not a log either".utf8))

            let store = try Store(directory: folder)
            let kept = try #require(folderEntries(folder).first { $0.hasPrefix("noodle.sqlite.corrupt-") && !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") })
            #expect(kept.wholeMatch(of: /noodle\.sqlite\.corrupt-\d{8}T\d{6}Z/) != nil)
            #expect(try readFile(folder + "/" + kept) == garbage)
            #expect(try readFile(folder + "/" + kept + "-wal") == Array("not a log either".utf8))
            #expect(store.recoveryNote == "unreadable database kept as \(kept) (file is not a database); a fresh \(folder)/noodle.sqlite was started beside it")
            #expect(try store.load() == SavedState())
            try store.seed(fullState())
            #expect(try store.integrityCheck() == "ok")

            let reopened = try Store(directory: folder)
            #expect(reopened.recoveryNote == nil)
            #expect(try reopened.load() == fullState())
        }
    }

    @Test("a file with SQLite's header but damaged pages is found by SQLite and kept aside too")
    func damaged() throws {
        try withTemporaryFolder { folder in
            let damaged = Array("SQLite format 3\0".utf8) + Array(repeating: 0xA5, count: 8176)
            try writeFile(folder + "/noodle.sqlite", damaged)
            let store = try Store(directory: folder)
            let note = try #require(store.recoveryNote)
            let kept = try #require(folderEntries(folder).first { $0.hasPrefix("noodle.sqlite.corrupt-") })
            #expect(note.hasPrefix("unreadable database kept as \(kept) ("))
            #expect(note.hasSuffix("; a fresh \(folder)/noodle.sqlite was started beside it"))
            #expect(try readFile(folder + "/" + kept) == damaged)
            #expect(try store.load() == SavedState())
        }
    }

    @Test("a second recovery in the same second does not overwrite the first kept file")
    func twoInOneSecond() throws {
        try withTemporaryFolder { folder in
            try writeFile(folder + "/noodle.sqlite", Array(repeating: 1, count: 4096))
            let first = try UnreadableFile.setAside(folder + "/noodle.sqlite", now: 1_795_342_500)
            try writeFile(folder + "/noodle.sqlite", Array(repeating: 2, count: 4096))
            let second = try UnreadableFile.setAside(folder + "/noodle.sqlite", now: 1_795_342_500)
            #expect(first == folder + "/noodle.sqlite.corrupt-20261122T101500Z")
            #expect(second == folder + "/noodle.sqlite.corrupt-20261122T101500Z-2")
            #expect(try readFile(first) == Array(repeating: 1, count: 4096))
            #expect(try readFile(second) == Array(repeating: 2, count: 4096))
        }
    }

    @Test("the timestamp is UTC in ISO 8601 basic form")
    func stamp() {
        #expect(UnreadableFile.utcStamp(0) == "19700101T000000Z")
        #expect(UnreadableFile.utcStamp(1_795_342_500) == "20261122T101500Z")
    }
}
