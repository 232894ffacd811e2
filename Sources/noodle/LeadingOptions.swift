/// `noodle --data-dir X status`: options every subcommand that opens the database shares, written
/// before the subcommand's name, are moved after it, so they reach the subcommand rather than
/// the dashboard (the default subcommand), which would call the name an unexpected argument.
enum LeadingOptions {
    /// The options moved, each taking one value, as `--data-dir X` or `--data-dir=X`.
    static let shared = ["--data-dir", "--config"]

    /// `arguments` with the shared options before a subcommand's name moved after it; anything
    /// else is left as written, for ArgumentParser to read or to refuse.
    static func subcommandFirst(_ arguments: [String], subcommands: [String]) -> [String] {
        var moved: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if shared.contains(argument), index + 1 < arguments.endIndex {
                moved += arguments[index ... index + 1]
                index += 2
            } else if shared.contains(where: { argument.hasPrefix($0 + "=") }) {
                moved.append(argument)
                index += 1
            } else {
                break
            }
        }
        guard !moved.isEmpty, index < arguments.endIndex, subcommands.contains(arguments[index]) else { return arguments }
        return [arguments[index]] + moved + arguments[(index + 1)...]
    }
}
