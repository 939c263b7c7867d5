/// Finds what TOMLKit's parser (toml++ 3) cannot survive, before it sees it.
///
/// toml++ assumes things about its input that only valid TOML guarantees, and fails an
/// assertion (an abort; undefined behaviour where assertions are compiled out) instead of
/// reporting a parse error when they do not hold. Fuzzing found three (docs/reliability.md):
/// - a table header whose name starts with anything but a key character or a quote: `[(`,
///   `[[!x]]`, a lone `[` at the end of a line;
/// - a `}` where an array expects a value: `a = [}]`, `a = [1, }]`;
/// - a line or paragraph separator (U+2028, U+2029) or a next-line character (U+0085) outside
///   a string or a comment, which the parser takes for neither a line break nor a value.
///
/// This scan follows the document's structure far enough to tell a header from an array
/// inside a value, a line of a multi-line string or a comment, and reports the first such place as the
/// parse error it is. toml++ stops at its first error, so only the valid TOML before a trap
/// matters, and that this scan follows exactly.
///
/// ```swift
/// TOMLPreflight.firstTrap(in: "[(slot]\n")
/// // (line: 1, message: "expected a table name after '[', found '('")
/// ```
enum TOMLPreflight {
    /// The line (from 1) of the first place toml++ cannot survive and what is wrong there;
    /// nil when there is none.
    static func firstTrap(in source: String) -> (line: Int, message: String)? {
        let text = Array(source.unicodeScalars)
        var i = 0
        var line = 1
        var open: [Unicode.Scalar] = []  // the brackets and braces open in a value
        var lineStart = true  // only blanks so far on this line
        var arrayValueNext = false  // after an array's `[` or `,`: a value or `]` comes next
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
            if c == " " || c == "\t" || c == "\r" {
                i += 1
                continue
            }
            if c == "#" {
                while i < text.count && text[i] != "\n" { i += 1 }
                continue
            }
            if isStrayLineBreak(c) {
                return (line, "expected a line break (\\n), found \(describe(c))")
            }
            if open.isEmpty && lineStart && c == "[" {
                var j = i + 1
                if j < text.count && text[j] == "[" { j += 1 }
                skipBlanks(&j)
                if j < text.count && !isNameStart(text[j]) {
                    let found = text[j] == "\n" ? "the end of the line" : describe(text[j])
                    return (line, "expected a table name after '[', found \(found)")
                }
                // The rest of the header line holds no value: skip it, its quoted names whole
                // and a comment to the line's end (quotes in a comment open no string).
                while i < text.count && text[i] != "\n" {
                    if text[i] == "#" {
                        while i < text.count && text[i] != "\n" { i += 1 }
                    } else if text[i] == "\"" || text[i] == "'" {
                        i = endOfString(text, from: i, line: &line)
                    } else {
                        i += 1
                    }
                }
                continue
            }
            lineStart = false
            if arrayValueNext && c == "}" {
                return (line, "expected a value or ']' in the array, found '}'")
            }
            arrayValueNext = false
            switch c {
            case "\"", "'": i = endOfString(text, from: i, line: &line)
            case "[", "{":
                open.append(c)
                arrayValueNext = c == "["
                i += 1
            case "]", "}":
                _ = open.popLast()
                i += 1
            case ",":
                arrayValueNext = open.last == "["
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

    /// Whether `c` is a line ending other than `\n` and `\r\n` that toml++ knows only as
    /// whitespace (U+0085, U+2028, U+2029).
    private static func isStrayLineBreak(_ c: Unicode.Scalar) -> Bool {
        c == "\u{85}" || c == "\u{2028}" || c == "\u{2029}"
    }

    /// `'c'` for a printable ASCII character, `U+XXXX` for anything else.
    private static func describe(_ c: Unicode.Scalar) -> String {
        if c.isASCII && c.value >= 0x20 && c.value < 0x7F { return "'\(c)'" }
        let hex = String(c.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
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
                if i + 1 < text.count && text[i + 1] == "\n" { line += 1 }
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
