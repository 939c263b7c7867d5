import FoundationEssentials
import Synchronization

/// Nightstand's own words (the built-in widgets, the views, the alarm, the web page) in every
/// shipped language: String Catalogs, one per language, in the same format a widget author's
/// `Localizable.xcstrings` has.
///
/// The catalogs are `Sources/Localization/Strings/<language>.xcstrings` in the source tree and
/// `/usr/share/nightstand/strings` in the package (`scripts/package-deb`); a program built
/// from the tree reads the tree's, an installed one the package's. English is also compiled
/// in (the `EmbeddedStrings` plugin), so a bare binary shows English words. `en.xcstrings`
/// lists every key (with English plural forms); `NightstandStringsTests` fails when another
/// language lacks one of them.
///
/// Views need nothing: `Text("Snooze")` is looked up here after the widget's own bundle.
/// Code that makes a `String` for a view (a status line, the web page) asks directly:
///
/// ```swift
/// NightstandStrings.string("Snooze", language: LanguageTag("de_DE"))          // "Schlummern"
/// NightstandStrings.string("%lld days", language: tag, arguments: [.integer(3)])
/// ```
public enum NightstandStrings {
    /// Where the catalogs are looked for, in order; the first folder that exists is read.
    public static let directories = [
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Strings",
        "/usr/share/nightstand/strings",
    ]

    /// Every shipped language's catalog, read once: English as compiled into the program,
    /// then the catalogs of the first of ``directories`` that exists.
    public static let catalog = read(directories: directories)

    /// The catalogs one language needs, by its candidates: read on first use, once.
    private static let byLanguage = Mutex<[[String]: StringCatalog]>([:])

    /// English (compiled in, so a program without its catalogs folder shows words, not keys),
    /// then every `*.xcstrings` of the first of `directories` that exists.
    public static func read(directories: [String]) -> StringCatalog {
        read(directories: directories) { _ in true }
    }

    /// The words a language needs, from the first of `directories` that exists.
    ///
    /// English (compiled in, and `en.xcstrings`, the keys' language) and the catalogs named by
    /// the language's candidates (`de-AT`: `de-AT.xcstrings` and `de.xcstrings`). A display's
    /// start reads these, not all thirteen catalogs: parsing them all was a third of the work
    /// to the first frame (docs/car.md, "From exec to the first frame").
    public static func read(directories: [String], language: LanguageTag) -> StringCatalog {
        let names = Set(language.candidates + ["en"]).map { "\($0).xcstrings" }
        return read(directories: directories) { names.contains($0) }
    }

    /// Nightstand's words in a language (``read(directories:language:)`` of ``directories``),
    /// read once per language.
    public static func words(in language: LanguageTag) -> StringCatalog {
        let key = language.candidates
        if let known = byLanguage.withLock({ $0[key] }) { return known }
        let catalog = read(directories: directories, language: language)
        byLanguage.withLock { $0[key] = catalog }
        return catalog
    }

    /// English compiled in, then the `*.xcstrings` of the first of `directories` that exists
    /// whose names are `including`; an `en.xcstrings` with the compiled-in bytes (the
    /// package's, beside its own program) is not parsed twice.
    private static func read(directories: [String], including: (String) -> Bool) -> StringCatalog {
        var catalog = StringCatalog()
        let compiled = Data(english.utf8)
        catalog.add(catalog: compiled, file: "en.xcstrings (compiled in)")
        let files = FileManager.default
        guard let directory = directories.first(where: { files.fileExists(atPath: $0) }) else {
            return catalog
        }
        let names = (try? files.contentsOfDirectory(atPath: directory)) ?? []
        for name in names.sorted() where name.hasSuffix(".xcstrings") && including(name) {
            let path = "\(directory)/\(name)"
            if name == "en.xcstrings", files.contents(atPath: path) == compiled { continue }
            catalog.add(catalogAt: path)
        }
        return catalog
    }

    /// The languages Nightstand's words are in: those with a catalog.
    public static var languages: [String] { catalog.languages }

    /// Whether a language has Nightstand's words (itself or its base language: "de-AT" has
    /// them through "de").
    public static func supports(_ language: LanguageTag) -> Bool {
        let catalog = words(in: language)
        return language.candidates.contains { catalog.entries[$0] != nil }
    }

    /// What `check-config` says of the display's language (a locale identifier such as
    /// `de_DE`): whether Nightstand's words are in it, and the languages they are in when not.
    ///
    /// ```
    /// language: de_DE (Nightstand's words in de)
    /// language: fi_FI: Nightstand's words are not in fi, they show in English (in: ar, de, …)
    /// ```
    public static func summary(locale identifier: String) -> String {
        let tag = LanguageTag(identifier)
        if let found = tag.candidates.first(where: { words(in: tag).entries[$0] != nil }) {
            return "language: \(identifier) (Nightstand's words in \(found))"
        }
        if tag.language == "en" { return "language: \(identifier) (Nightstand's words in en)" }
        return "language: \(identifier): Nightstand's words are not in \(tag.language), they show"
            + " in English (in: \(languages.joined(separator: ", ")))"
    }

    /// A key's words in a language, with its arguments filled in; the key itself (with its
    /// arguments) when no catalog has it.
    public static func string(
        _ key: String, language: LanguageTag, arguments: [LocalizedArgument] = []
    ) -> String {
        let operands: (Int) -> PluralOperands? = { index in
            guard index >= 1, index <= arguments.count else { return nil }
            if case .integer(let value) = arguments[index - 1] { return PluralOperands(value) }
            return nil
        }
        let catalog = words(in: language)
        let pieces =
            catalog.entry(key, language: language)?.format(
                rules: catalog.rules(for: key, language: language), operands: operands)
            ?? FormatString(key).pieces
        return pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .variable: ""
            case .argument(let index, _):
                index >= 1 && index <= arguments.count ? arguments[index - 1].text : ""
            }
        }.joined()
    }
}

/// An argument of ``NightstandStrings/string(_:language:arguments:)``.
public enum LocalizedArgument: Equatable, Sendable {
    /// Text, for `%@`.
    case text(String)
    /// A count, for `%lld` and `%d`: it chooses plural forms; written in ASCII digits.
    case integer(Int64)

    var text: String {
        switch self {
        case .text(let text): text
        case .integer(let value): String(value)
        }
    }
}
