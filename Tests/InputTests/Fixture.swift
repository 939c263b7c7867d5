import FoundationEssentials

/// The text of `Fixtures/<name>`, found next to this file.
func fixture(_ name: String, filePath: String = #filePath) throws -> String {
    let directory = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/")
    return try String(contentsOfFile: directory + "/Fixtures/" + name, encoding: .utf8)
}
