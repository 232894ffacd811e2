/// Where themes come from, and loading one by name or path without ever failing: a theme is
/// decoration, so a problem with it is reported and the built-in default used instead.
public struct ThemeLocator: Sendable {
    /// In order of precedence: the user's own themes, then those installed with noodle, then a checkout's.
    public var searchFolders: [String]
    private let home: String?

    /// `executablePath` should be absolute (e.g. from /proc/self/exe); a relative one is taken from the current folder.
    public init(environment: [String: String], executablePath: String) {
        home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        var folders: [String] = []
        if let userFolder = Self.userFolder(environment: environment) { folders.append(userFolder) }
        let executableFolder = LocalFiles.parent(of: LocalFiles.resolved(Self.absolute(executablePath)))
        if LocalFiles.lastComponent(of: executableFolder) == "bin" {
            folders.append(LocalFiles.parent(of: executableFolder) + "/share/noodle/themes")
        }
        if let checkout = Self.checkoutThemes(above: executableFolder) { folders.append(checkout) }
        searchFolders = folders.reduce(into: []) { unique, folder in
            if !unique.contains(folder) { unique.append(folder) }
        }
    }

    /// Every theme that can be loaded by name, default first, then alphabetically.
    /// A name in an earlier folder hides the same name in later ones, as `load` would.
    public func available() -> [(name: String, path: String)] {
        var pathOfName: [String: String] = [:]
        for folder in searchFolders {
            for file in LocalFiles.names(in: folder) ?? [] where file.hasSuffix(".toml") && !file.hasPrefix(".") {
                let name = String(file.dropLast(".toml".count))
                let path = LocalFiles.joined(folder, file)
                if pathOfName[name] == nil, LocalFiles.isRegularFile(path) { pathOfName[name] = path }
            }
        }
        if pathOfName["default"] == nil { pathOfName["default"] = "built-in" }
        return pathOfName
            .sorted { ($0.key == "default" ? 0 : 1, $0.key) < ($1.key == "default" ? 0 : 1, $1.key) }
            .map { (name: $0.key, path: $0.value) }
    }

    /// A value with a "/" or ending in ".toml" is a file path; anything else is a theme name.
    /// Never throws: on any problem the theme is the built-in default and `problem` says what went wrong.
    public func load(_ nameOrPath: String) -> (theme: Theme, problem: String?) {
        if nameOrPath.contains("/") || nameOrPath.hasSuffix(".toml") {
            return load(path: expandingHome(nameOrPath))
        }
        for folder in searchFolders {
            let path = LocalFiles.joined(folder, nameOrPath + ".toml")
            if LocalFiles.exists(path) { return load(path: path) }
        }
        if nameOrPath == Theme.builtInDefault.name { return (.builtInDefault, nil) }
        let searched = searchFolders.isEmpty ? "no theme folders" : searchFolders.joined(separator: ", ")
        let names = available().map(\.name).joined(separator: ", ")
        return (.builtInDefault, "theme \"\(nameOrPath)\" not found in \(searched) (available: \(names)); \(fallback)")
    }

    private let fallback = "using the built-in default"

    private func load(path: String) -> (theme: Theme, problem: String?) {
        switch LocalFiles.readText(path) {
        case .failure(.system(let reason)):
            return (.builtInDefault, "cannot read theme \(path): \(reason); \(fallback)")
        case .failure(.notText(let problem)):
            return (.builtInDefault, "\(ThemeError(path: path, line: problem.line, key: nil, problem: problem.text)); \(fallback)")
        case .success(let text):
            do {
                return (try ThemeFile.parse(text, path: path), nil)
            } catch {
                return (.builtInDefault, "\(error); \(fallback)")
            }
        }
    }

    /// A shell would have expanded `~/` on the command line, but not in a config file.
    private func expandingHome(_ path: String) -> String {
        guard let home, path.hasPrefix("~/") else { return path }
        return LocalFiles.joined(home, String(path.dropFirst(2)))
    }

    // MARK: Folders

    /// `$XDG_CONFIG_HOME/noodle/themes`, else `$HOME/.config/noodle/themes`; the XDG spec says
    /// a relative value is invalid and must be ignored.
    private static func userFolder(environment: [String: String]) -> String? {
        if let config = environment["XDG_CONFIG_HOME"], config.hasPrefix("/") {
            return LocalFiles.joined(config, "noodle/themes")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return LocalFiles.joined(home, ".config/noodle/themes")
        }
        return nil
    }

    /// Run from a checkout (`<checkout>/.build/<anything>/noodle`), the themes being edited are the
    /// ones to see, without installing; the checkout is the nearest folder up with both markers.
    private static func checkoutThemes(above folder: String) -> String? {
        var folder = folder
        while true {
            let themes = LocalFiles.joined(folder, "themes")
            if LocalFiles.isRegularFile(LocalFiles.joined(folder, "Package.swift")), LocalFiles.isDirectory(themes) {
                return themes
            }
            let up = LocalFiles.parent(of: folder)
            if up == folder || up == "." { return nil }
            folder = up
        }
    }

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return LocalFiles.joined(LocalFiles.currentFolder() ?? "/", path)
    }
}
