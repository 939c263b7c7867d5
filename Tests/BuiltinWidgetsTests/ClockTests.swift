import Foundation
import Testing
import WidgetUI
import Widgets

@testable import BuiltinWidgets

/// The clock's options, timelines and live seconds.
@Suite("Clock")
struct ClockTests {
    private let now = berlin(2026, 1, 15, 21, 41, 7)

    private func clock(_ values: [String: WidgetOptions.Value]) throws -> WidgetDescriptor {
        try ClockWidget.kind.make(WidgetOptions(values))
    }

    @Test("options: the existing ones keep their names; style and seconds are checked")
    func options() throws {
        let options = try ClockOptions(
            WidgetOptions([
                "24h": .bool(false), "time_zone": .string("America/New_York"),
                "style": .string("analog"), "seconds": .bool(true),
            ]))
        #expect(!options.twentyFourHour && options.timeZone.identifier == "America/New_York")
        #expect(options.label == "New York" && options.style == .analog && options.seconds)
        let defaults = try ClockOptions(WidgetOptions())
        #expect(defaults.twentyFourHour && defaults.style == .digital && !defaults.seconds)
        func key(_ values: [String: WidgetOptions.Value]) -> String? {
            do {
                _ = try clock(values)
                return nil
            } catch {
                return (error as? WidgetOptionError)?.key
            }
        }
        #expect(key(["style": .string("sundial")]) == "style")
        #expect(key(["seconds": .string("yes")]) == "seconds")
        #expect(key(["time_zone": .string("Nowhere/Land")]) == "time_zone")
        #expect(key(["second": .bool(true)]) == "second")
    }

    @Test("the hands' positions in the clock's zone")
    func dial() throws {
        let clock = try ClockOptions(WidgetOptions(["time_zone": .string("Europe/Berlin")]))
        let position = clock.dialPosition(now)
        #expect(position.second == 7)
        #expect(abs(position.minute - (41 + 7.0 / 60)) < 1e-9)
        #expect(abs(position.hour - (9 + (41 + 7.0 / 60) / 60)) < 1e-9)
    }

    @Test("entries every minute; every second for an analog clock's seconds hand")
    func timelines() async throws {
        let context = TimelineProviderContext(family: .systemSmall, date: now)
        let digital = try await clock(["seconds": .bool(true)]).provider.timeline(in: context)
        #expect(digital.entries.count == 60)
        #expect(digital.entries.first?.date == berlin(2026, 1, 15, 21, 41))
        #expect(digital.entries.dropFirst().first?.date == berlin(2026, 1, 15, 21, 42))
        let analog = try await clock(["style": .string("analog"), "seconds": .bool(true)])
            .provider.timeline(in: context)
        #expect(analog.entries.count == 120)
        #expect(analog.entries.first?.date == now)
        #expect(analog.entries.last?.date == now.addingTimeInterval(119))
        #expect(analog.policy == .atEnd)
    }

    @Test("digital seconds wake the host every second by day, never when luminance is reduced")
    func liveSeconds() async throws {
        let renderer = try WidgetRenderer()
        let descriptor = try clock(["seconds": .bool(true)])
        let entry = try await firstEntry(descriptor, now: now)
        let day = renderer.render(
            descriptor, entry: entry, family: .systemSmall, appearance: .day, now: now)
        #expect(day.nextChange == berlin(2026, 1, 15, 21, 41, 8))
        for appearance in [Appearance.dim, .night] {
            let dark = renderer.render(
                descriptor, entry: entry, family: .systemSmall, appearance: appearance, now: now)
            #expect(dark.nextChange == nil, "the minute comes from the next entry")
        }
    }

    @Test("families: digital small and medium; analog small and the circle")
    func families() throws {
        #expect(try clock([:]).supportedFamilies == [.systemSmall, .systemMedium])
        #expect(
            try clock(["style": .string("analog")]).supportedFamilies == [
                .systemSmall, .accessoryCircular,
            ])
    }
}
