import ArgumentParser
import Glibc
import NoodleTheme
import NoodleViews

/// `noodle themes`: every theme noodle can find, where it comes from, and on a terminal a swatch
/// of the roles that carry the most meaning, drawn in the theme's own colours.
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List the themes noodle can find, with a colour swatch when the output is a terminal.",
        discussion: "Pick one with --theme NAME or `theme = \"NAME\"` in config.toml; T in the dashboard steps through them."
    )

    mutating func run() throws {
        let locator = ThemeLocator(environment: ProcessEnvironment.values, executablePath: ThemeSwitcher.executablePath())
        let swatches = isatty(STDOUT_FILENO) == 1 && (getenv("NO_COLOR").map { String(cString: $0).isEmpty } ?? true)
        let direct = ["truecolor", "24bit"].contains(getenv("COLORTERM").map { String(cString: $0) } ?? "")
        var entries: [Entry] = []
        var problems: [String] = []
        var themes: [Theme] = []
        for (name, path) in locator.available() {
            let (theme, problem) = locator.load(path == "built-in" ? name : path)
            if let problem { problems.append(problem) }
            entries.append(Entry(name: name, description: problem == nil ? theme.description : "(broken: see below)", path: path))
            themes.append(theme)
        }
        let indent = Self.indent(for: entries)
        for (entry, theme) in zip(entries, themes) {
            var lines = Self.lines(for: entry, indent: indent)
            if swatches { lines.append(String(repeating: " ", count: indent) + Self.swatch(theme, depth: direct ? .direct : .indexed256)) }
            Output.standardOutput(lines.joined(separator: "\n") + "\n")
        }
        for problem in problems { Output.standardError("noodle: \(problem)\n") }
    }

    struct Entry {
        var name: String
        var description: String
        var path: String
    }

    /// The width the listing keeps within: a terminal's 80 columns, swatches included.
    static let width = 80

    /// Where descriptions and paths start: after the longest name and two spaces.
    static func indent(for entries: [Entry]) -> Int {
        min(24, (entries.map { TextWidth.columns(of: $0.name) }.max() ?? 0) + 2)
    }

    /// A theme's name with its description wrapped beside it, then where it comes from below.
    /// Only a path longer than the line itself can pass the width: a path is not cut.
    static func lines(for entry: Entry, indent: Int) -> [String] {
        let margin = String(repeating: " ", count: indent)
        let wrapped = wrap(entry.description, width: width - indent)
        var lines = (wrapped.isEmpty ? [""] : wrapped).enumerated().map { index, line in
            (index == 0 ? TextWidth.pad(entry.name, to: indent) : margin) + line
        }
        lines.append(margin + entry.path)
        return lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }

    /// `text` in lines of at most `width` columns, broken between words; a word wider than a
    /// line is cut with an ellipsis.
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            let word = TextWidth.truncate(String(word), to: width)
            if line.isEmpty {
                line = word
            } else if TextWidth.columns(of: line) + 1 + TextWidth.columns(of: word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A few words, each in its role's colours and attributes, as SGR sequences.
    static func swatch(_ theme: Theme, depth: ColorDepth) -> String {
        let samples: [(StyleRole, String)] = [
            (.title, "title"), (.running, "▶ 4:12"), (.paused, "‖ paused"), (.ringing, "! done"),
            (.bestLap, "best"), (.worstLap, "worst"), (.ownTime, "*4:15"), (.selection, "selected"),
        ]
        return samples.map { role, text in sgr(theme.style(for: role), depth: depth) + text + "\u{1B}[0m" }.joined(separator: " ")
    }

    private static func sgr(_ style: ThemeStyle, depth: ColorDepth) -> String {
        var codes: [String] = []
        for attribute in ThemeAttribute.allCases where style.attributes.contains(attribute) {
            switch attribute {
            case .bold: codes.append("1")
            case .dim: codes.append("2")
            case .italic: codes.append("3")
            case .underline: codes.append("4")
            case .reverse: codes.append("7")
            }
        }
        if let code = colour(style.foreground, depth: depth, base: 38) { codes.append(code) }
        if let code = colour(style.background, depth: depth, base: 48) { codes.append(code) }
        return "\u{1B}[" + (codes.isEmpty ? "0" : codes.joined(separator: ";")) + "m"
    }

    private static func colour(_ color: ThemeColor, depth: ColorDepth, base: Int) -> String? {
        switch color {
        case .terminalDefault: return nil
        case .rgb(let red, let green, let blue) where depth == .direct: return "\(base);2;\(red);\(green);\(blue)"
        default:
            guard let number = ColorDowngrade.resolve(color, depth: .indexed256), number >= 0 else { return nil }
            return "\(base);5;\(number)"
        }
    }
}
