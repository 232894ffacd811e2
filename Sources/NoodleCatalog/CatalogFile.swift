import NoodleCore
import TOMLKit

/// The catalog's TOML format, read strictly: contributors edit it without a compiler to catch
/// their typos, so every unknown key, wrong type or out-of-range figure is an error naming
/// where it is, never a product quietly dropped or a field quietly ignored.
public enum CatalogFile {
    static let knownKeys: Set<String> = [
        "id", "name", "korean", "brand", "time", "water_ml", "water", "water_by_packs", "note", "steps", "confidence",
    ]

    public static func parse(_ text: String) throws(CatalogFileError) -> Catalog {
        let document = try table(from: text)
        if let stray = document.keys.sorted().first(where: { $0 != "ramen" }) {
            throw CatalogFileError(place: .topLevel, key: stray, problem: "is not a known key: each product is a [[ramen]] table")
        }
        guard let ramen = document["ramen"] else {
            throw CatalogFileError(place: .topLevel, key: "ramen", problem: "is missing: the file has no [[ramen]] tables")
        }
        guard let items = ramen.array else {
            throw CatalogFileError(place: .topLevel, key: "ramen", problem: "should be [[ramen]] tables, not \(article(ramen.type))")
        }
        var entries: [CatalogEntry] = []
        var numberOfID: [String: Int] = [:]
        for (offset, item) in items.enumerated() {
            let number = offset + 1
            guard let table = item.table else {
                let problem = "is \(article(item.type)), not a [[ramen]] table"
                throw CatalogFileError(place: .entry(number: number, id: nil), key: nil, problem: problem)
            }
            let entry = try EntryReader(table: table, number: number).entry()
            if let first = numberOfID[entry.id] {
                let problem = "\"\(entry.id)\" is already used by ramen #\(first)"
                throw CatalogFileError(place: .entry(number: number, id: entry.id), key: "id", problem: problem)
            }
            numberOfID[entry.id] = number
            entries.append(entry)
        }
        return Catalog(entries: entries)
    }

    private static func table(from text: String) throws(CatalogFileError) -> TOMLTable {
        if let problem = TOMLPreflight.firstProblem(in: text) {
            throw CatalogFileError(place: .line(problem.line, column: problem.column), key: nil, problem: problem.text)
        }
        do {
            return try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let start = error.source.begin
            throw CatalogFileError(place: .line(start.line, column: start.column), key: nil, problem: error.description)
        } catch {
            throw CatalogFileError(place: .topLevel, key: nil, problem: "is not TOML: \(error)")
        }
    }

    /// "an integer", "a string": TOML's type names read as English in the messages.
    static func article(_ type: TOMLType) -> String {
        let name = type.description
        return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
    }
}

/// One [[ramen]] table turned into an entry, each key checked as it is read.
private struct EntryReader {
    let table: TOMLTable
    let number: Int
    /// Known as soon as possible, so that errors about other keys can name the product.
    let id: String?

    init(table: TOMLTable, number: Int) {
        self.table = table
        self.number = number
        id = table["id"]?.string.flatMap { $0.isEmpty ? nil : $0 }
    }

    func entry() throws(CatalogFileError) -> CatalogEntry {
        if let stray = table.keys.sorted().first(where: { !CatalogFile.knownKeys.contains($0) }) {
            throw error(stray, "is not a known key (known: \(CatalogFile.knownKeys.sorted().joined(separator: ", ")))")
        }
        let id = try stableID()
        let name = try requiredText("name")
        let koreanName = try requiredText("korean")
        let brand = try requiredText("brand")
        let time = try cookingTime()
        let water = try waterAmount()
        let note = try string("note") ?? ""
        let confidence = try trust(note: note)
        let steps = try timedSteps(within: time)
        return CatalogEntry(
            id: id, name: name, koreanName: koreanName, brand: brand, time: time.duration, water: water,
            note: note, steps: steps, confidence: confidence
        )
    }

    private func error(_ key: String?, _ problem: String) -> CatalogFileError {
        CatalogFileError(place: .entry(number: number, id: id), key: key, problem: problem)
    }

    // MARK: Values by type

    private func string(_ key: String) throws(CatalogFileError) -> String? {
        guard let value = table[key] else { return nil }
        guard let text = value.string else {
            throw error(key, "should be a string in quotes, not \(CatalogFile.article(value.type))")
        }
        return text
    }

    /// A string that must be there and say something: a blank name would show as an empty row.
    private func requiredText(_ key: String) throws(CatalogFileError) -> String {
        guard let text = try string(key) else { throw error(key, "is missing") }
        guard text.contains(where: { !$0.isWhitespace }) else { throw error(key, "is empty") }
        return text
    }

    private func integer(_ key: String) throws(CatalogFileError) -> Int? {
        guard let value = table[key] else { return nil }
        guard let number = value.int else {
            throw error(key, "should be a whole number, not \(CatalogFile.article(value.type))")
        }
        return number
    }

    private func integers(_ key: String) throws(CatalogFileError) -> [Int]? {
        guard let value = table[key] else { return nil }
        guard let array = value.array else {
            throw error(key, "should be a list of whole numbers like [550, 880], not \(CatalogFile.article(value.type))")
        }
        var numbers: [Int] = []
        for (offset, item) in array.enumerated() {
            guard let number = item.int else {
                throw error(key, "item \(offset + 1) should be a whole number, not \(CatalogFile.article(item.type))")
            }
            numbers.append(number)
        }
        return numbers
    }

