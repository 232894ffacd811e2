import Glibc

/// The repository's `themes/` folder, found from this file's own path so tests run from anywhere.
let shippedThemesFolder: String = {
    var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/NoodleThemeTests/TestFiles.swift
    return parts.joined(separator: "/") + "/themes"
}()

/// A fresh folder under /tmp for one test, removed with everything in it when the test ends.
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    var template = Array("/tmp/noodle-theme-test-XXXXXX".utf8CString)
    let folder = try template.withUnsafeMutableBufferPointer { buffer -> String in
        guard let made = mkdtemp(buffer.baseAddress!) else { throw TestFileError(reason: systemError()) }
        return String(cString: made)
    }
    defer { removeTree(folder) }
    return try body(folder)
}

struct TestFileError: Error {
    var reason: String
}

/// Makes the folder and any missing parents.
func makeFolders(_ path: String) throws {
    var built = ""
    for part in path.split(separator: "/") {
        built += "/" + part
        if mkdir(built, 0o700) != 0, errno != EEXIST { throw TestFileError(reason: "\(built): \(systemError())") }
    }
}

func writeText(_ text: String, to path: String) throws {
    try writeBytes(Array(text.utf8), to: path)
}

/// Writes `bytes` to `path`, making its folder first.
func writeBytes(_ bytes: [UInt8], to path: String) throws {
    let folder = String(path[..<path.lastIndex(of: "/")!])
    try makeFolders(folder)
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw TestFileError(reason: "\(path): \(systemError())") }
    defer { close(descriptor) }
    guard write(descriptor, bytes, bytes.count) == bytes.count else { throw TestFileError(reason: systemError()) }
}

func readText(_ path: String) throws -> String {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw TestFileError(reason: "\(path): \(systemError())") }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let count = read(descriptor, &chunk, chunk.count)
        guard count > 0 else { break }
        bytes += chunk[0 ..< count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// The names in a folder, without "." and "..", sorted.
func folderEntries(_ path: String) -> [String] {
    guard let directory = opendir(path) else { return [] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != ".", name != ".." { names.append(name) }
    }
    return names.sorted()
}

private func removeTree(_ path: String) {
    var info = stat()
    guard lstat(path, &info) == 0 else { return }
    if info.st_mode & S_IFMT == S_IFDIR {
        for name in folderEntries(path) { removeTree(path + "/" + name) }
        rmdir(path)
    } else {
        unlink(path)
    }
}

private func systemError() -> String {
    String(cString: strerror(errno))
}
