import Foundation
import Localization
import NightstandTesting
import Raster
import Testing
import Widgets

@testable import BuiltinWidgets

/// The built-in widgets in other languages: German, Japanese (CJK through fontconfig's
/// fallback to Noto Sans CJK), Arabic and Hebrew (right to left: the layout mirrored, the
/// letters joined by HarfBuzz and ordered by FriBidi, numbers left to right), by day and at
/// night; and every word of every shipped catalog drawn from an installed font (no
/// missing-glyph boxes).
@Suite("LocalizedGoldens")
struct LocalizedGoldenTests {
    static let languages = ["de_DE", "ja_JP", "ar_EG", "he_IL"]
    /// The languages of the date and calendar goldens.
    static let dayLanguages = ["de_DE", "ja_JP", "ar_EG"]

    private func renderer(_ locale: String) throws -> WidgetRenderer {
        var renderer = try WidgetRenderer()
        renderer.locale = Locale(identifier: locale)
        return renderer
    }

    @Test("the weather widget", arguments: languages, [Appearance.day, .night])
    func weather(locale: String, appearance: Appearance) async throws {
        let descriptor = try WeatherWidget.kind.make(
            WidgetOptions([
                "file": .string(fixture("open-meteo-berlin.json")), "location": .string("Berlin"),
            ]))
        try await renderer(locale).assertFirstEntry(
            descriptor, family: .systemSmall, appearance: appearance,
            at: berlin(2026, 1, 15, 17, 40), named: "weather-\(locale)-\(appearance)")
    }

    @Test("the countdown widget", arguments: languages, [Appearance.day, .night])
    func countdown(locale: String, appearance: Appearance) async throws {
        let descriptor = try CountdownWidget.kind.make(
            WidgetOptions([
                "target": .string("2026-12-24T18:00"), "time_zone": .string("Europe/Berlin"),
            ]))
        for family in [WidgetFamily.systemSmall, .accessoryRectangular] {
            try await renderer(locale).assertFirstEntry(
                descriptor, family: family, appearance: appearance,
                at: berlin(2026, 12, 21, 9, 0),
                named: "countdown-\(family)-\(locale)-\(appearance)")
        }
    }

    @Test("the date widget", arguments: dayLanguages, [Appearance.day, .night])
    func date(locale: String, appearance: Appearance) async throws {
        let descriptor = try DateWidget.kind.make(
            WidgetOptions(["time_zone": .string("Europe/Berlin")]))
        try await renderer(locale).assertFirstEntry(
            descriptor, family: .systemSmall, appearance: appearance,
            at: berlin(2026, 1, 15, 8, 30), named: "date-\(locale)-\(appearance)")
    }

    @Test("the calendar widget's agenda", arguments: dayLanguages, [Appearance.day, .night])
    func calendar(locale: String, appearance: Appearance) async throws {
        let descriptor = try CalendarWidget.kind.make(
            WidgetOptions([
                "files": .array([.string(fixture("calendar-berlin.ics"))]),
                "time_zone": .string("Europe/Berlin"),
            ]))
        try await renderer(locale).assertFirstEntry(
            descriptor, family: .systemMedium, appearance: appearance,
            at: berlin(2026, 1, 15, 8, 30), named: "calendar-\(locale)-\(appearance)")
    }

    @Test func everyShippedWordHasGlyphs() throws {
        let fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
        let inter = try fonts.face()
        var missing: [String] = []
        for (language, table) in NightstandStrings.catalog.entries {
            for (key, entry) in table {
                for text in Self.texts(entry.value) {
                    for scalar in text.unicodeScalars
                    where inter.glyphIndex(for: scalar) == nil
                        && fonts.fallbackFace(for: scalar)?.glyphIndex(for: scalar) == nil
                        && !scalar.properties.isDefaultIgnorableCodePoint
                    {
                        missing.append(
                            "\(language) \"\(key)\": U+\(String(scalar.value, radix: 16))")
                    }
                }
            }
        }
        #expect(missing.isEmpty, "no installed font has: \(missing.prefix(10))")
    }

    private static func texts(_ value: LocalizedValue) -> [String] {
        switch value {
        case .text(let text): [text]
        case .plural(let forms): forms.values.flatMap(texts)
        case .device(let forms): forms.values.flatMap(texts)
        }
    }
}
