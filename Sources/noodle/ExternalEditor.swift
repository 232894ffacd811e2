import Glibc

/// Edits text in the user's `$VISUAL` or `$EDITOR` (else `vi`), as git and crontab do: a temporary
/// file, the editor run through `sh` so `EDITOR="code -w"` works, and the file read back.
enum ExternalEditor {
    enum Outcome {
        case edited(String)
        case failed(String)
    }

    /// Runs the editor in the foreground and waits; the caller has given it the terminal.
    static func edit(_ text: String, environment: [String: String]) -> Outcome {
        let editor = [environment["VISUAL"], environment["EDITOR"]].compactMap { $0 }.first { !$0.isEmpty } ?? "vi"
        var template = Array("\(temporaryDirectory(environment))/noodle-memo-XXXXXX.txt".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else { return .failed("could not make a temporary file for the editor: \(String(cString: strerror(errno)))") }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let bytes = Array((text + "\n").utf8)
        let wrote = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard wrote == bytes.count else { return .failed("could not write the memo to \(path)") }

        guard let status = run(["/bin/sh", "-c", editor + " \"$1\"", "noodle-editor", path]) else {
            return .failed("could not start the editor '\(editor)': \(String(cString: strerror(errno)))")
        }
        guard status == 0 else { return .failed("the editor '\(editor)' exited with status \(status); the memo is unchanged") }
        guard let edited = read(path) else { return .failed("could not read the memo back from \(path)") }
        return .edited(edited)
    }

    private static func temporaryDirectory(_ environment: [String: String]) -> String {
        guard let dir = environment["TMPDIR"], dir.hasPrefix("/") else { return "/tmp" }
        return dir
    }

    /// Starts `argv` in noodle's process group (so it owns the terminal) with default signals, and waits.
    private static func run(_ argv: [String]) -> Int32? {
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        // noodle's own process group: the editor must be in the terminal's foreground to read it.
        let result = ChildSignals.withAttributes(ownProcessGroup: false) { attributes in
            posix_spawn(&pid, argv[0], nil, &attributes, &cArguments, environ)
        }
        guard result == 0 else {
            errno = result
            return nil
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return status & 0x7f != 0 ? 128 + (status & 0x7f) : (status >> 8) & 0xff
    }

    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var data: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = Glibc.read(fd, &buffer, buffer.count)
            if got < 0 && errno == EINTR { continue }
            guard got >= 0 else { return nil }
            if got == 0 { break }
            data += buffer[0 ..< got]
        }
        return String(decoding: data, as: UTF8.self)
    }
}
