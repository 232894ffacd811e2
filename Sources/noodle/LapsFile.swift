import Glibc

/// Writes exported laps to a new file named for the moment, in the folder noodle was started
/// from (where a person looks first), or in the data folder when that one cannot be written.
enum LapsFile {
    static func write(_ csv: String, dataDirectory: String) -> (path: String?, problem: String?) {
        var now = time(nil)
        var local = tm()
        localtime_r(&now, &local)
        let stamp = String(Int(local.tm_year) + 1900) + two(Int(local.tm_mon) + 1) + two(Int(local.tm_mday))
            + "-" + two(Int(local.tm_hour)) + two(Int(local.tm_min)) + two(Int(local.tm_sec))
        let name = "noodle-laps-\(stamp).csv"
        var problem = "nowhere to write"
        for folder in [currentDirectory(), dataDirectory].compactMap({ $0 }) {
            let path = folder + "/" + name
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                problem = "\(path): \(String(cString: strerror(errno)))"
                continue
            }
            let bytes = Array(csv.utf8)
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
            if written == bytes.count { return (path, nil) }
            problem = "\(path): the disk took only part of it"
            unlink(path)
        }
        return (nil, problem)
    }

    private static func currentDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
