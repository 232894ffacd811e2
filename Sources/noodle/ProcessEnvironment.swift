import Glibc

/// The process environment as C's `environ` holds it, read without Foundation.
enum ProcessEnvironment {
    /// Every `NAME=value` entry, in order.
    static var entries: [String] {
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            entries.append(String(cString: entry))
            pointer += 1
        }
        return entries
    }

    static var values: [String: String] {
        var values: [String: String] = [:]
        for entry in entries {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            values[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        return values
    }
}
