import FoundationEssentials
import SystemSupport

/// Finds the line of a key in TOML source text, for error messages.
///
/// ```swift
/// let lines = KeyLocator(source: "[display]\nrotation = 45\n")
/// lines.line(of: "display.rotation")  // 2
/// ```
///
/// TOMLKit reports positions only for syntax errors, so the host scans the text itself: it
/// follows `[table]` and `[[array]]` headers and `key =` lines. Keys inside inline tables or
/// dotted keys are reported at the line of their table.
public struct KeyLocator: Sendable {
    /// Line of each `table.key` path; arrays of tables are indexed: `widget.1.kind`.
    private var lines: [String: Int] = [:]

    /// Indexes the keys and table headers of `source`.
    public init(source: String) {
        var table = ""
        var arrayCounts: [String: Int] = [:]
        for (index, raw) in source.split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated()
        {
            let lineNumber = index + 1
            let line = raw.trimmingWhitespace()
            if line.hasPrefix("[[") {
                let name = Self.headerName(line.dropFirst(2))
                let n = arrayCounts[name, default: 0]
                arrayCounts[name] = n + 1
                table = "\(name).\(n)"
                lines[table] = lineNumber
            } else if line.hasPrefix("[") {
                table = Self.headerName(line.dropFirst())
                lines[table] = lineNumber
            } else if let equals = line.firstIndex(of: "="), !line.hasPrefix("#") {
                let key = line[..<equals].trimmingWhitespace()
                    .trimming { $0 == "\"" || $0 == "'" }
                let path = table.isEmpty ? key : "\(table).\(key)"
                if lines[path] == nil { lines[path] = lineNumber }
            }
        }
    }

    private static func headerName(_ rest: Substring) -> String {
        String(rest.prefix { $0 != "]" }).trimmingWhitespace()
    }

    /// The line of `path` (`"display.rotation"`, `"widget.0.kind"`), else of the nearest
    /// enclosing table, else `nil`.
    public func line(of path: String) -> Int? {
        var path = path
        while true {
            if let line = lines[path] { return line }
            guard let dot = path.lastIndex(of: ".") else { return nil }
            path = String(path[..<dot])
        }
    }
}
