import Glibc

/// Starts `arguments` as a child with no signal blocked and default dispositions, whatever the
/// test runner uses, with the file actions the caller set up. Returns the child's pid, or the
/// error number posix_spawnp gave.
public func spawnWithCleanSignals(_ arguments: [String], environment: [String: String],
                                  actions: inout posix_spawn_file_actions_t) -> Result<pid_t, SpawnFailure> {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t(), all = sigset_t()
    sigemptyset(&empty)
    sigfillset(&all)
    sigdelset(&all, SIGKILL)
    sigdelset(&all, SIGSTOP)
    posix_spawnattr_setsigmask(&attributes, &empty)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var argv = arguments.map { strdup($0) } + [nil]
    var envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &argv, &envp)
    return spawned == 0 ? .success(pid) : .failure(SpawnFailure(program: arguments[0], code: spawned))
}

/// Why a child could not be started.
public struct SpawnFailure: Error, CustomStringConvertible {
    public let program: String
    public let code: Int32
    public var description: String { "could not start \(program): \(String(cString: strerror(code)))" }
}
