import FoundationEssentials

/// The translations of one strings table, in every language it has, read from the files iOS
/// writes: a String Catalog (`<table>.xcstrings`) and legacy `<language>.lproj/<table>.strings`
/// and `.stringsdict` files.
///
/// ```swift
/// let catalog = StringCatalog(directory: resourcesPath, table: "Localizable")
/// catalog.entry("%lld days", language: LanguageTag("de_DE"))   // the German plural forms
/// ```
///
/// A file that can't be read is left out and its problem kept in ``problems`` (file and what
/// is wrong); the other files still count. Where a String Catalog and an `.lproj` folder both
/// have a key, the catalog's entry wins.
public struct StringCatalog: Sendable {
    /// The language the keys are written in (the catalog's `sourceLanguage`; "en" for
    /// `.lproj` folders alone).
    public private(set) var sourceLanguage = "en"
    /// Entries by language tag ("de", "pt-BR", "zh-Hans"), then by key.
    public private(set) var entries: [String: [String: LocalizedEntry]] = [:]
    /// The files that could not be read, and why.
    public private(set) var problems: [CatalogError] = []

    /// An empty catalog.
    public init() {}

    /// The table `table` in a folder: `<folder>/<table>.xcstrings` and
    /// `<folder>/<language>.lproj/<table>.strings|.stringsdict`.
    public init(directory: String, table: String) {
        let files = FileManager.default
        let catalog = "\(directory)/\(table).xcstrings"
        if files.fileExists(atPath: catalog) { add(catalogAt: catalog) }
        let names = (try? files.contentsOfDirectory(atPath: directory)) ?? []
        for folder in names.sorted() where folder.hasSuffix(".lproj") {
            let language = String(folder.dropLast(".lproj".count))
            for kind in ["strings", "stringsdict"] {
                let path = "\(directory)/\(folder)/\(table).\(kind)"
                if files.fileExists(atPath: path) { add(lproj: path, language: language) }
            }
        }
    }

    /// Adds a String Catalog file; its entries replace those of the same language and key.
    public mutating func add(catalogAt path: String) {
        do {
            add(catalog: try read(path), file: path)
        } catch {
            problems.append(error)
        }
    }

    /// Adds a String Catalog's bytes (`file` names them in a problem); its entries replace
    /// those of the same language and key.
    public mutating func add(catalog data: Data, file: String) {
        do {
            let (source, byLanguage) = try StringCatalogFile.read(data, file: file)
            sourceLanguage = source
            for (language, table) in byLanguage {
                entries[Self.tag(language), default: [:]].merge(table) { _, new in new }
            }
        } catch {
            problems.append(error)
        }
    }

    /// Adds a `.strings` or `.stringsdict` file of a language; a catalog's entries stay.
    public mutating func add(lproj path: String, language: String) {
        do {
            let data = try read(path)
            let table =
                path.hasSuffix(".stringsdict")
                ? try StringsFile.stringsdict(data, file: path)
                : try StringsFile.strings(data, file: path)
            entries[Self.tag(language), default: [:]].merge(table) { old, new in
                path.hasSuffix(".stringsdict") ? new : old
            }
        } catch {
            problems.append(error)
        }
    }

    /// The entry for a key in the language, else in the source language; nil when neither
    /// has it (the key then reads as written).
    public func entry(_ key: String, language: LanguageTag) -> LocalizedEntry? {
        for tag in language.candidates + [sourceLanguage] {
            if let entry = entries[tag]?[key] { return entry }
        }
        return nil
    }

    /// The language the entry for `key` comes from: the first candidate of `language` that
    /// has it, else the source language.
    public func rules(for key: String, language: LanguageTag) -> PluralRules {
        let tag = language.candidates.first { entries[$0]?[key] != nil } ?? sourceLanguage
        return PluralRules(language: tag)
    }

    /// The languages with at least one entry.
    public var languages: [String] { entries.keys.sorted() }

    /// A file's bytes, or its problem.
    private func read(_ path: String) throws(CatalogError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CatalogError(file: path, problem: "cannot be read")
        }
    }

    /// Catalogs and folders name languages with "_" or "-" ("pt_BR", "zh-Hans"): one form.
    private static func tag(_ language: String) -> String {
        String(language.map { $0 == "_" ? "-" : $0 })
    }
}
