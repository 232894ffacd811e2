import Glibc
import NoodleTheme

/// The themes noodle can find, and which one is in use: `T` steps through them in the order
/// `noodle themes` lists them.
struct ThemeSwitcher {
    private let locator: ThemeLocator
    private let names: [String]
    private var current: Int

    init(environment: [String: String]) {
        locator = ThemeLocator(environment: environment, executablePath: Self.executablePath())
        names = locator.available().map(\.name)
        current = 0
    }

    /// Loads `choice` (a name or a path; nil for the default): the default theme and a reason when it cannot.
    mutating func load(_ choice: String?) -> (theme: Theme, problem: String?) {
        guard let choice else { return (.builtInDefault, nil) }
        let loaded = locator.load(choice)
        if let index = names.firstIndex(of: loaded.theme.name) { current = index }
        return loaded
    }

    /// The theme after the current one, wrapping round.
    mutating func next() -> (theme: Theme, problem: String?) {
        guard !names.isEmpty else { return (.builtInDefault, nil) }
        current = (current + 1) % names.count
        return locator.load(names[current])
    }

    /// Where this binary is, which says where its installed or checked-out themes are.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return CommandLine.arguments.first ?? "noodle" }
        return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
