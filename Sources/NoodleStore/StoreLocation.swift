import Glibc

/// Where noodle keeps its database: the XDG data folder, per the XDG Base Directory spec.
public enum StoreLocation {
    public static let fileName = "noodle.sqlite"

    /// `$XDG_DATA_HOME/noodle` when XDG_DATA_HOME is set and absolute (the spec says a relative
    /// value is invalid and must be ignored), else `$HOME/.local/share/noodle`.
    public static func directory(environment: [String: String]) -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return joined(data, "noodle")
        }
        return joined(joined(home(environment: environment), ".local/share"), "noodle")
    }

    /// `$HOME`, or the password database's home when HOME is unset or not absolute, so noodle
    /// never writes into whatever the current folder happens to be.
    private static func home(environment: [String: String]) -> String {
        if let home = environment["HOME"], home.hasPrefix("/") { return home }
        if let entry = getpwuid(getuid()), let dir = entry.pointee.pw_dir {
            let home = String(cString: dir)
            if home.hasPrefix("/") { return home }
        }
        return "/"
    }

    /// The database file in `folder`, where `Store(directory: folder)` opens or makes it.
    public static func databasePath(in folder: String) -> String {
        joined(folder, fileName)
    }

    static func joined(_ folder: String, _ name: String) -> String {
        var folder = folder
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder == "/" ? "/" + name : folder + "/" + name
    }
}
