import Foundation
import Localization
import Synchronization
import SystemSupport

/// Where a ``Text`` piece came from when it is part of a key: the key's lookup, shared by all
/// its pieces, and which argument of the key the piece shows (nil for the key's own words).
struct KeyPart {
    var lookup: KeyLookup?
    var argument: Int?
}

/// A key to look up: its format as Xcode writes it (`"Level %lld"`), the table and the bundle.
final class KeyLookup: Sendable {
    let key: String
    let table: String
    let bundle: Bundle?

    init(key: String, table: String?, bundle: Bundle?) {
        self.key = key
        self.table = table ?? "Localizable"
        self.bundle = bundle
    }

    /// The key's entry in its bundle's table, else (with no bundle given) in the program's
    /// resource bundles, else in Nightstand's own words; and the plural rules of the language
    /// it was found in.
    func entry(language: LanguageTag) -> (LocalizedEntry, PluralRules)? {
        for catalog in LocalizedTables.shared.catalogs(
            bundle: bundle, table: table, language: language)
        {
            if let entry = catalog.entry(key, language: language) {
                return (entry, catalog.rules(for: key, language: language))
            }
        }
        return nil
    }
}

extension Text {
    /// The text as it reads in the environment: in its language, each piece at `now`.
    func string(in environment: EnvironmentValues) -> String {
        Self.localized(segments, in: environment)
            .map { $0.source.resolve(in: environment).string }.joined()
    }

    /// The pieces with every key replaced by its words in the environment's language.
    ///
    /// The translation's text takes the style of the key's words, and the key's arguments
    /// (in their own style) go where the translation puts them. A key no catalog has stays
    /// as written.
    static func localized(_ segments: [Segment], in environment: EnvironmentValues) -> [Segment] {
        guard segments.contains(where: { $0.key?.lookup != nil }) else { return segments }
        let language = LanguageTag(environment.locale.identifier)
        var result: [Segment] = []
        var start = segments.startIndex
        while start < segments.endIndex {
            guard let lookup = segments[start].key?.lookup else {
                result.append(segments[start])
                start += 1
                continue
            }
            var end = start + 1
            while end < segments.endIndex, segments[end].key?.lookup === lookup { end += 1 }
            let group = segments[start..<end]
            result += expand(group, lookup: lookup, language: language) ?? Array(group)
            start = end
        }
        return result
    }

    /// One key's pieces in its translation, or nil when no catalog has the key.
    private static func expand(
        _ group: ArraySlice<Segment>, lookup: KeyLookup, language: LanguageTag
    ) -> [Segment]? {
        guard let (entry, rules) = lookup.entry(language: language),
            let pieces = entry.format(
                rules: rules,
                operands: { index in
                    group.first { $0.key?.argument == index }
                        .flatMap { ($0.source as? SpecifiedText)?.pluralOperands }
                })
        else { return nil }
        let words = group.first { $0.key?.argument == nil }?.attributes ?? group.first?.attributes
        var segments: [Segment] = []
        for piece in pieces {
            switch piece {
            case .literal(let text):
                var segment = Segment(source: VerbatimText(string: text))
                segment.attributes = words ?? TextAttributes()
                segments.append(segment)
            case .argument(let index, _), .variable(_, let index):
                segments += group.filter { $0.key?.argument == index }
            }
        }
        return segments
    }
}

extension SpecifiedText {
    /// The number's plural operands as its specifier writes it: "1" is one, "1.0" is not.
    var pluralOperands: PluralOperands? {
        switch argument {
        case let value as Int64: return PluralOperands(value)
        case let value as UInt64: return PluralOperands(Int64(clamping: value))
        default: return PluralOperands(written: String(format: specifier, argument))
        }
    }
}

/// The string tables read so far, by folder and table: each read once per process.
final class LocalizedTables: Sendable {
    static let shared = LocalizedTables()
    private let tables = Mutex<[String: StringCatalog]>([:])

    /// The catalogs to look a key up in, in order: the bundle's table, or with no bundle the
    /// main bundle's and every SwiftPM resource bundle's beside the program; then
    /// Nightstand's own words in `language`.
    func catalogs(bundle: Bundle?, table: String, language: LanguageTag) -> [StringCatalog] {
        let folders = bundle.map { [$0.resourcePath ?? $0.bundlePath] } ?? Self.programFolders
        return folders.map { catalog(folder: $0, table: table) }
            + [NightstandStrings.words(in: language)]
    }

    private func catalog(folder: String, table: String) -> StringCatalog {
        let name = "\(folder)\u{0}\(table)"
        if let known = tables.withLock({ $0[name] }) { return known }
        let catalog = StringCatalog(directory: folder, table: table)
        for problem in catalog.problems {
            Logger(label: "nightstand.localization").warning("\(problem)")
        }
        tables.withLock { $0[name] = catalog }
        return catalog
    }

    /// The main bundle's folder and the `*.resources` bundles SwiftPM puts beside the program
    /// (a widget package's `Bundle.module`).
    static let programFolders: [String] = {
        let main = Bundle.main.resourcePath ?? Bundle.main.bundlePath
        let names = (try? FileManager.default.contentsOfDirectory(atPath: main)) ?? []
        return [main] + names.sorted().filter { $0.hasSuffix(".resources") }.map { "\(main)/\($0)" }
    }()
}
