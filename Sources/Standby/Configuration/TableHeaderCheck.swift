/// Finds a table header that TOMLKit's parser (toml++ 3) cannot survive, before it sees it.
///
/// toml++ assumes that a table header's name starts with a key character or a quote: `[(`,
/// `[[!x]]` or a lone `[` at the end of a line fail an assertion (an abort; undefined
/// behaviour where assertions are compiled out) instead of a parse error. Fuzzing found it
/// (docs/reliability.md). This scan follows the document's structure far enough to tell a
/// header from an array inside a value or a line of a multi-line string, and reports the
/// first such header as the parse error it is.
///
/// ```swift
/// TableHeaderCheck.firstBadHeader(in: "[(slot]\n")   // (line: 1, found: "(")
/// ```
enum TableHeaderCheck {
    /// The line (from 1) and character of the first table header whose name starts with
    /// something other than a key character, a quote or `]`; nil when there is none.
    static func firstBadHeader(in source: String) -> (line: Int, found: String)? {
        let text = Array(source.unicodeScalars)
        var i = 0
        var line = 1
        var depth = 0  // brackets and braces open in a value
        var lineStart = true  // only blanks so far on this line
        func skipBlanks(_ j: inout Int) {
            while j < text.count && (text[j] == " " || text[j] == "\t") { j += 1 }
        }
        while i < text.count {
            let c = text[i]
            if c == "\n" {
                line += 1
                lineStart = true
                i += 1
                continue
            }
            if lineStart && (c == " " || c == "\t" || c == "\r") {
                i += 1
                continue
            }
            if c == "#" {
                while i < text.count && text[i] != "\n" { i += 1 }
                continue
            }
            if depth == 0 && lineStart && c == "[" {
                var j = i + 1
                if j < text.count && text[j] == "[" { j += 1 }
                skipBlanks(&j)
                if j < text.count && !isNameStart(text[j]) {
                    return (line, text[j] == "\n" ? "the end of the line" : "'\(text[j])'")
                }
                // The rest of the header line holds no value: skip it, quotes and all.
                while i < text.count && text[i] != "\n" {
                    if text[i] == "\"" || text[i] == "'" {
                        i = endOfString(text, from: i, line: &line)
                    } else {
                        i += 1
                    }
                }
                continue
            }
            lineStart = false
            switch c {
            case "\"", "'": i = endOfString(text, from: i, line: &line)
            case "[", "{":
                depth += 1
                i += 1
            case "]", "}":
                depth = max(0, depth - 1)
                i += 1
            default: i += 1
            }
        }
        return nil
    }

    /// Whether a header's name may start with `c`: a bare-key character, a quote, or the `]`
    /// of an empty name (which the parser reports itself).
    private static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        c.isASCII
            && (c.properties.isAlphabetic || ("0"..."9").contains(c)
                || "_-\"']".unicodeScalars
                    .contains(c))
    }

    /// The index after the string starting at `start` (one or three quotes, basic or literal),
    /// counting the lines of a multi-line one; a single-line string ends at the line's end at
    /// the latest.
    private static func endOfString(_ text: [Unicode.Scalar], from start: Int, line: inout Int)
        -> Int
    {
        let quote = text[start]
        let isTriple =
            start + 2 < text.count && text[start + 1] == quote && text[start + 2] == quote
        var i = start + (isTriple ? 3 : 1)
        while i < text.count {
            let c = text[i]
            if c == "\\" && quote == "\"" {
                i += 2
                continue
            }
            if c == "\n" {
                guard isTriple else { return i }
                line += 1
            }
            if c == quote {
                if !isTriple { return i + 1 }
                if i + 2 < text.count && text[i + 1] == quote && text[i + 2] == quote {
                    return i + 3
                }
            }
            i += 1
        }
        return i
    }
}
