import Glibc
import NoodleCore

/// The theme picked with T, kept in config.toml so the next start uses it. The file is the
/// user's: only the `theme` line changes (or one is added at the top), every comment and other
/// key stays as written, and the result is checked to read back as that theme before it is written.
extension ConfigFile {
    /// `text` with its top-level `theme` set to `name`.
    public static func settingTheme(_ name: String, in text: String) -> String {
        // JSON's escapes are all TOML's too: a JSON string is a TOML basic string.
        let line = "theme = " + StatusSummary.jsonString(name)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let number = KeyReader.keyLines(in: text)["theme"] {
            lines[number - 1] = line
            return lines.joined(separator: "\n")
        }
        // Top-level keys must come before any table, so the top of the file is always right.
        return "# Picked with T in the dashboard.\n" + line + "\n" + (text.isEmpty ? "" : text)
    }

    /// Writes `name` as the theme into the config at `path`, creating the file (and its folder)
    /// when there is none. Returns why it could not, or nil.
    public static func keepTheme(_ name: String, at path: String) -> String? {
        let current: String?
        do { current = try contents(of: path) } catch { return error.description }
        let text = settingTheme(name, in: current ?? "")
        guard let (config, _) = try? parse(text, path: path), config.theme == name else {
            return "\(path): the theme could not be written there safely; set theme = \"\(name)\" by hand"
        }
        return replace(path, with: text)
    }

    /// Replaces the file at `path` in one rename, so a reader (or a crash) sees the old text or
    /// the new, never half of one; the file keeps its permissions.
    private static func replace(_ path: String, with text: String) -> String? {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        if !folder.isEmpty { makeFolders(folder) }
        var status = stat()
        let mode = stat(path, &status) == 0 ? status.st_mode & 0o7777 : 0o644
        let temporary = path + ".noodle-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return "\(path): cannot be written: \(String(cString: strerror(errno)))" }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                unlink(temporary)
                return "\(path): cannot be written: \(reason)"
            }
            written += count
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            return "\(path): cannot be written: \(reason)"
        }
        return nil
    }

    private static func makeFolders(_ folder: String) {
        var built = folder.hasPrefix("/") ? "" : "."
        for part in folder.split(separator: "/") {
            built += "/" + part
            mkdir(built, 0o755)
        }
    }
}
