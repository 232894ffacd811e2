#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NoodleCore

/// The handful of file-system questions theme lookup asks, answered with libc directly
/// so this target stays free of Foundation, like the rest of noodle's libraries.
enum LocalFiles {
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }

    /// The entries of a folder, without `.` and `..`; nil when it cannot be opened, which for
    /// theme folders usually just means the user never made one.
    static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    enum ReadFailure: Error {
        case system(String)
        /// Not UTF-8 text, at this line.
        case notText(TOMLPreflight.Problem)
    }

    static func readText(_ path: String) -> Result<String, ReadFailure> {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(.system(lastErrorMessage())) }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(lastErrorMessage()))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
        }
        return TOMLBytes.text(bytes).mapError(ReadFailure.notText)
    }

    /// The path with symlinks followed, so an installed or linked binary is traced to where it
    /// really lives; the path unchanged when it cannot be resolved (it may not exist at all).
    static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    static func currentFolder() -> String? {
        guard let folder = getcwd(nil, 0) else { return nil }
        defer { free(folder) }
        return String(cString: folder)
    }

    static func joined(_ folder: String, _ name: String) -> String {
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder == "/" ? "/" + name : folder + "/" + name
    }

    /// The folder holding `path`: `/a/b/c` → `/a/b`, `/a` → `/`.
    static func parent(of path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func lastComponent(of path: String) -> Substring {
        path.split(separator: "/").last ?? ""
    }

    private static func lastErrorMessage() -> String {
        String(cString: strerror(errno))
    }
}
