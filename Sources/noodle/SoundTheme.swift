import Glibc

/// Where the freedesktop sound theme keeps an event's file, looked up as libcanberra looks it
/// up: the user's data folder first, then the system's. Needed where libcanberra is not the one
/// playing (the fallback player) and where noodle says what would play (`noodle doctor`).
enum SoundTheme {
    static let alarmEvent = "alarm-clock-elapsed"
    static let softEvent = "complete"

    /// The file for `event` in the freedesktop theme, or nil when no folder has it.
    static func file(for event: String, environment: [String: String]) -> String? {
        for folder in folders(environment) {
            for suffix in [".oga", ".ogg", ".wav"] {
                let path = folder + "/sounds/freedesktop/stereo/" + event + suffix
                if access(path, R_OK) == 0 { return path }
            }
        }
        return nil
    }

    /// XDG_DATA_HOME, then XDG_DATA_DIRS, with the XDG spec's defaults; relative entries are ignored.
    private static func folders(_ environment: [String: String]) -> [String] {
        let home = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? environment["HOME"].map { $0 + "/.local/share" }
        let dirs = environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share"
        return ([home].compactMap { $0 } + dirs.split(separator: ":").map(String.init)).filter { $0.hasPrefix("/") }
    }
}
