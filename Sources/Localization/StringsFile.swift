import FoundationEssentials

/// Reads the legacy strings formats of a `.lproj` folder: `Localizable.strings` (`"key" =
/// "value";` lines with C comments, UTF-8 or UTF-16) and `Localizable.stringsdict` (an XML
/// property list of plural rules).
enum StringsFile {
    /// The entries of a `.strings` file.
    static func strings(_ data: Data, file: String) throws(CatalogError) -> [String: LocalizedEntry]
    {
        guard let text = decode(data) else {
            throw CatalogError(file: file, problem: "neither UTF-8 nor UTF-16 text")
        }
        var parser = StringsParser(text: Array(text.unicodeScalars))
        var entries: [String: LocalizedEntry] = [:]
        do {
            while try parser.skipSpace() {
                let key = try parser.token()
                try parser.expect("=")
                let value = try parser.token()
                try parser.expect(";")
                entries[key] = LocalizedEntry(.text(value))
            }
        } catch let problem {
            throw CatalogError(file: file, problem: "line \(parser.line): \(problem.message)")
        }
        return entries
    }

    /// The text of a strings file: UTF-16 with its byte order mark, else UTF-8.
    private static func decode(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            let little = bytes[0] == 0xFF
            var units: [UInt16] = []
            var i = 2
            while i + 1 < bytes.count {
                let (a, b) = (UInt16(bytes[i]), UInt16(bytes[i + 1]))
                units.append(little ? a | b << 8 : a << 8 | b)
                i += 2
            }
            return String(decoding: units, as: UTF16.self)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return String(validating: body, as: UTF8.self)
    }

    /// The entries of a `.stringsdict` file: each key's `NSStringLocalizedFormatKey` and its
    /// variables (`NSStringPluralRuleType` dictionaries with `NSStringFormatValueTypeKey`).
    static func stringsdict(
        _ data: Data, file: String
    ) throws(CatalogError) -> [String: LocalizedEntry] {
        let root: [String: PropertyListValue]
        do {
            root = try PropertyListDecoder().decode([String: PropertyListValue].self, from: data)
        } catch {
            throw CatalogError(
                file: file,
                problem: "not a property list of dictionaries: "
                    + StringCatalogFile.describe(error))
        }
        var entries: [String: LocalizedEntry] = [:]
        for (key, value) in root {
            guard case .dictionary(let rule) = value,
                case .string(let format) = rule["NSStringLocalizedFormatKey"]
            else {
                throw CatalogError(
                    file: file, problem: "\"\(key)\": no NSStringLocalizedFormatKey string")
            }
            var entry = LocalizedEntry(.text(format))
            for (name, variable) in rule where name != "NSStringLocalizedFormatKey" {
                guard case .dictionary(let forms) = variable else { continue }
                guard case .string("NSStringPluralRuleType") = forms["NSStringFormatSpecTypeKey"]
                else {
                    throw CatalogError(
                        file: file,
                        problem: "\"\(key)\".\(name): NSStringFormatSpecTypeKey is not"
                            + " NSStringPluralRuleType")
                }
                var values: [PluralCategory: LocalizedValue] = [:]
                for category in PluralCategory.allCases {
                    if case .string(let text) = forms[category.rawValue] {
                        values[category] = .text(text)
                    }
                }
                var specifier = "d"
                if case .string(let type) = forms["NSStringFormatValueTypeKey"] { specifier = type }
                entry.substitutions[name] = LocalizedEntry.Substitution(
                    argument: nil, specifier: specifier, value: .plural(values))
            }
            entries[key] = entry
        }
        return entries
    }
}

/// A value of a property list, as far as `.stringsdict` files use them.
enum PropertyListValue: Decodable {
    case string(String)
    case dictionary([String: PropertyListValue])
    case other

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let dictionary = try? container.decode([String: PropertyListValue].self) {
            self = .dictionary(dictionary)
        } else {
            self = .other
        }
    }
}

/// A problem in a `.strings` file's syntax.
struct StringsSyntaxError: Error {
    var message: String
}

/// The tokens of a `.strings` file: quoted or bare strings, `=`, `;`, comments skipped.
struct StringsParser {
    let text: [Unicode.Scalar]
    var at = 0
    var line = 1

    /// Skips spaces and comments; false at the end of the text.
    mutating func skipSpace() throws(StringsSyntaxError) -> Bool {
        while at < text.count {
            let c = text[at]
            if c == "\n" {
                line += 1
                at += 1
            } else if c.properties.isWhitespace {
                at += 1
            } else if c == "/", at + 1 < text.count, text[at + 1] == "/" {
                while at < text.count, text[at] != "\n" { at += 1 }
            } else if c == "/", at + 1 < text.count, text[at + 1] == "*" {
                at += 2
                while at + 1 < text.count, !(text[at] == "*" && text[at + 1] == "/") {
                    if text[at] == "\n" { line += 1 }
                    at += 1
                }
                guard at + 1 < text.count else {
                    throw StringsSyntaxError(message: "a comment is not closed with */")
                }
                at += 2
            } else {
                return true
            }
        }
        return false
    }

    /// Expects a punctuation character after optional space.
    mutating func expect(_ mark: Unicode.Scalar) throws(StringsSyntaxError) {
        guard try skipSpace(), text[at] == mark else {
            throw StringsSyntaxError(message: "expected \"\(mark)\"")
        }
        at += 1
    }

    /// A quoted string with its escapes resolved, or a bare word.
    mutating func token() throws(StringsSyntaxError) -> String {
        guard try skipSpace() else { throw StringsSyntaxError(message: "expected a string") }
        var out = String.UnicodeScalarView()
        guard text[at] == "\"" else {
            while at < text.count,
                text[at].properties.isAlphabetic
                    || "0123456789_.$:/-"
                        .unicodeScalars.contains(text[at])
            {
                out.append(text[at])
                at += 1
            }
            guard !out.isEmpty else {
                throw StringsSyntaxError(message: "expected a quoted string")
            }
            return String(out)
        }
        at += 1
        while at < text.count, text[at] != "\"" {
            if text[at] == "\n" { line += 1 }
            if text[at] == "\\", at + 1 < text.count {
                at += 1
                out.append(try escape())
            } else {
                out.append(text[at])
                at += 1
            }
        }
        guard at < text.count else { throw StringsSyntaxError(message: "a string is not closed") }
        at += 1
        return String(out)
    }

    /// The character an escape after a backslash stands for.
    private mutating func escape() throws(StringsSyntaxError) -> Unicode.Scalar {
        let c = text[at]
        at += 1
        switch c {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "U", "u":
            let hex = String(String.UnicodeScalarView(text[at..<min(at + 4, text.count)]))
            guard hex.count == 4, let value = UInt32(hex, radix: 16),
                let scalar = Unicode.Scalar(value)
            else { throw StringsSyntaxError(message: "\\U needs four hex digits") }
            at += 4
            return scalar
        default: return c
        }
    }
}
