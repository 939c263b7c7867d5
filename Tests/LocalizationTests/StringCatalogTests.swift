import Foundation
import Localization
import Testing

/// Catalogs as iOS writes them, read from a temporary folder.
@Suite struct StringCatalogTests {
    /// A folder with the given files (relative path → contents), removed after `body`.
    private func withFolder(
        _ files: [String: [UInt8]], _ body: (String) throws -> Void
    ) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("catalog-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (path, bytes) in files {
            let url = URL(fileURLWithPath: "\(folder)/\(path)")
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        try body(folder)
    }

    private static let xcstrings = """
        { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
          "Good morning" : { "localizations" : {
            "de" : { "stringUnit" : { "state" : "translated", "value" : "Guten Morgen" } },
            "fr" : { "stringUnit" : { "state" : "needs_review", "value" : "Bonjour" } } } },
          "%lld apples" : { "localizations" : {
            "en" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld apple" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld apples" } } } } },
            "pl" : { "variations" : { "plural" : {
              "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld jabłko" } },
              "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld jabłka" } },
              "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld jabłek" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld jabłka" } } } } } } },
          "Tap to open" : { "localizations" : {
            "de" : { "variations" : { "device" : {
              "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Tippen" } },
              "other" : { "stringUnit" : { "state" : "translated", "value" : "Antippen" } } } } } } },
          "%@ has %lld new" : { "localizations" : {
            "de" : {
              "stringUnit" : { "state" : "translated", "value" : "%#@count@ für %1$@" },
              "substitutions" : { "count" : { "argNum" : 2, "formatSpecifier" : "lld",
                "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg neue" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg neue" } } } } } } } } } } }
        """

    /// The entry's text for integer arguments and text arguments, filled in.
    private func read(
        _ catalog: StringCatalog, _ key: String, _ language: String,
        _ arguments: [LocalizedArgument]
    ) -> String? {
        let tag = LanguageTag(language)
        guard let entry = catalog.entry(key, language: tag) else { return nil }
        let pieces = entry.format(rules: catalog.rules(for: key, language: tag)) { index in
            guard index <= arguments.count, case .integer(let n) = arguments[index - 1] else {
                return nil
            }
            return PluralOperands(n)
        }
        return pieces?.map { piece -> String in
            switch piece {
            case .literal(let text): return text
            case .argument(let i, _), .variable(_, let i):
                switch arguments[i - 1] {
                case .text(let text): return text
                case .integer(let n): return String(n)
                }
            }
        }.joined()
    }

