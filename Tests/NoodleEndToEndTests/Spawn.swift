import Foundation
import NoodleTestSupport

/// Runs a program to completion with posix_spawn and waitpid.
/// Foundation's Process waits through a SIGCHLD dispatch source that, under the parallel test runner
/// here, left tmux clients unreaped and the test hung; a plain waitpid cannot miss its child.
enum Spawn {
    struct Result {
        let status: Int32
        let output: String
    }

    static func run(_ arguments: [String], environment: [String: String]? = nil, stdinFromNull: Bool = true, stdoutToFile: Bool = true) throws -> Result {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-spawn-\(UUID().uuidString)").path
        defer { unlink(outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if stdinFromNull { posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0) }
        posix_spawn_file_actions_addopen(&actions, 2, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        if stdoutToFile { posix_spawn_file_actions_adddup2(&actions, 2, 1) }

        let pid: pid_t
        switch spawnWithCleanSignals(arguments, environment: environment ?? ProcessInfo.processInfo.environment, actions: &actions) {
        case .success(let started): pid = started
        case .failure(let failure): throw E2EError(failure.description)
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: exitStatus, output: output)
    }
}

/// Writes an executable script with its descriptor closed on exec. A script written through
/// Foundation stays open for writing in any child another test spawns meanwhile (tmux keeps it
/// for good), and running it then fails with ETXTBSY, "Text file busy".
func writeScript(_ text: String, to url: URL) throws {
    let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw E2EError("cannot write \(url.path): \(String(cString: strerror(errno)))") }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    guard bytes.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
        throw E2EError("cannot write \(url.path): \(String(cString: strerror(errno)))")
    }
}
