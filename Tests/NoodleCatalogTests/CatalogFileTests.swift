import NoodleCore
import Testing
@testable import NoodleCatalog

/// A catalog file with one good product, built key by key so each case can break exactly one thing.
enum SampleFile {
    static let fields: [(key: String, value: String)] = [
        ("id", #""jin-ramen""#),
        ("name", #""Jin Ramen""#),
        ("korean", #""진라면""#),
        ("brand", #""Ottogi""#),
        ("time", #""4:00""#),
        ("water_ml", "550"),
        ("water_by_packs", "[550, 1050, 1550, 2050]"),
        ("note", #""Medium-confidence figures: check the pack.""#),
        ("steps", "\"\"\"\n[00:00] noodles and soup in\n[04:00] done\n\"\"\""),
        ("confidence", #""medium""#),
    ]

    /// The good product with some keys replaced (a nil value removes the key) and others added.
    static func entry(_ changes: [String: String?] = [:], adding extra: [String] = []) -> String {
        var lines = ["[[ramen]]"]
        for (key, value) in fields {
            switch changes[key] {
            case .none: lines.append("\(key) = \(value)")
            case .some(.some(let replacement)): lines.append("\(key) = \(replacement)")
            case .some(.none): break
            }
        }
        for (key, value) in changes where !fields.contains(where: { $0.key == key }) {
            if let value { lines.append("\(key) = \(value)") }
        }
        return (lines + extra).joined(separator: "\n") + "\n"
    }
}

/// One way to get the file wrong, and what the message must say about it.
struct BadFile: Sendable, CustomTestStringConvertible {
    let what: String
    let toml: String
    /// The key the message must name; nil where the problem is no one key's.
    let key: String?
    let fragment: String

    var testDescription: String { what }

    static func entry(_ what: String, _ changes: [String: String?], key: String?, _ fragment: String) -> BadFile {
        BadFile(what: what, toml: SampleFile.entry(changes), key: key, fragment: fragment)
    }

    static func file(_ what: String, _ toml: String, key: String?, _ fragment: String) -> BadFile {
        BadFile(what: what, toml: toml, key: key, fragment: fragment)
    }
}

@Suite("Catalog file")
struct CatalogFileTests {
    @Test("a good product reads into every field")
    func goodEntry() throws {
        let catalog = try CatalogFile.parse(SampleFile.entry())
        let entry = try #require(catalog["jin-ramen"])
        #expect(catalog.entries.count == 1)
        #expect(entry.name == "Jin Ramen")
        #expect(entry.koreanName == "진라면")
        #expect(entry.brand == "Ottogi")
        #expect(entry.time == .seconds(240))
        #expect(entry.water == Water(millilitres: 550, byPacks: [550, 1050, 1550, 2050]))
        #expect(entry.note == "Medium-confidence figures: check the pack.")
        #expect(entry.steps == [TimedStep(offset: .zero, text: "noodles and soup in"), TimedStep(offset: .seconds(240), text: "done")])
        #expect(entry.confidence == .medium)
    }

    @Test("optional keys may be left out; words alone are enough water")
    func optionalKeys() throws {
        let toml = SampleFile.entry(["water_ml": nil, "water_by_packs": nil, "note": nil, "steps": nil, "water": #""to the line""#])
        let entry = try #require(try CatalogFile.parse(toml)["jin-ramen"])
        #expect(entry.water == Water(millilitres: nil, instruction: "to the line"))
        #expect(entry.note.isEmpty)
        #expect(entry.steps.isEmpty)
    }

    @Test("products keep the file's order")
    func order() throws {
        let second = SampleFile.entry(["id": #""jin-ramen-mild""#])
        let catalog = try CatalogFile.parse(SampleFile.entry() + "\n" + second)
        #expect(catalog.entries.map(\.id) == ["jin-ramen", "jin-ramen-mild"])
    }

    static let badFiles: [BadFile] = [
        .entry("unknown key", ["colour": #""red""#], key: "colour", "is not a known key"),
        .entry("missing id", ["id": nil], key: "id", "is missing"),
        .entry("missing name", ["name": nil], key: "name", "is missing"),
        .entry("missing korean", ["korean": nil], key: "korean", "is missing"),
        .entry("missing brand", ["brand": nil], key: "brand", "is missing"),
        .entry("missing time", ["time": nil], key: "time", "is missing"),
        .entry("missing confidence", ["confidence": nil], key: "confidence", "is missing"),
        .entry("no water at all", ["water_ml": nil, "water_by_packs": nil], key: "water_ml", "'water'"),
        .entry("empty name", ["name": #""  ""#], key: "name", "is empty"),
        .entry("empty water words", ["water": #""""#], key: "water", "is empty"),
        .entry("id not kebab-case", ["id": #""Jin Ramen""#], key: "id", "lowercase"),
        .entry("id with a double hyphen", ["id": #""jin--ramen""#], key: "id", "single hyphens"),
        .entry("id as a number", ["id": "7"], key: "id", "should be a string"),
        .entry("name as a list", ["name": #"["Jin"]"#], key: "name", "not an array"),
        .entry("time as a number", ["time": "240"], key: "time", "not an integer"),
        .entry("time as a TOML time", ["time": "00:04:00"], key: "time", "not a time"),
        .entry("time out of range", ["time": #""4:70""#], key: "time", #""4:70" is not a time: minutes and seconds stop at 59"#),
        .entry("time of zero", ["time": #""0:00""#], key: "time", "more than zero"),
        .entry("time with a label", ["time": #""4:00 minutes""#], key: "time", #"more than a time: "minutes""#),
        .entry("water_ml as a string", ["water_ml": #""550""#], key: "water_ml", "whole number"),
        .entry("water_ml as a decimal", ["water_ml": "550.0"], key: "water_ml", "floating-point"),
        .entry("water_ml of zero", ["water_ml": "0", "water_by_packs": nil], key: "water_ml", "more than zero"),
        .entry("water_by_packs without water_ml", ["water_ml": nil, "water": #""to the line""#], key: "water_by_packs", "needs 'water_ml'"),
        .entry("water_by_packs not from water_ml", ["water_by_packs": "[500, 950]"], key: "water_by_packs", "starts at 500"),
        .entry("water_by_packs shrinking", ["water_by_packs": "[550, 1050, 900]"], key: "water_by_packs", "900 follows 1050"),
        .entry("water_by_packs repeating", ["water_by_packs": "[550, 550]"], key: "water_by_packs", "550 follows 550"),
        .entry("water_by_packs empty", ["water_by_packs": "[]"], key: "water_by_packs", "is empty"),
        .entry("water_by_packs with words", ["water_by_packs": #"[550, "lots"]"#], key: "water_by_packs", "item 2"),
        .entry("water_by_packs as a number", ["water_by_packs": "550"], key: "water_by_packs", "list of whole numbers"),
        .entry("unknown confidence", ["confidence": #""certain""#], key: "confidence", #""certain" should be one of"#),
        .entry("confidence in capitals", ["confidence": #""High""#], key: "confidence", "should be one of"),
        .entry("low confidence, note silent on the pack", ["confidence": #""low""#, "note": #""Tasty.""#], key: "note", "the pack"),
        .entry("low confidence, no note", ["confidence": #""low""#, "note": nil], key: "note", "the pack"),
        .entry("steps not in [mm:ss] form", ["steps": #""noodles in""#], key: "steps", "line 1"),
        .entry("steps with a bad stamp", ["steps": "\"\"\"\n[00:00] in\n[4:xx] out\n\"\"\""], key: "steps", "line 2"),
        .entry("a step after the time", ["steps": #""[04:01] late""#], key: "steps", #""[04:01] late" comes after the cooking 'time' of 4:00"#),
        .entry("steps as a list", ["steps": #"["[00:00] in"]"#], key: "steps", "should be a string"),
        .file("duplicate id", SampleFile.entry() + SampleFile.entry(), key: "id", #""jin-ramen" is already used by ramen #1"#),
        .file("stray top-level key", "version = 1\n" + SampleFile.entry(), key: "version", "is not a known key"),
        .file("no products", "# nothing yet\n", key: "ramen", "is missing"),
        .file("ramen as a string", "ramen = \"shin\"\n", key: "ramen", "not a string"),
        .file("ramen items that are not tables", "ramen = [1, 2]\n", key: nil, "ramen #1: is an integer"),
    ]

    @Test("each kind of bad input is refused with a message naming the key", arguments: badFiles)
    func refuses(bad: BadFile) {
        #expect {
            try CatalogFile.parse(bad.toml)
        } throws: { error in
            guard let error = error as? CatalogFileError else { return false }
            return error.key == bad.key && error.description.contains(bad.fragment)
                && bad.key.map { error.description.contains("'\($0)'") } ?? true
        }
    }

    @Test("a message names the product by position and id")
    func namesTheProduct() throws {
        let toml = SampleFile.entry(["id": #""shin-ramyun""#]) + SampleFile.entry(["id": #""neoguri""#])
            + SampleFile.entry(["time": #""4:70""#])
        let error = try #require(throws: CatalogFileError.self) { try CatalogFile.parse(toml) }
        #expect(error.place == .entry(number: 3, id: "jin-ramen"))
        #expect(error.description == #"ramen #3 (jin-ramen): 'time' "4:70" is not a time: minutes and seconds stop at 59 ('4:70')"#)
    }

    @Test("a product without an id is named by position alone")
    func namesByPosition() throws {
        let toml = SampleFile.entry() + SampleFile.entry(["id": nil])
        let error = try #require(throws: CatalogFileError.self) { try CatalogFile.parse(toml) }
        #expect(error.description == "ramen #2: 'id' is missing")
    }

    @Test("a TOML syntax error names its line", arguments: [
        ("[[ramen]]\nid = \"jin-ramen\"\nname = \"Jin Ramen\n", 3),
        ("[[ramen]]\nid = \"jin-ramen\"\n\ntime = 4:30\n", 4),
        ("[[ramen]]\nid = \"a\"\nid = \"b\"\n", 3),
    ])
    func syntaxError(toml: String, line: Int) throws {
        let error = try #require(throws: CatalogFileError.self) { try CatalogFile.parse(toml) }
        guard case .line(let reported, _) = error.place else {
            Issue.record("expected a line, got \(error.place)")
            return
        }
        #expect(reported == line)
        #expect(error.description.hasPrefix("line \(line), column "))
        #expect(error.key == nil)
    }
}
