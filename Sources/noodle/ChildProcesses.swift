import Glibc

/// Runs the user's on-done program (and notify-send) for a finished countdown: an argv list, never a shell, so
/// a label such as `$(rm -rf ~)` arrives as plain text in NOODLE_LABEL and is never interpreted.
/// Its output goes nowhere near the dashboard, and it is killed if it outlives `timeLimit`.
final class ChildProcesses {
    static let timeLimit: Duration = .seconds(10)

    private var running: [pid_t: (program: String, label: String, deadline: ContinuousClock.Instant)] = [:]

    /// The earliest moment a running hook must be stopped.
    var nextDeadline: ContinuousClock.Instant? { running.values.map(\.deadline).min() }

    /// Starts `argv` in the background; nil when it started, else why not.
    func spawn(_ argv: [String], for label: String, adding extra: [String] = [], at now: ContinuousClock.Instant) -> String? {
        guard let program = argv.first else { return nil }
        let environment = ProcessEnvironment.entries.filter { !$0.hasPrefix("NOODLE_") } + extra
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup($0) } + [nil]
        defer { (cArguments + cEnvironment).forEach { free($0) } }
        var pid: pid_t = 0
        // Its own process group, so a Ctrl-C meant for noodle does not reach it.
        let result = ChildSignals.withAttributes(ownProcessGroup: true) { attributes in
            posix_spawnp(&pid, program, &actions, &attributes, &cArguments, &cEnvironment)
        }
        guard result == 0 else {
            return "'\(program)' could not start: \(String(cString: strerror(result)))"
        }
        running[pid] = (program, label, now.advanced(by: Self.timeLimit))
        return nil
    }

    /// Reaps finished hooks and stops overdue ones; returns a sentence for each that failed.
    func collect(at now: ContinuousClock.Instant) -> [String] {
        var failures: [String] = []
        for (pid, hook) in running {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                running[pid] = nil
                let signaled = status & 0x7f
                if signaled != 0 {
                    failures.append("'\(hook.program)' for \(Self.name(hook.label)) was killed by signal \(signaled)")
                } else if (status >> 8) & 0xff != 0 {
                    failures.append("'\(hook.program)' for \(Self.name(hook.label)) failed with exit status \((status >> 8) & 0xff)")
                }
            } else if hook.deadline <= now {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                running[pid] = nil
                failures.append("'\(hook.program)' for \(Self.name(hook.label)) ran over \(Self.timeLimit.components.seconds) s and was stopped")
            }
        }
        return failures
    }

    private static func name(_ label: String) -> String { label.isEmpty ? "a countdown" : label }
}
