import Foundation
import NightstandTesting
import Testing
import Widgets

@testable import BuiltinWidgets

/// The `light` widget: its words and scale, and goldens of every family from fixed readings:
/// `light-<family>-<appearance>[-<case>].png`.
///
/// Tolerance 1 per channel, as for the other widget goldens.
@Suite("Light")
struct LightTests {
    private let renderer: WidgetRenderer
    private let now = berlin(2026, 1, 15, 21, 41, 7)

    init() throws {
        renderer = try WidgetRenderer()
    }

    /// The default `[ambient]` bands: dim below 40 (back above 80), night below 3 (above 8).
    static let bands = [
        AmbientReading.Threshold(appearance: .dim, below: 40, above: 80),
        AmbientReading.Threshold(appearance: .night, below: 3, above: 8),
    ]

    /// 12.4 lux from a BH1750: dim, by the sensor.
    static let dimRoom = AmbientReading(
        lux: 12.4, sensorName: "bh1750", appearance: .dim, source: .sensor, thresholds: bands)

    /// No sensor: night by the clock schedule.
    static let noSensor = AmbientReading(
        lux: nil, sensorName: nil, appearance: .night, source: .schedule, thresholds: bands)

    static let families: [WidgetFamily] = [
        .systemSmall, .accessoryRectangular, .accessoryInline, .accessoryCircular,
    ]

    private func check(
        _ reading: AmbientReading?, family: WidgetFamily, appearance: Appearance, named name: String
    ) {
        let descriptor = LightWidget.descriptor
        let entry = LightEntry(date: now)
        let (canvas, nextChange) = renderer.render(
            descriptor, entry: entry, family: family, appearance: appearance, now: now,
            reading: reading)
        #expect(nextChange == nil, "nothing in the light widget changes by itself")
        assertGolden(canvas, named: name)
    }

    @Test(
        "a reading in every family: full color, accented, luminance reduced",
        arguments: families, [Appearance.day, .accented, .dim])
    func reading(family: WidgetFamily, appearance: Appearance) {
        check(
            Self.dimRoom, family: family, appearance: appearance,
            named: "light-\(family)-\(appearance)")
    }

    @Test("no light sensor: the schedule's appearance, in every family", arguments: families)
    func noSensor(family: WidgetFamily) {
        check(
            Self.noSensor, family: family, appearance: .day,
            named: "light-\(family)-day-no-sensor")
    }

    @Test("night by the sensor, in the red night rendering")
    func night() {
        let reading = AmbientReading(
            lux: 0.8, sensorName: "veml7700", appearance: .night, source: .sensor,
            thresholds: Self.bands + [.init(appearance: .off, below: 0.05, above: 0.2)])
        check(reading, family: .systemSmall, appearance: .night, named: "light-systemSmall-night")
    }

    @Test("bright daylight past the scale's end, and a manual override without a reading")
    func extremes() {
        check(
            AmbientReading(
                lux: 54_321, sensorName: "tsl2591", appearance: .day, source: .sensor,
                thresholds: Self.bands),
            family: .systemSmall, appearance: .day, named: "light-systemSmall-day-daylight")
        check(
            AmbientReading(
                lux: nil, sensorName: "bh1750", appearance: .night, source: .override,
                thresholds: Self.bands),
            family: .systemSmall, appearance: .day, named: "light-systemSmall-day-override")
    }

    @Test("lux reads as tenths below 10, whole lux above, grouped by thousands")
    func luxText() {
        #expect(LightText.lux(0) == "0")
        #expect(LightText.lux(0.004) == "0")
        #expect(LightText.lux(0.05) == "0.05")
        #expect(LightText.lux(0.4) == "0.4")
        #expect(LightText.lux(0.999) == "1")
        #expect(LightText.lux(3.25) == "3.2" || LightText.lux(3.25) == "3.3")
        #expect(LightText.lux(9.96) == "10")
        #expect(LightText.lux(12.4) == "12")
        #expect(LightText.lux(54_321) == "54,321")
        #expect(LightText.compactLux(450) == "450")
        #expect(LightText.compactLux(1_250) == "1.3k" || LightText.compactLux(1_250) == "1.2k")
        #expect(LightText.compactLux(54_321) == "54k")
        #expect(LightText.thresholds(Self.bands) == "Dim below 40 · night below 3 lux")
        #expect(LightText.inline(Self.dimRoom) == "12 lux · Dim")
        #expect(LightText.inline(Self.noSensor) == "Night · no light sensor")
    }

    @Test("the scale is logarithmic from 0.1 to 10 000 lux, widened to every threshold")
    func scale() {
        let scale = LuxScale(Self.bands)
        #expect(scale.lowerDecade == -1 && scale.upperDecade == 4)
        #expect(abs(scale.fraction(1) - 0.2) < 1e-12)
        #expect(abs(scale.fraction(100) - 0.6) < 1e-12)
        #expect(scale.fraction(0) == 0)
        #expect(scale.fraction(1e6) == 1)
        let wide = LuxScale([.init(appearance: .off, below: 0.02, above: 50_000)])
        #expect(wide.lowerDecade == -2 && wide.upperDecade == 5)
    }

    @Test("the kind takes no options")
    func options() throws {
        #expect(throws: WidgetOptionError.self) {
            try LightWidget.kind.make(WidgetOptions(["refresh": .string("1m")]))
        }
        let descriptor = try LightWidget.kind.make(WidgetOptions([:]))
        #expect(descriptor.kind == "light")
        #expect(Set(descriptor.supportedFamilies) == Set(Self.families))
    }
}
