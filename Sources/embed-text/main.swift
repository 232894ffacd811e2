import Foundation

/// `embed-text INPUT OUTPUT NAME` writes a Swift file declaring `let NAME: String` with INPUT's text,
/// as a raw string literal whose delimiter no line of the text can close early.
let arguments = CommandLine.arguments
guard arguments.count == 4 else {
    FileHandle.standardError.write(Data("usage: embed-text INPUT OUTPUT NAME\n".utf8))
    exit(2)
}
let text = try String(contentsOfFile: arguments[1], encoding: .utf8)
var hashes = "#"
while text.contains("\"" + hashes) || text.contains("\"\"\"" + hashes) { hashes += "#" }
let source = """
// Generated at build time from \(URL(fileURLWithPath: arguments[1]).lastPathComponent); edit that file, not this one.
let \(arguments[3]): String = \(hashes)\"\"\"
\(text)
\"\"\"\(hashes)

"""
let existing = try? String(contentsOfFile: arguments[2], encoding: .utf8)
if existing != source {
    try source.write(toFile: arguments[2], atomically: true, encoding: .utf8)
}
