import Foundation
import Localization
import Testing

/// Nightstand's own catalogs: every shipped language has every key English has, with the
/// same arguments, and a form for every plural category its language uses.
@Suite struct NightstandStringsTests {
    static let shipped = [
        "ar", "de", "en", "es", "fr", "he", "it", "ja", "nl", "pl", "pt", "sv", "zh-Hans",
    ]

    /// The keys of en.xcstrings, from the file itself (a key without an English
    /// localization reads as itself and has no entry).
    private static func englishKeys() throws -> [String] {
        let directory = try #require(NightstandStrings.directories.first)
        let data = try Data(contentsOf: URL(fileURLWithPath: "\(directory)/en.xcstrings"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let strings = try #require(json["strings"] as? [String: Any])
        return strings.keys.sorted()
    }

    @Test func everyShippedLanguageHasEveryKey() throws {
        let catalog = NightstandStrings.catalog
        #expect(catalog.problems.isEmpty, "\(catalog.problems)")
        #expect(catalog.languages == Self.shipped)
        let keys = try Self.englishKeys()
        #expect(keys.count > 40)
        for language in Self.shipped where language != "en" {
            let table = catalog.entries[language] ?? [:]
            for key in keys {
                #expect(table[key] != nil, "\(language).xcstrings lacks \"\(key)\"")
            }
            #expect(Set(table.keys).isSubset(of: keys), "\(language) has keys English lacks")
        }
    }

    @Test func translationsKeepTheKeysArguments() throws {
        for key in try Self.englishKeys() {
            let wanted = FormatString(key).pieces.compactMap(Self.argument)
            for language in Self.shipped {
                let tag = LanguageTag(language)
                let rules = PluralRules(language: language)
                for n in [0, 1, 2, 3, 5, 11, 22, 100, 1_000_000] as [Int64] {
                    // English keys without plural forms read as themselves.
                    let entry =
                        NightstandStrings.catalog.entry(key, language: tag)
                        ?? LocalizedEntry(.text(key))
                    let pieces = try #require(
                        entry.format(rules: rules) { _ in PluralOperands(n) },
                        "\(language) \"\(key)\" has no form for \(n)")
                    let used = pieces.compactMap(Self.argument)
                    // Unit keys ("%lld days (unit)") show the word without the number.
                    #expect(
                        used == wanted || (key.hasSuffix("(unit)") && used.isEmpty)
                            || (wanted.count == 1 && used.isEmpty && n <= 2),
                        "\(language) \"\(key)\" for \(n): \(pieces)")
                }
            }
        }
    }

    @Test func wordsInALanguage() {
        #expect(NightstandStrings.string("Today", language: LanguageTag("de_AT")) == "Heute")
        #expect(
            NightstandStrings.string(
                "in %lld days", language: LanguageTag("pl_PL"), arguments: [.integer(3)])
                == "za 3 dni")
        #expect(
            NightstandStrings.string(
                "in %lld days", language: LanguageTag("en_US"), arguments: [.integer(1)])
                == "in 1 day")
        #expect(NightstandStrings.string("Not a key", language: LanguageTag("ja")) == "Not a key")
        #expect(NightstandStrings.supports(LanguageTag("zh_CN")))
        #expect(!NightstandStrings.supports(LanguageTag("fi_FI")))
    }

    /// A program with no catalogs folder (a bare binary copied to a board) still shows English
    /// words, plural forms included, from the catalog compiled into it; any other language
    /// falls back to them.
    @Test func englishIsCompiledIn() throws {
        let bare = NightstandStrings.read(directories: ["/nonexistent/strings"])
        #expect(bare.problems.isEmpty, "\(bare.problems)")
        #expect(bare.languages == ["en"])
        let days = try #require(bare.entry("%lld days (unit)", language: LanguageTag("de_DE")))
        let one = days.format(rules: PluralRules(language: "en")) { _ in PluralOperands(1) }
        #expect(one == [.literal("day")])
        // The compiled-in English is the tree's en.xcstrings, entry for entry.
        #expect(bare.entries["en"] == NightstandStrings.catalog.entries["en"])
        #expect(bare.entries["en"]?.count == NightstandStrings.catalog.entries["en"]?.count)
        #expect((bare.entries["en"]?.count ?? 0) > 10)
    }

    /// A display reads the catalogs of its language and English only, with the same entries
    /// as reading them all; a language without a catalog reads English alone.
    @Test func aLanguageReadsItsCatalogsOnly() throws {
        let directory = try #require(NightstandStrings.directories.first)
        let german = NightstandStrings.read(
            directories: [directory], language: LanguageTag("de_AT"))
        #expect(german.problems.isEmpty, "\(german.problems)")
        #expect(german.languages == ["de", "en"])
        #expect(german.entries["de"] == NightstandStrings.catalog.entries["de"])
        #expect(german.entries["en"] == NightstandStrings.catalog.entries["en"])
        let chinese = NightstandStrings.read(
            directories: [directory], language: LanguageTag("zh_CN"))
        #expect(chinese.languages == ["en", "zh-Hans"])
        let finnish = NightstandStrings.read(
            directories: [directory], language: LanguageTag("fi_FI"))
        #expect(finnish.languages == ["en"])
        #expect(NightstandStrings.words(in: LanguageTag("de_AT")).entries == german.entries)
        #expect(NightstandStrings.string("Today", language: LanguageTag("zh_CN")) == "今天")
    }

    /// An `en.xcstrings` that differs from the compiled-in English (a newer package's) is read
    /// over it; one with the same bytes changes nothing.
    @Test func aChangedEnglishCatalogIsRead() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("nightstand-strings-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tree = try #require(NightstandStrings.directories.first)
        let english = try String(contentsOfFile: "\(tree)/en.xcstrings", encoding: .utf8)
        let file = directory.appendingPathComponent("en.xcstrings")
        try english.write(to: file, atomically: true, encoding: .utf8)
        let same = NightstandStrings.read(
            directories: [directory.path], language: LanguageTag("en"))
        #expect(same.entries == NightstandStrings.read(directories: ["/nonexistent"]).entries)
        let changed = english.replacingOccurrences(
            of: "\"value\" : \"Tomorrow\"", with: "\"value\" : \"Next day\"")
        #expect(changed != english)
        try changed.write(to: file, atomically: true, encoding: .utf8)
        let read = NightstandStrings.read(
            directories: [directory.path], language: LanguageTag("en_GB"))
        #expect(
            read.entry("Tomorrow", language: LanguageTag("en_GB"))
                == LocalizedEntry(.text("Next day")))
    }

    @Test func checkConfigNamesTheLanguage() {
        #expect(
            NightstandStrings.summary(locale: "de_AT")
                == "language: de_AT (Nightstand's words in de)")
        #expect(
            NightstandStrings.summary(locale: "zh_CN")
                == "language: zh_CN (Nightstand's words in zh-Hans)")
        #expect(
            NightstandStrings.summary(locale: "en_US")
                == "language: en_US (Nightstand's words in en)")
        #expect(
            NightstandStrings.summary(locale: "fi_FI")
                == "language: fi_FI: Nightstand's words are not in fi, they show in English (in: "
                + "ar, de, en, es, fr, he, it, ja, nl, pl, pt, sv, zh-Hans)")
    }

    private static func argument(_ piece: FormatString.Piece) -> String? {
        if case .argument(let index, let specifier) = piece { return "\(index)\(specifier)" }
        return nil
    }
}
