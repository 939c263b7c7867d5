import Foundation
import NightstandTesting
import Raster
import SystemSupport
import Testing
import Widgets

@testable import BuiltinWidgets
@testable import Calendars

/// Goldens of the calendar widget from the Berlin fixture calendar at 08:30 on Thursday
/// 15 January 2026: `calendar-<family>[-events]-<appearance>[-<case>].png`.
///
/// Tolerance 1 per channel, as for WidgetUI's text goldens: the glyphs come from the FreeType
/// and fonts scripts/deps installs.
@Suite("CalendarGoldens")
struct CalendarGoldenTests {
    private let renderer: WidgetRenderer
    private let now = berlin(2026, 1, 15, 8, 30)

    init() throws {
        renderer = try WidgetRenderer()
    }

    private func descriptor(_ values: [String: WidgetOptions.Value] = [:]) throws
        -> WidgetDescriptor
    {
        let defaults: [String: WidgetOptions.Value] = [
            "files": .array([.string(fixture("calendar-berlin.ics"))]),
            "first_weekday": .string("monday"), "time_zone": .string("Europe/Berlin"),
            "locale": .string("en_US"),
        ]
        return try CalendarWidget.kind.make(
            WidgetOptions(defaults.merging(values) { _, new in new }))
    }

    private func check(
        _ descriptor: WidgetDescriptor, family: WidgetFamily, appearance: Appearance,
        named name: String, at instant: Date? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await renderer.assertFirstEntry(
            descriptor, family: family, appearance: appearance, at: instant ?? now, named: name,
            sourceLocation: sourceLocation)
    }

    @Test(
        "every family in full color, dimmed, at night and accented",
        arguments: phoneFamilies, Appearance.allCases)
    func families(family: WidgetFamily, appearance: Appearance) async throws {
        try await check(
            descriptor(), family: family, appearance: appearance,
            named: "calendar-\(family)-\(appearance)")
    }

    @Test("the small family's events style", arguments: Appearance.allCases)
    func smallEvents(appearance: Appearance) async throws {
        try await check(
            descriptor(["style": .string("events")]), family: .systemSmall,
            appearance: appearance, named: "calendar-systemSmall-events-\(appearance)")
    }

    @Test(
        "no events: the list says so; the grid has no dots",
        arguments: [WidgetFamily.systemSmall, .accessoryRectangular, .accessoryInline],
        [Appearance.day, .night])
    func noEvents(family: WidgetFamily, appearance: Appearance) async throws {
        let path = try temporaryDirectory() + "/empty.ics"
        try Data("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".utf8).write(
            to: URL(fileURLWithPath: path))
        try await check(
            descriptor(["files": .array([.string(path)]), "style": .string("events")]),
            family: family, appearance: appearance,
            named: "calendar-\(family)-\(appearance)-empty")
    }

    @Test(
        "a missing file: the month still shows, the list says what is wrong",
        arguments: [WidgetFamily.systemSmall, .systemMedium, .accessoryRectangular],
        [Appearance.day, .night])
    func missingFile(family: WidgetFamily, appearance: Appearance) async throws {
        try await check(
            descriptor([
                "files": .array([.string("/nonexistent/nightstand/family.ics")]),
                "style": .string("events"),
            ]), family: family, appearance: appearance,
            named: "calendar-\(family)-\(appearance)-missing")
    }

    @Test(
        "offline: the cached calendar with its age",
        arguments: [WidgetFamily.systemSmall, .systemMedium])
    func stale(family: WidgetFamily) async throws {
        let cache = try temporaryDirectory() + "/calendar.ics"
        try FileManager.default.copyItem(atPath: fixture("calendar-berlin.ics"), toPath: cache)
        try FileManager.default.setAttributes(
            [.modificationDate: now.addingTimeInterval(-3 * 3600)], ofItemAtPath: cache)
        let options = try CalendarOptions(
            WidgetOptions([
                "url": .string("https://calendar.example.com/basic.ics"), "cache": .string(cache),
                "style": .string("events"), "first_weekday": .string("monday"),
                "time_zone": .string("Europe/Berlin"),
            ]), environment: [:])
        let loader = CalendarLoader(options: options.sources) { url, timeout in
            throw FetchError.timedOut(host: url.url.host ?? "", seconds: timeout)
        }
        try await check(
            CalendarWidget.descriptor(options: options, loader: loader), family: family,
            appearance: .day, named: "calendar-\(family)-day-stale")
    }

    @Test("a line that can't be read: the events that can show, and a warning sign")
    func problems() async throws {
        let path = try temporaryDirectory() + "/broken.ics"
        try Data(
            ("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Piano lesson\r\n"
                + "DTSTART;TZID=Europe/Berlin:20260115T170000\r\nDURATION:PT45M\r\n"
                + "this is not a property\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n").utf8
        ).write(to: URL(fileURLWithPath: path))
        try await check(
            descriptor(["files": .array([.string(path)])]), family: .systemMedium,
            appearance: .day, named: "calendar-systemMedium-day-problems")
    }

    @Test(
        "a month of six weeks, starting on the locale's first weekday (Sunday in en_US)",
        arguments: [Appearance.day, .night])
    func sixWeeks(appearance: Appearance) async throws {
        let options: [String: WidgetOptions.Value] = [
            "files": .array([.string(fixture("calendar-berlin.ics"))]),
            "time_zone": .string("Europe/Berlin"), "locale": .string("en_US"),
        ]
        try await check(
            try CalendarWidget.kind.make(WidgetOptions(options)), family: .systemSmall,
            appearance: appearance, named: "calendar-systemSmall-\(appearance)-august",
            at: berlin(2026, 8, 31, 9))
    }

    /// A Friday, so that every row is within a week (a weekday's name): a date further away ("Fri 23
    /// Jan") is punctuated by ICU's data, which differs between Swift 6.0 and 6.3 (its order of
    /// day and month is checked by CalendarTests' `localeForms`).
    @Test(
        "locale en_GB: weeks from Monday, 24-hour times",
        arguments: [Appearance.day, .night])
    func britishLocale(appearance: Appearance) async throws {
        let options: [String: WidgetOptions.Value] = [
            "files": .array([.string(fixture("calendar-berlin.ics"))]),
            "time_zone": .string("Europe/Berlin"), "locale": .string("en_GB"),
        ]
        try await check(
            try CalendarWidget.kind.make(WidgetOptions(options)), family: .systemMedium,
            appearance: appearance, named: "calendar-systemMedium-\(appearance)-en_GB",
            at: berlin(2026, 1, 23, 9))
    }

    @Test("before the first load: the month, and the list says it is loading")
    func loading() throws {
        let descriptor = try descriptor()
        let entry = descriptor.provider.placeholder(
            in: TimelineProviderContext(family: .systemMedium, date: now))
        let (canvas, _) = renderer.render(
            descriptor, entry: entry, family: .systemMedium, appearance: .day, now: now)
        assertGolden(canvas, named: "calendar-systemMedium-day-loading")
    }
}
