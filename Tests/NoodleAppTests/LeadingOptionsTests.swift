import Testing
@testable import noodle

@Suite("Options before the subcommand")
struct LeadingOptionsTests {
    let names = ["dashboard", "add", "status", "laps", "catalog", "themes"]

    @Test("--data-dir and --config before a subcommand's name go to the subcommand", arguments: [
        (["--data-dir", "/x", "status"], ["status", "--data-dir", "/x"]),
        (["--data-dir=/x", "--config", "c.toml", "status", "--json"], ["status", "--data-dir=/x", "--config", "c.toml", "--json"]),
        (["--data-dir", "/x", "add", "5", "tea"], ["add", "--data-dir", "/x", "5", "tea"]),
    ])
    func moved(arguments: [String], expected: [String]) {
        #expect(LeadingOptions.subcommandFirst(arguments, subcommands: names) == expected)
    }

    @Test("anything else is left as written", arguments: [
        ["--data-dir", "/x"],
        ["--theme", "mono", "status"],
        ["--data-dir", "/x", "--no-color"],
        ["status", "--data-dir", "/x"],
        ["--data-dir"],
        ["--on-done", "echo", "status"],
    ])
    func kept(arguments: [String]) {
        #expect(LeadingOptions.subcommandFirst(arguments, subcommands: names) == arguments)
    }

    @Test("the real command line reads them so")
    func parses() throws {
        let command = try NoodleCommand.parseAsRoot(LeadingOptions.subcommandFirst(["--data-dir", "/tmp/x", "status", "--json"], subcommands: names))
        let status = try #require(command as? StatusCommand)
        #expect(status.data.path == "/tmp/x")
        #expect(status.json)
    }
}