    @Test func stringCatalogWithPluralDeviceAndSubstitutions() throws {
        try withFolder(["Localizable.xcstrings": Array(Self.xcstrings.utf8)]) { folder in
            let catalog = StringCatalog(directory: folder, table: "Localizable")
            #expect(catalog.problems.isEmpty)
            #expect(read(catalog, "Good morning", "de_DE.UTF-8", []) == "Guten Morgen")
            #expect(read(catalog, "Good morning", "fr", []) == "Bonjour")
            #expect(read(catalog, "Good morning", "it", []) == nil)  // shows the key
            #expect(read(catalog, "%lld apples", "pl", [.integer(1)]) == "1 jabłko")
            #expect(read(catalog, "%lld apples", "pl", [.integer(3)]) == "3 jabłka")
            #expect(read(catalog, "%lld apples", "pl", [.integer(5)]) == "5 jabłek")
            #expect(read(catalog, "%lld apples", "pl", [.integer(22)]) == "22 jabłka")
            // Italian has no entry: the source language's, with English rules.
            #expect(read(catalog, "%lld apples", "it", [.integer(1)]) == "1 apple")
            #expect(read(catalog, "Tap to open", "de", []) == "Antippen")
            #expect(
                read(catalog, "%@ has %lld new", "de", [.text("Anna"), .integer(2)])
                    == "2 neue für Anna")
        }
    }

    @Test func legacyStringsAndStringsdict() throws {
        // UTF-16 little endian with a byte order mark, as Xcode once wrote them.
        let strings =
            "/* greeting */\n\"Good morning\" = \"Buongiorno\";\n// the button\n"
            + "\"Say \\\"hi\\\"\" = \"Di\\U2019 \\\"ciao\\\"\\n\";\nbare = \"nudo\";\n"
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in strings.utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let stringsdict = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>%lld files</key><dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@files@</string>
                <key>files</key><dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>lld</string>
                  <key>one</key><string>%lld file</string>
                  <key>many</key><string>%lld di file</string>
                  <key>other</key><string>%lld file</string>
                </dict>
              </dict>
            </dict></plist>
            """
        let files = [
            "it.lproj/Localizable.strings": utf16,
            "it.lproj/Localizable.stringsdict": Array(stringsdict.utf8),
        ]
        try withFolder(files) { folder in
            let catalog = StringCatalog(directory: folder, table: "Localizable")
            #expect(catalog.problems.isEmpty)
            #expect(read(catalog, "Good morning", "it_IT", []) == "Buongiorno")
            #expect(read(catalog, "Say \"hi\"", "it", []) == "Di\u{2019} \"ciao\"\n")
            #expect(read(catalog, "bare", "it", []) == "nudo")
            #expect(read(catalog, "%lld files", "it", [.integer(1_000_000)]) == "1000000 di file")
            #expect(read(catalog, "%lld files", "it", [.integer(3)]) == "3 file")
        }
    }

    @Test func aBadFileIsNamedAndTheOthersStillCount() throws {
        let files: [String: [UInt8]] = [
            "Localizable.xcstrings": Array(#"{ "sourceLanguage": "en", "strings": 3 }"#.utf8),
            "de.lproj/Localizable.strings": Array("\"a\" = \"b\";\n\"c\" = ;".utf8),
            "fr.lproj/Localizable.strings": Array("\"Good morning\" = \"Bonjour\";".utf8),
        ]
        try withFolder(files) { folder in
            let catalog = StringCatalog(directory: folder, table: "Localizable")
            let problems = catalog.problems.map(\.description)
            #expect(problems.count == 2)
            #expect(
                problems.contains { $0.contains("Localizable.xcstrings: not a String Catalog") })
            #expect(
                problems.contains {
                    $0.contains("de.lproj/Localizable.strings: line 2: expected a quoted string")
                })
            #expect(read(catalog, "Good morning", "fr", []) == "Bonjour")
        }
    }

    @Test func formatStrings() {
        typealias P = FormatString.Piece
        #expect(
            FormatString("%2$@ has %1$lld new").pieces == [
                P.argument(2, specifier: "@"), .literal(" has "), .argument(1, specifier: "lld"),
                .literal(" new"),
            ])
        #expect(
            FormatString("100%% of %@, %.1f°").pieces == [
                .literal("100% of "), .argument(1, specifier: "@"), .literal(", "),
                .argument(2, specifier: ".1f"), .literal("°"),
            ])
        #expect(FormatString("%#@files@ in %@").pieces.last == .argument(2, specifier: "@"))
        #expect(FormatString("50%").pieces == [.literal("50%")])
        #expect(
            FormatString("%arg new", variable: (3, "lld")).pieces == [
                .argument(3, specifier: "lld"), .literal(" new"),
            ])
    }

    @Test func languageTags() {
        #expect(LanguageTag("de_DE.UTF-8").candidates == ["de-DE", "de"])
        #expect(LanguageTag("zh_CN").candidates == ["zh-Hans-CN", "zh-Hans", "zh-CN", "zh"])
        #expect(LanguageTag("zh-Hant").candidates == ["zh-Hant", "zh"])
        #expect(LanguageTag("C").language == "en")
        #expect(LanguageTag("ar_EG").isRightToLeft && LanguageTag("he").isRightToLeft)
        #expect(!LanguageTag("de").isRightToLeft)
    }
}
