import Foundation
import Raster
import Testing
import WidgetUI
import Widgets

@testable import BuiltinWidgets

/// Every built-in widget in every family it supports and every shipped language: each
/// character drawn from a font that has it (no missing-glyph box), no text cut that English
/// shows whole, and no text drawn outside the widget.
@Suite("EveryLanguage")
struct EveryLanguageTests {
    /// A locale of each shipped language.
    static let locales = [
        "de_DE", "fr_FR", "es_ES", "it_IT", "nl_NL", "pt_BR", "pl_PL", "sv_SE", "ja_JP", "zh_CN",
        "ar_EG", "he_IL",
    ]
    private static let now = berlin(2026, 1, 15, 8, 30)

    /// Each built-in kind, with options that make it show its words: fixtures for the calendar,
    /// weather and command; the live ones (MQTT, GPS, OBD-II) with nothing received, so they
    /// show their waiting words.
    private static func widgets() throws -> [(String, WidgetDescriptor)] {
        let berlin: [String: WidgetOptions.Value] = ["time_zone": .string("Europe/Berlin")]
        let made: [(ConfigurableWidget, [String: WidgetOptions.Value])] = [
            (ClockWidget.kind, [:]), (DateWidget.kind, berlin),
            (
                CalendarWidget.kind,
                berlin.merging(["files": .array([.string(fixture("calendar-berlin.ics"))])]) {
                    a, _ in a
                }
            ),
            (
                WeatherWidget.kind,
                ["file": .string(fixture("open-meteo-berlin.json")), "location": .string("Berlin")]
            ),
            (SystemWidget.kind, [:]),
            (
                CountdownWidget.kind,
                berlin.merging(["target": .string("2026-12-24T18:00")]) { a, _ in a }
            ),
            (CommandWidget.kind, ["file": .string(fixture("greenhouse.json"))]),
            (LightWidget.kind, [:]),
            (MQTTWidget.kind(), ["topic": .string("nightstand/languages")]),
            (GPSWidget.kind(), [:]),
            (
                OBDWidget.kind(),
                ["pid": .string("rpm"), "device": .string("/nonexistent/obd-languages")]
            ),
            (AlarmWidget.kind(), [:]),
        ]
        return try made.map { kind, options in (kind.kind, try kind.make(WidgetOptions(options))) }
    }

    @Test("each built-in kind's display name in the display's language, from the catalogs")
    func displayNames() throws {
        let widgets = try Self.widgets().map(\.1)
        let names = { (locale: String) in
            widgets.map { $0.displayName(in: Locale(identifier: locale)) }
        }
        #expect(widgets.map(\.displayName) == names("en_US"))
        #expect(
            names("de_DE") == [
                "Uhr", "Datum", "Kalender", "Wetter", "System", "Countdown", "Befehl", "Licht",
                "MQTT", "GPS", "OBD-II", "Wecker",
            ])
        #expect(
            names("ja_JP") == [
                "時計", "日付", "カレンダー", "天気", "システム", "カウントダウン", "コマンド", "明るさ", "MQTT", "GPS",
                "OBD-II", "アラーム",
            ])
        // Every shipped language has its own word for each (a name such as "GPS" may read
        // the same).
        for locale in Self.locales {
            #expect(names(locale).count == widgets.count)
            #expect(names(locale)[0] != "Clock", "\(locale)")
        }
    }

    @Test("every widget, family and language: glyphs found, nothing cut or outside the widget")
    func everyWidget() async throws {
        var renderer = try WidgetRenderer()
        var checked = 0
        var cuts: [String] = []
        for (kind, descriptor) in try Self.widgets() {
            for family in descriptor.supportedFamilies {
                let entry = try await firstEntry(descriptor, family: family, now: Self.now)
                renderer.locale = Locale(identifier: "en_US")
                let english = renderer.texts(
                    descriptor, entry: entry, family: family, now: Self.now)
                let bounds = Rect(
                    x: -0.5, y: -0.5, width: family.size.width + 1, height: family.size.height + 1)
                for locale in Self.locales {
                    renderer.locale = Locale(identifier: locale)
                    let texts = renderer.texts(
                        descriptor, entry: entry, family: family, now: Self.now)
                    let place = "\(kind) \(family) \(locale)"
                    for text in texts {
                        #expect(text.missingGlyphs == 0, "\(place): \"\(text.text)\" has no glyph")
                        #expect(
                            bounds.union(text.frame) == bounds,
                            "\(place): \"\(text.text)\" at \(text.frame) leaves the widget")
                    }
                    let cut = texts.filter(\.isTruncated).map(\.text)
                    if cut.count > english.filter(\.isTruncated).count {
                        cuts.append("\(place): \(cut)")
                    }
                    checked += texts.count
                }
            }
        }
        #expect(checked > 500, "texts checked: \(checked)")
        #expect(cuts.isEmpty, "\(cuts.count) cut: \(cuts.prefix(40))")
    }
}
