import Glibc

/// The folder that holds the database: made on first use, and checked before SQLite is asked to
/// create files in it, so a permission problem is reported as such rather than as an SQLite code.
public enum StoreFolder {
    /// Creates `path` and any missing parents, then checks noodle may create files in it.
    /// Folders noodle creates are private to the user (0700, as the XDG spec asks); an existing
    /// folder keeps whatever mode its owner gave it.
    public static func prepare(_ path: String) throws(StoreError) {
        if try create(path) {
            // mkdir's mode is filtered by the umask; the final folder is set exactly.
            guard chmod(path, 0o700) == 0 else {
                throw .folderNotWritable(path: path, reason: errnoDescription(errno))
            }
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw .folderNotWritable(path: path, reason: errnoDescription(errno))
        }
    }

    /// Makes `path` a folder; true when this call created it, false when it already was one.
    private static func create(_ path: String) throws(StoreError) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else {
                throw .folderNotWritable(path: path, reason: errnoDescription(ENOTDIR))
            }
            return false
        }
        guard errno == ENOENT else {
            throw .folderNotWritable(path: path, reason: errnoDescription(errno))
        }
        let parent = parentFolder(of: path)
        if parent != path { _ = try create(parent) }
        if mkdir(path, 0o700) == 0 { return true }
        // Another noodle may have made it between the stat and the mkdir.
        let code = errno
        if code == EEXIST, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return false }
        throw .folderNotWritable(path: path, reason: errnoDescription(code))
    }

    static func parentFolder(of path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }
}

/// Glibc's words for an errno value, such as "Permission denied".
func errnoDescription(_ code: Int32) -> String {
    String(cString: strerror(code))
}
