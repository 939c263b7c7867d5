import Foundation
import NightstandTesting
import Raster
import SystemSupport
import Testing
import Widgets

@testable import BuiltinWidgets

/// Goldens of the weather widget, from the Berlin fixture at fixed instants.
///
/// Tolerance 1 per channel, as for WidgetUI's text goldens: the glyphs come from the FreeType
/// and fonts scripts/deps installs.
@Suite("WeatherGoldens")
struct WeatherGoldenTests {
    private let renderer: WidgetRenderer
    /// 14:10 on 15 January 2026 in Berlin: ten minutes after the fixture's observation.
    private let afternoon = berlin(2026, 1, 15, 14, 10)

    init() throws {
        renderer = try WidgetRenderer()
    }

    private func descriptor(location: String? = "Berlin", file: String = "open-meteo-berlin.json")
        throws -> WidgetDescriptor
    {
        var values: [String: WidgetOptions.Value] = ["file": .string(fixture(file))]
        if let location { values["location"] = .string(location) }
        return try WeatherWidget.kind.make(WidgetOptions(values))
    }

    private func check(
        _ descriptor: WidgetDescriptor, at now: Date, family: WidgetFamily,
        appearance: Appearance, named name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await renderer.assertFirstEntry(
            descriptor, family: family, appearance: appearance, at: now, named: name,
            sourceLocation: sourceLocation)
    }

    @Test(
        "every family by day and at night",
        arguments: phoneFamilies,
        [Appearance.day, .night])
    func families(family: WidgetFamily, appearance: Appearance) async throws {
        try await check(
            descriptor(), at: afternoon, family: family, appearance: appearance,
            named: "weather-\(family)-\(appearance)")
    }

    @Test("stale data says how old it is", arguments: [Appearance.day, .night])
    func stale(appearance: Appearance) async throws {
        let evening = berlin(2026, 1, 15, 17, 40)
        for family in [WidgetFamily.systemSmall, .accessoryRectangular] {
            try await check(
                descriptor(), at: evening, family: family, appearance: appearance,
                named: "weather-\(family)-\(appearance)-stale")
        }
    }

    @Test("the accented rendering mode")
    func accented() async throws {
        try await check(
            descriptor(), at: afternoon, family: .systemSmall, appearance: .accented,
            named: "weather-systemSmall-accented")
    }

    /// A download that times out, and no cache.
    private func offline() throws -> WidgetDescriptor {
        let options = try WeatherOptions(
            WidgetOptions([
                "latitude": .double(52.52), "longitude": .double(13.41),
                "location": .string("Berlin"),
                "cache": .string(try temporaryDirectory() + "/weather.json"),
            ]), environment: [:])
        let loader = WeatherLoader(options: options) { url, timeout in
            throw FetchError.timedOut(host: url.host ?? "", seconds: timeout)
        }
        return WeatherWidget.descriptor(options: options, loader: loader)
    }

    @Test(
        "with no data at all the widget says so and why",
        arguments: [WidgetFamily.systemSmall, .accessoryRectangular], [Appearance.day, .night])
    func noData(family: WidgetFamily, appearance: Appearance) async throws {
        try await check(
            offline(), at: afternoon, family: family, appearance: appearance,
            named: "weather-\(family)-\(appearance)-nodata")
    }

    @Test("before the first load the widget says it is loading")
    func loading() throws {
        let descriptor = try offline()
        let entry = descriptor.provider.placeholder(
            in: TimelineProviderContext(family: .systemSmall, date: afternoon))
        let (canvas, _) = renderer.render(
            descriptor, entry: entry, family: .systemSmall, appearance: .day, now: afternoon)
        assertGolden(canvas, named: "weather-systemSmall-day-loading")
    }
}
