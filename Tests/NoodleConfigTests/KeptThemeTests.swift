import Foundation
import Testing
@testable import NoodleConfig

@Suite("The theme picked with T, kept in config.toml")
struct KeptThemeTests {
    @Test("only the theme line changes; comments, other keys and their order stay")
    func replacesTheLine() throws {
        let text = "# mine\nframe_rate_cap = 20\ntheme = \"light\" # was\nflash = true\n"
        let kept = ConfigFile.settingTheme("gruvbox", in: text)
        #expect(kept == "# mine\nframe_rate_cap = 20\ntheme = \"gruvbox\"\nflash = true\n")
        let config = try ConfigFile.parse(kept, path: "c.toml").config
        #expect(config.theme == "gruvbox" && config.frameRateCap == 20 && config.flash)
    }

    @Test("with no theme line one goes at the top, before any table, and the file still reads")
    func addsAtTheTop() throws {
        let text = "flash = true\n[future]\ntheme = \"not this one\"\n"
        let kept = ConfigFile.settingTheme("solarized-dark", in: text)
        #expect(kept.hasPrefix("# Picked with T in the dashboard.\ntheme = \"solarized-dark\"\nflash = true\n"))
        let (config, warnings) = try ConfigFile.parse(kept, path: "c.toml")
        #expect(config.theme == "solarized-dark")
        #expect(warnings == ["c.toml: unknown key 'future' (ignored)"])
        #expect(ConfigFile.settingTheme("mono", in: "") == "# Picked with T in the dashboard.\ntheme = \"mono\"\n")
    }

    @Test("a name with quotes or backslashes is written as a TOML string that reads back the same")
    func escapes() throws {
        let name = "my \"best\" \\ theme\u{1}"
        let config = try ConfigFile.parse(ConfigFile.settingTheme(name, in: ""), path: "c.toml").config
        #expect(config.theme == name)
    }

    @Test("keeping writes the file, creating its folder, and keeps the file's permissions")
    func writes() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/new/noodle/config.toml"
        #expect(ConfigFile.keepTheme("gruvbox", at: path) == nil)
        #expect(try ConfigFile.load(path: path).config.theme == "gruvbox")
        chmod(path, 0o600)
        #expect(ConfigFile.keepTheme("light", at: path) == nil)
        #expect(try ConfigFile.load(path: path).config.theme == "light")
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/new/noodle")
        #expect(leftovers == ["config.toml"])
    }

    @Test("a place that cannot be written says so, and changes nothing")
    func unwritable() throws {
        let folder = try TemporaryFolder()
        // A file where the folder should be: no one, root included, can write under it.
        let blocker = folder.path + "/noodle"
        FileManager.default.createFile(atPath: blocker, contents: Data("x".utf8))
        let problem = ConfigFile.keepTheme("gruvbox", at: blocker + "/config.toml")
        #expect(problem == blocker + "/config.toml: cannot be read: Not a directory", "\(String(describing: problem))")
        #expect(try String(contentsOfFile: blocker, encoding: .utf8) == "x")
        // A file system no one creates files in: read finds no file, and writing fails.
        let proc = ConfigFile.keepTheme("gruvbox", at: "/proc/noodle-config.toml")
        #expect(proc?.hasPrefix("/proc/noodle-config.toml: cannot be written: ") == true, "\(String(describing: proc))")
    }
}
