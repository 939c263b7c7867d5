import FoundationEssentials

/// Reads Xcode's String Catalog (`.xcstrings`, JSON) into entries by language.
///
/// ```json
/// { "sourceLanguage": "en", "version": "1.0", "strings": {
///     "%lld days": { "localizations": {
///       "de": { "variations": { "plural": {
///         "one": { "stringUnit": { "state": "translated", "value": "%lld Tag" } },
///         "other": { "stringUnit": { "state": "translated", "value": "%lld Tage" } } } } } } } } }
/// ```
///
/// A key without a localization in the source language reads as itself there. Entries
/// marked `"shouldTranslate": false` are kept as written in every language.
enum StringCatalogFile {
    /// The catalog's source language and its entries by language tag.
    static func read(
        _ data: Data, file: String
    ) throws(CatalogError) -> (source: String, entries: [String: [String: LocalizedEntry]]) {
        let catalog: Catalog
        do {
            catalog = try JSONDecoder().decode(Catalog.self, from: data)
        } catch {
            throw CatalogError(file: file, problem: "not a String Catalog: \(describe(error))")
        }
        var entries: [String: [String: LocalizedEntry]] = [:]
        for (key, string) in catalog.strings {
            for (language, localization) in string.localizations ?? [:] {
                guard let entry = try localization.entry(key: key, file: file) else { continue }
                entries[language, default: [:]][key] = entry
            }
        }
        return (catalog.sourceLanguage, entries)
    }

    /// The decoding error in a line: the path of keys and what was wrong.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context), .keyNotFound(_, let context),
            .typeMismatch(_, let context), .valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty
                ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return "\(error)"
        }
    }

    private struct Catalog: Decodable {
        var sourceLanguage: String
        var strings: [String: CatalogString]
    }

    private struct CatalogString: Decodable {
        var localizations: [String: Localization]?
    }

    private struct StringUnit: Decodable {
        var value: String
    }

    private struct Variations: Decodable {
        var plural: [String: Localization]?
        var device: [String: Localization]?
    }

    private struct Substitution: Decodable {
        var argNum: Int?
        var formatSpecifier: String?
        var variations: Variations?
    }

    private final class Localization: Decodable {
        var stringUnit: StringUnit?
        var variations: Variations?
        var substitutions: [String: Substitution]?

        func entry(key: String, file: String) throws(CatalogError) -> LocalizedEntry? {
            guard let value = try value(key: key, file: file) else { return nil }
            var entry = LocalizedEntry(value)
            for (name, substitution) in substitutions ?? [:] {
                guard let forms = substitution.variations?.plural else {
                    throw CatalogError(
                        file: file,
                        problem: "\"\(key)\": substitution \"\(name)\" has no plural variations")
                }
                entry.substitutions[name] = LocalizedEntry.Substitution(
                    argument: substitution.argNum,
                    specifier: substitution.formatSpecifier ?? "lld",
                    value: try Self.plural(forms, key: key, file: file))
            }
            return entry
        }

        func value(key: String, file: String) throws(CatalogError) -> LocalizedValue? {
            if let plural = variations?.plural {
                return try Self.plural(plural, key: key, file: file)
            }
            if let device = variations?.device {
                var forms: [String: LocalizedValue] = [:]
                for (name, localization) in device {
                    forms[name] = try localization.value(key: key, file: file)
                }
                return .device(forms)
            }
            return stringUnit.map { .text($0.value) }
        }

        static func plural(
            _ forms: [String: Localization], key: String, file: String
        ) throws(CatalogError) -> LocalizedValue {
            var values: [PluralCategory: LocalizedValue] = [:]
            for (name, localization) in forms {
                guard let category = PluralCategory(rawValue: name) else {
                    throw CatalogError(
                        file: file,
                        problem: "\"\(key)\": \"\(name)\" is not a plural category"
                            + " (zero, one, two, few, many, other)")
                }
                values[category] = try localization.value(key: key, file: file)
            }
            return .plural(values)
        }
    }
}

/// A catalog file that could not be read: the file and what is wrong, in one line.
public struct CatalogError: Error, Equatable, CustomStringConvertible {
    /// The file's path.
    public var file: String
    /// What is wrong.
    public var problem: String

    /// `file: problem`.
    public var description: String { "\(file): \(problem)" }
}
