import FoundationEssentials

/// The text of `Fixtures/<name>`, found next to this file.
func fixture(_ name: String, filePath: String = #filePath) throws -> String {
    let directory = filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        .joined(separator: "/")
    return try String(contentsOfFile: directory + "/Fixtures/" + name, encoding: .utf8)
}

/// The URL of `text` (a `String`, so that the failable initializer is the one called on every
/// toolchain); throws for text that is no URL.
func url(_ text: String) throws -> URL {
    guard let url = URL(string: text) else { throw CocoaError(.fileReadInvalidFileName) }
    return url
}
