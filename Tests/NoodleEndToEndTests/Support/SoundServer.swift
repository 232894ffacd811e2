import Foundation

/// A PulseAudio server of the test's own, playing into a null sink (no speakers), and a recorder
/// on that sink's monitor that logs, every 10 ms, when sound arrived and how loud it was. Both are
/// stopped when this goes away.
final class SoundServer {
    let folder: URL
    /// What PULSE_SERVER must say to reach this server.
    let address: String
    private var server: NoodleCLI.Started?
    private var recorder: NoodleCLI.Started?
    private var recording: URL { folder.appendingPathComponent("recording.txt") }

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("noodle-pulse-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("native").path
        address = "unix:" + socket
        var environment = ProcessInfo.processInfo.environment
        // Its own runtime and config folders: nothing of a desktop's server is touched or reused.
        environment["HOME"] = folder.path
        environment["XDG_RUNTIME_DIR"] = folder.path
        environment["XDG_CONFIG_HOME"] = folder.path
        environment["PULSE_RUNTIME_PATH"] = folder.path
        server = try NoodleCLI.start([
            "pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit", "--use-pid-file=no",
            "--load=module-null-sink sink_name=noodle_null", "--load=module-native-protocol-unix auth-anonymous=1 socket=\(socket)",
        ], environment: environment)
        try Self.wait("pulseaudio's socket", timeout: 10) { FileManager.default.fileExists(atPath: socket) }
        let python = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") ? "/usr/bin/python3" : "python3"
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("sound-recorder.py").path
        recorder = try NoodleCLI.start([python, script, "noodle_null.monitor", recording.path], environment: ["PULSE_SERVER": address, "PATH": environment["PATH"] ?? "/usr/bin:/bin"])
        try Self.wait("the recorder", timeout: 10) { (self.samples().count) > 10 }
    }

    deinit {
        for process in [recorder, server].compactMap({ $0 }) {
            kill(process.pid, SIGTERM)
            _ = process.finish()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Every 10 ms recorded so far: when it arrived (Unix seconds) and its peak, 0 for silence.
    func samples() -> [(time: Double, peak: Int)] {
        guard let text = try? String(contentsOf: recording, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 2, let time = Double(parts[0]), let peak = Int(parts[1]) else { return nil }
            return (time, peak)
        }
    }

    /// The first moment after `time` that sound (anything above the null sink's zeros) arrived, waiting up to `timeout`.
    func firstSound(after time: Double, timeout: Double) throws -> Double {
        var found: Double?
        try Self.wait("sound after \(time)", timeout: timeout) {
            found = self.samples().first { $0.time > time && $0.peak > 16 }?.time
            return found != nil
        }
        return found!
    }

    /// The last moment sound arrived, once `quiet` seconds of recording have passed since `time`.
    func lastSound(waitingAfter time: Double, quiet: Double) throws -> Double? {
        try Self.wait("recording past \(time + quiet)", timeout: quiet + 5) { (self.samples().last?.time ?? 0) > time + quiet }
        return samples().last { $0.peak > 16 }?.time
    }

    private static func wait(_ what: String, timeout: Double, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            guard Date() < deadline else { throw E2EError("gave up waiting for \(what)") }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }
}
