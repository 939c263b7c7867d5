import Foundation
import NightstandTesting
import Raster
import Testing
import WidgetUI
import Widgets

@testable import ExampleWidgets

/// How a widget is shown: a rendering mode, dimmed or not.
struct Look: Sendable, CustomTestStringConvertible {
    let mode: WidgetRenderingMode
    let isLuminanceReduced: Bool

    /// Every rendering mode, each at full and reduced luminance.
    static let all = WidgetRenderingMode.allCases.flatMap { mode in
        [false, true].map { Look(mode: mode, isLuminanceReduced: $0) }
    }

    /// "fullColor", "vibrant-reduced", …: the end of a golden's name.
    var testDescription: String { "\(mode)" + (isLuminanceReduced ? "-reduced" : "") }
}

/// Golden images of the example widgets of `Examples/MyDisplay`, as an iOS developer wrote
/// them: every family each supports, in every rendering mode at full and reduced luminance,
/// drawn through `WidgetDescriptor.render` at scale 2 with the container background shown;
/// then StandBy (the background removed) and the placeholder (redacted) of each.
///
/// Names: `<kind>-<family>-<mode>[-reduced].png`, `<kind>-standby.png`,
/// `<kind>-placeholder.png`. Tolerance 1 per channel, as for the other text goldens: the
/// glyphs come from the FreeType and fonts scripts/deps installs.
@Suite("ExampleWidgetGoldens")
struct ExampleWidgetGoldenTests {
    /// 09:45:23 UTC on Saturday, November 21, 2026: the instant drawn.
    static let now = Date(timeIntervalSince1970: 1_795_254_323)

    static var utc: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }

    static let battery = BatteryEntry(date: now, level: 0.72, isCharging: true)
    static let departures = DeparturesProvider(calendar: utc).entry(at: now)
    static let forecast = ForecastEntry.sample(at: now)
    static let tide = TideEntry.semidiurnal(at: now)

    /// Draws `entry` as `widget` in `family` on black, scale 2, in UTC and en_US.
    static func draw(
        _ widget: WidgetDescriptor, _ entry: any TimelineEntry, _ family: WidgetFamily,
        look: Look = Look(mode: .fullColor, isLuminanceReduced: false),
        change: (inout EnvironmentValues) -> Void = { _ in }
    ) -> Canvas {
        let scale = 2.0
        let canvas = Canvas(
            width: Int(family.size.width * scale), height: Int(family.size.height * scale))
        canvas.clear(.black)
        var environment = EnvironmentValues()
        environment.locale = Locale(identifier: "en_US")
        environment.timeZone = utc.timeZone
        environment.calendar = utc
        environment.widgetRenderingMode = look.mode
        environment.isLuminanceReduced = look.isLuminanceReduced
        change(&environment)
        widget.render(
            entry: entry, family: family, environment: environment, now: now, on: canvas,
            scale: scale)
        return canvas
    }

    /// Each widget with its entry, by kind.
    static var widgets: [(kind: String, descriptor: WidgetDescriptor, entry: any TimelineEntry)] {
        [
            ("battery", WidgetDescriptor(BatteryWidget()), battery),
            ("departures", WidgetDescriptor(DeparturesWidget()), departures),
            ("forecast", WidgetDescriptor(ForecastWidget()), forecast),
            ("tide", WidgetDescriptor(TideWidget()), tide),
        ]
    }

    /// A widget, by kind, in a family it supports.
    struct Shown: Sendable, CustomTestStringConvertible {
        let kind: String
        let family: WidgetFamily

        var testDescription: String { "\(kind)-\(family)" }
    }

    /// Every widget in every family it supports.
    static let shown = widgets.flatMap { widget in
        widget.descriptor.supportedFamilies.map { Shown(kind: widget.kind, family: $0) }
    }

    @Test(
        "every example widget in every family it supports, in every mode and luminance",
        arguments: shown, Look.all)
    func everyFamily(shown: Shown, look: Look) throws {
        let widget = try #require(Self.widgets.first { $0.kind == shown.kind })
        assertGolden(
            Self.draw(widget.descriptor, widget.entry, shown.family, look: look),
            named: "\(shown.kind)-\(shown.family)-\(look.testDescription)")
    }

    @Test("StandBy at night: no container background, vibrant and dimmed")
    func standBy() {
        for (kind, descriptor, entry) in Self.widgets {
            assertGolden(
                Self.draw(
                    descriptor, entry, .systemSmall,
                    look: Look(mode: .vibrant, isLuminanceReduced: true)
                ) { $0.showsWidgetContainerBackground = false },
                named: "\(kind)-standby")
        }
    }

    /// The example's own String Catalog (`Resources/Localizable.xcstrings`, found in the
    /// program's `Nightstand_ExampleWidgets.resources` bundle without a `bundle:`): "Line",
    /// "Later" and "in … min" in German and French.
    @Test("its own words in German and French", arguments: ["de_DE", "fr_FR"])
    func ownCatalog(locale: String) {
        assertGolden(
            Self.draw(WidgetDescriptor(DeparturesWidget()), Self.departures, .systemMedium) {
                $0.locale = Locale(identifier: locale)
            },
            named: "departures-systemMedium-\(locale)")
    }

    @Test("the placeholder draws text as rounded bars of the lines' widths")
    func placeholder() {
        for (kind, descriptor, entry) in Self.widgets {
            assertGolden(
                Self.draw(descriptor, entry, .systemSmall) { $0.redactionReasons = .placeholder },
                named: "\(kind)-placeholder")
        }
    }
}