    // MARK: Keys with rules of their own

    /// Bookmarks store the id, so it must survive being typed, stored and compared byte for byte.
    private func stableID() throws(CatalogFileError) -> String {
        let id = try requiredText("id")
        let words = id.split(separator: "-", omittingEmptySubsequences: false)
        let isKebabCase = words.allSatisfy { word in
            !word.isEmpty && word.unicodeScalars.allSatisfy { ("a" ... "z").contains($0) || ("0" ... "9").contains($0) }
        }
        guard isKebabCase else {
            throw error("id", "\"\(id)\" should be lowercase letters and digits joined by single hyphens, like \"shin-ramyun\"")
        }
        return id
    }

    private func cookingTime() throws(CatalogFileError) -> (text: String, duration: Duration) {
        guard let value = table["time"] else { throw error("time", "is missing") }
        guard let text = value.string else {
            throw error("time", "should be a string in quotes like \"4:30\", not \(CatalogFile.article(value.type))")
        }
        switch DurationInput.parse(text) {
        case .failure(let reason):
            throw error("time", "\"\(text)\" is not a time: \(reason)")
        case .success(let input):
            guard input.label.isEmpty else { throw error("time", "\"\(text)\" has more than a time: \"\(input.label)\"") }
            return (text, input.duration)
        }
    }

    private func waterAmount() throws(CatalogFileError) -> Water {
        let millilitres = try integer("water_ml")
        let instruction = try string("water")
        let byPacks = try integers("water_by_packs")
        if millilitres == nil, instruction == nil { throw error("water_ml", "is missing, and so is 'water': give at least one") }
        if let millilitres, millilitres <= 0 { throw error("water_ml", "\(millilitres) should be more than zero") }
        if let instruction, !instruction.contains(where: { !$0.isWhitespace }) { throw error("water", "is empty") }
        guard let byPacks else { return Water(millilitres: millilitres, instruction: instruction) }
        guard let millilitres else {
            throw error("water_by_packs", "needs 'water_ml', the water for one pack, as its first figure")
        }
        guard let first = byPacks.first else {
            throw error("water_by_packs", "is empty: leave it out when the maker gives no table")
        }
        guard first == millilitres else {
            throw error("water_by_packs", "starts at \(first) but 'water_ml' is \(millilitres): the first figure is one pack's water")
        }
        for (smaller, larger) in zip(byPacks, byPacks.dropFirst()) where larger <= smaller {
            throw error("water_by_packs", "should grow with each pack, but \(larger) follows \(smaller)")
        }
        return Water(millilitres: millilitres, instruction: instruction, byPacks: byPacks)
    }

    /// Low confidence must be visible where the user reads, not only in this file.
    private func trust(note: String) throws(CatalogFileError) -> CatalogEntry.Confidence {
        let text = try requiredText("confidence")
        guard let confidence = CatalogEntry.Confidence(rawValue: text) else {
            let choices = CatalogEntry.Confidence.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw error("confidence", "\"\(text)\" should be one of \(choices)")
        }
        if confidence == .low, !note.lowercased().contains("pack") {
            let example = "Low-confidence figures: the pack is the authority."
            throw error("note", "must send the reader to the pack when 'confidence' is \"low\", e.g. \"\(example)\"")
        }
        return confidence
    }

    private func timedSteps(within time: (text: String, duration: Duration)) throws(CatalogFileError) -> [TimedStep] {
        guard let text = try string("steps") else { return [] }
        switch TimedSteps.parse(text) {
        case .failure(let errors):
            // TOMLKit gives no source positions for values, so lines count from the first line of steps.
            throw error("steps", "has lines that are not \"[mm:ss] text\" (counting lines within steps): \(errors)")
        case .success(let steps):
            if let late = steps.first(where: { $0.offset > time.duration }) {
                throw error("steps", "\"\(TimedSteps.format([late]))\" comes after the cooking 'time' of \(time.text)")
            }
            return steps
        }
    }
}

/// Why the catalog file could not be read, and where: a line for broken TOML, otherwise the
/// product (by id, or by position when it has none) and the key to fix.
public struct CatalogFileError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Place: Sendable, Equatable, CustomStringConvertible {
        /// TOML syntax: the parser's 1-based line and column.
        case line(Int, column: Int)
        /// Outside any product.
        case topLevel
        /// The 1-based position of a [[ramen]] table, and its id when it has a readable one.
        case entry(number: Int, id: String?)

        public var description: String {
            switch self {
            case .line(let line, let column): "line \(line), column \(column)"
            case .topLevel: "top level"
            case .entry(let number, .some(let id)): "ramen #\(number) (\(id))"
            case .entry(let number, .none): "ramen #\(number)"
            }
        }
    }

    public let place: Place
    /// The key to fix, when the problem is one key's.
    public let key: String?
    public let problem: String

    public init(place: Place, key: String?, problem: String) {
        self.place = place
        self.key = key
        self.problem = problem
    }

    public var description: String {
        "\(place): " + (key.map { "'\($0)' " } ?? "") + problem
    }
}
