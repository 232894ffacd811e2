import Glibc
@testable import NoodleStore
import Testing

@Suite("Store: the folder it lives in")
struct FolderTests {
    @Test("missing folders are made, the store's own private (0700); an existing folder keeps its mode")
    func creation() throws {
        try withTemporaryFolder { folder in
            let directory = folder + "/a/b/noodle"
            let store = try Store(directory: directory)
            #expect(store.directory == directory)
            #expect(store.path == directory + "/noodle.sqlite")
            #expect(fileMode(directory) == 0o700)
            #expect(fileMode(directory + "/noodle.sqlite") != nil)

            let shared = folder + "/shared"
            #expect(mkdir(shared, 0o755) == 0)
            #expect(chmod(shared, 0o755) == 0)
            _ = try Store(directory: shared + "/")
            #expect(fileMode(shared) == 0o755)
        }
    }

    /// Whether chmod 0500 stops this process writing (it does not for root, which bypasses modes).
    static func permissionsApply() -> Bool {
        (try? withTemporaryFolder { folder in
            chmod(folder, 0o500)
            return access(folder, W_OK) != 0
        }) ?? false
    }

    @Test("a folder noodle may not write to is .folderNotWritable", .enabled(if: permissionsApply(), "running as root: folder modes do not apply"))
    func unwritable() throws {
        try withTemporaryFolder { folder in
            #expect(chmod(folder, 0o500) == 0)
            #expect(throws: StoreError.folderNotWritable(path: folder, reason: "Permission denied")) { try Store(directory: folder) }
            #expect(throws: StoreError.folderNotWritable(path: folder + "/noodle", reason: "Permission denied")) {
                try Store(directory: folder + "/noodle")
            }
        }
    }

    @Test("a file where the folder should be is .folderNotWritable")
    func fileInTheWay() throws {
        try withTemporaryFolder { folder in
            try writeFile(folder + "/noodle", [1])
            #expect(throws: StoreError.folderNotWritable(path: folder + "/noodle", reason: "Not a directory")) {
                try Store(directory: folder + "/noodle")
            }
        }
    }

    @Test("the location is XDG_DATA_HOME/noodle when absolute, else HOME/.local/share/noodle")
    func location() {
        #expect(StoreLocation.directory(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"]) == "/data/noodle")
        #expect(StoreLocation.directory(environment: ["XDG_DATA_HOME": "/data/", "HOME": "/home/u"]) == "/data/noodle")
        #expect(StoreLocation.directory(environment: ["XDG_DATA_HOME": "data", "HOME": "/home/u"]) == "/home/u/.local/share/noodle")
        #expect(StoreLocation.directory(environment: ["XDG_DATA_HOME": "", "HOME": "/home/u"]) == "/home/u/.local/share/noodle")
        #expect(StoreLocation.directory(environment: ["HOME": "/home/u/"]) == "/home/u/.local/share/noodle")
        #expect(StoreLocation.directory(environment: [:]).hasPrefix("/"))
    }
}
