import Glibc

/// A fresh folder under /tmp for one test, removed (with everything in it) when the test ends.
@discardableResult
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    var template = Array("/tmp/noodle-store-test-XXXXXX".utf8CString)
    let folder = try template.withUnsafeMutableBufferPointer { buffer -> String in
        guard let made = mkdtemp(buffer.baseAddress!) else { throw FolderError(reason: String(cString: strerror(errno))) }
        return String(cString: made)
    }
    defer { removeTree(folder) }
    return try body(folder)
}

struct FolderError: Error {
    var reason: String
}

/// Deletes `path` and everything under it, making folders writable first.
func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
        chmod(path, 0o700)
        for name in folderEntries(path) { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}

/// The names in a folder, without "." and "..".
func folderEntries(_ path: String) -> [String] {
    guard let dir = opendir(path) else { return [] }
    defer { closedir(dir) }
    var names: [String] = []
    while let entry = readdir(dir) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
            String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
        }
        if name != ".", name != ".." { names.append(name) }
    }
    return names.sorted()
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { throw FolderError(reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    guard write(fd, bytes, bytes.count) == bytes.count else { throw FolderError(reason: String(cString: strerror(errno))) }
}

func readFile(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw FolderError(reason: String(cString: strerror(errno))) }
    defer { close(fd) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(fd, &chunk, chunk.count)
        guard count > 0 else { break }
        bytes += chunk[0 ..< count]
    }
    return bytes
}

func fileMode(_ path: String) -> mode_t? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
}
