import Foundation
import Raster
import Testing

@testable import WidgetUI

/// `Text` keys looked up in a widget's String Catalog and in Nightstand's words, as SwiftUI
/// looks them up; verbatim text and `String` values never.
@Suite struct TextLocalizationTests {
    private let now = wallClock(2026, 11, 21, 9, 45)

    /// A bundle folder holding a String Catalog, made once for the suite.
    private static let bundle: Bundle? = {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("TextLocalizationTests-\(getpid()).resources")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let catalog = """
            { "sourceLanguage" : "en", "version" : "1.0", "strings" : {
              "Good morning" : { "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Guten Morgen" } },
                "ja" : { "stringUnit" : { "state" : "translated", "value" : "おはよう" } } } },
              "%@ feeds %lld cats" : { "localizations" : {
                "de" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%2$lld Katze, gefüttert von %1$@" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%2$lld Katzen, gefüttert von %1$@" } } } } } } },
              "Now" : { "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Sofort" } } } } } }
            """
        try? Data(catalog.utf8).write(to: folder.appendingPathComponent("Localizable.xcstrings"))
        return Bundle(path: folder.path)
    }()

    private func shown(_ text: Text, _ locale: String) -> String {
        resolve(text, in: textEnvironment(fonts: nil, locale: locale, now: now)).string
    }

    @Test func aLiteralIsLookedUpInTheWidgetsBundle() {
        #expect(shown(Text("Good morning", bundle: Self.bundle), "de_DE") == "Guten Morgen")
        #expect(shown(Text("Good morning", bundle: Self.bundle), "ja_JP") == "おはよう")
        #expect(shown(Text("Good morning", bundle: Self.bundle), "fr_FR") == "Good morning")
        // A bundle's own word wins over Nightstand's; without the bundle, Nightstand's.
        #expect(shown(Text("Now", bundle: Self.bundle), "de_DE") == "Sofort")
        #expect(shown(Text("Now"), "de_DE") == "Jetzt")
    }

    @Test func interpolationsMoveAndChooseThePluralForm() {
        let name = "Anna"
        #expect(
            shown(Text("\(name) feeds \(1) cats", bundle: Self.bundle), "de_DE")
                == "1 Katze, gefüttert von Anna")
        #expect(
            shown(Text("\(name) feeds \(3) cats", bundle: Self.bundle), "de_DE")
                == "3 Katzen, gefüttert von Anna")
        #expect(shown(Text("in \(1) days"), "en_US") == "in 1 day")
        #expect(shown(Text("in \(5) days"), "pl_PL") == "za 5 dni")
        #expect(shown(Text("in \(11) days"), "ar_EG").hasSuffix(" يومًا"))
    }

    @Test func verbatimAndStringValuesAreNotLookedUp() {
        let word = "Now"
        #expect(shown(Text(verbatim: "Now"), "de_DE") == "Now")
        #expect(shown(Text(word), "de_DE") == "Now")
        #expect(shown(Text(LocalizedStringKey(word)), "de_DE") == "Jetzt")
    }

    @Test func stylesOfTheKeyAndItsArgumentsStay() {
        let text = Text("Updated \(Text("5 min").bold()) ago").italic()
        let pieces = Text.localized(text.segments, in: textEnvironment(fonts: nil, locale: "de_DE"))
        #expect(pieces.count == 3)
        #expect(pieces.map { $0.attributes.isItalic } == [true, true, true])
        #expect(pieces.map { $0.attributes.weight } == [nil, .bold, nil])
        #expect(shown(text, "de_DE") == "Vor 5 min aktualisiert")
    }
}

/// `String(localized:)` and `LocalizedStringResource`, which Foundation lacks on Linux.
@Suite struct StringLocalizedTests {
    @Test func stringsInALanguage() {
        #expect(String(localized: "Today", locale: Locale(identifier: "de_DE")) == "Heute")
        #expect(
            String(localized: "in \(2) days", locale: Locale(identifier: "pl_PL")) == "za 2 dni")
        #expect(String(localized: "Not a key", locale: Locale(identifier: "ja_JP")) == "Not a key")
        let resource = LocalizedStringResource("Today", locale: Locale(identifier: "sv_SE"))
        #expect(String(localized: resource) == "I dag")
        let value: String.LocalizationValue = "Today"
        #expect(String(localized: value, locale: Locale(identifier: "fr_FR")) == "Aujourd’hui")
    }

    @Test func textOfAResourceReadsInTheEnvironmentsLanguage() {
        let title: LocalizedStringResource = "No events"
        let environment = textEnvironment(fonts: nil, locale: "es_ES")
        #expect(Text(title).string(in: environment) == "No hay eventos")
    }
}
