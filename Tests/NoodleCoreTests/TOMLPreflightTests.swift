import Testing
@testable import NoodleCore

/// The mistakes that make toml++ abort the process (found by `make soak`'s config and theme fuzz),
/// and valid TOML that merely looks like them.
@Suite("TOML preflight")
struct TOMLPreflightTests {
    @Test("a header with no name is found, at the character that cannot start one", arguments: [
        ("[\n", 1, 2), ("[[\n", 1, 3), ("[ \n", 1, 3), ("[[ \n", 1, 4), ("[.]\n", 1, 2), ("[#]\n", 1, 2), ("[[#]]\n", 1, 3),
        ("[=]\n", 1, 2), ("[[ [a]]\n", 1, 4), ("name = \"x\"\n\n  [\nFormat:\n", 3, 4), ("[ok]\nk = 1\n[[\n", 3, 3),
    ])
    func namelessHeader(_ text: String, _ line: Int, _ column: Int) {
        #expect(TOMLPreflight.firstProblem(in: text) == .init(line: line, column: column, text: TOMLPreflight.namelessHeader), "\(text.debugDescription)")
    }

    @Test("a } where an array expects a value is found", arguments: [
        ("x = [}\n", 1, 6), ("x = [ } ]\n", 1, 7), ("x = [1, }]\n", 1, 9), ("x = [\n}\n", 2, 1), ("x = {a = [}]}\n", 1, 11),
    ])
    func braceInArray(_ text: String, _ line: Int, _ column: Int) {
        #expect(TOMLPreflight.firstProblem(in: text) == .init(line: line, column: column, text: TOMLPreflight.braceInArray), "\(text.debugDescription)")
    }

    @Test("a Unicode line separator outside a string is found", arguments: [
        ("x = [\u{85}]\n", 1, 6, "0085"), ("x = [\u{2028}]\n", 1, 6, "2028"), ("x = [1,\u{2029}]\n", 1, 8, "2029"), ("\u{2028}x = 1\n", 1, 1, "2028"),
    ])
    func lineSeparator(_ text: String, _ line: Int, _ column: Int, _ code: String) {
        let found = TOMLPreflight.firstProblem(in: text)
        #expect(found?.line == line && found?.column == column, "\(text.debugDescription): \(String(describing: found))")
        #expect(found?.text.contains("U+\(code)") == true)
    }

    @Test("valid TOML passes: headers, arrays across lines, brackets in strings and comments", arguments: [
        "[roles]\nx = 1\n", "[[laps]]\n", "[ \"quoted key\" ]\n", "['literal']\n", "[a.b-c_d.0]\n", "[]\n", "[[]]\n",
        "attrs = [\n  [\n    1,\n  ],\n]\n", "x = { a = [\n] }\n", "# [\n", "s = \"[\"\n", "m = \"\"\"\n[\n\"\"\"\n", "l = '''\n[[\n'''\n",
        "e = \"\\\"[\"\n[ok]\n", "[", "[[", "x = [{ a = 1 }, { b = [2] }]\n", "s = \"}\"\nx = [\"}\"]\n", "s = \"\u{2028}\"\n# \u{2028}\n",
    ])
    func passes(_ text: String) {
        #expect(TOMLPreflight.firstProblem(in: text) == nil, "\(text.debugDescription)")
    }
}
