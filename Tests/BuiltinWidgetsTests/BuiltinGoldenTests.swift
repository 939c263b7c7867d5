import Foundation
import NightstandTesting
import Raster
import Testing
import Widgets

@testable import BuiltinWidgets

/// Goldens of the system, countdown, command and clock widgets at fixed instants, from fake
/// boards and fixed outputs: `<widget>-<family>-<appearance>[-<case>].png`.
///
/// Tolerance 1 per channel, as for WidgetUI's text goldens: the glyphs come from the FreeType
/// and fonts scripts/deps installs.
@Suite("BuiltinGoldens")
struct BuiltinGoldenTests {
    private let renderer: WidgetRenderer
    /// 21:41:07 on 15 January 2026 in Berlin.
    private let now = berlin(2026, 1, 15, 21, 41, 7)

    init() throws {
        renderer = try WidgetRenderer()
    }

    private func check(
        _ descriptor: WidgetDescriptor, entry: any TimelineEntry, family: WidgetFamily,
        appearance: Appearance, named name: String, at instant: Date? = nil
    ) {
        let (canvas, _) = renderer.render(
            descriptor, entry: entry, family: family, appearance: appearance, now: instant ?? now)
        assertGolden(canvas, named: name)
    }

    // MARK: System

    @Test(
        "system: every family by day and at night, from a fake board",
        arguments: [
            WidgetFamily.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular,
            .accessoryInline,
        ], [Appearance.day, .night])
    func system(family: WidgetFamily, appearance: Appearance) async throws {
        let board = try FakeBoard()
        let descriptor = SystemWidget.descriptor(reader: board.reader(), refresh: 60)
        let entry = try await firstEntry(descriptor, family: family, now: now)
        check(
            descriptor, entry: entry, family: family, appearance: appearance,
            named: "system-\(family)-\(appearance)")
    }

    @Test("system: readings that fail show a dash, the rest still shows")
    func systemMissing() async throws {
        let board = try FakeBoard([
            "proc/loadavg": "garbage", "sys/class/thermal/thermal_zone0/temp": nil,
            "sys/class/thermal/thermal_zone0/type": nil,
            "sys/class/thermal/thermal_zone1/type": nil,
            "sys/class/thermal/thermal_zone1/temp": nil,
        ])
        let descriptor = SystemWidget.descriptor(
            reader: board.reader(interfaces: []), refresh: 60)
        let entry = try await firstEntry(descriptor, now: now)
        check(
            descriptor, entry: entry, family: .systemSmall, appearance: .day,
            named: "system-systemSmall-day-missing")
    }

    // MARK: Countdown

    private func countdown(_ values: [String: WidgetOptions.Value]) throws -> WidgetDescriptor {
        try CountdownWidget.kind.make(WidgetOptions(values))
    }

    private static let christmas: [String: WidgetOptions.Value] = [
        "target": .string("2026-12-24T18:00"), "title": .string("Christmas Eve"),
        "time_zone": .string("Europe/Berlin"),
    ]

    @Test(
        "countdown: days to go in every family, by day and at night",
        arguments: [
            WidgetFamily.systemSmall, .accessoryCircular, .accessoryRectangular, .accessoryInline,
        ], [Appearance.day, .night])
    func countdownDays(family: WidgetFamily, appearance: Appearance) async throws {
        let descriptor = try countdown(Self.christmas)
        let entry = try await firstEntry(descriptor, family: family, now: now)
        check(
            descriptor, entry: entry, family: family, appearance: appearance,
            named: "countdown-\(family)-\(appearance)")
    }

    @Test(
        "countdown: the last day is a live timer by day, hours and minutes when dim",
        arguments: [Appearance.day, .dim, .night])
    func countdownHours(appearance: Appearance) async throws {
        let descriptor = try countdown(Self.christmas)
        let evening = berlin(2026, 12, 24, 14, 55, 30)
        let entry = try await firstEntry(descriptor, now: evening)
        check(
            descriptor, entry: entry, family: .systemSmall, appearance: appearance,
            named: "countdown-systemSmall-\(appearance)-hours", at: evening)
    }

    @Test("countdown: after the target, \"now\" or the time since", arguments: ["now", "elapsed"])
    func countdownAfter(after: String) async throws {
        var values = Self.christmas
        values["after"] = .string(after)
        let descriptor = try countdown(values)
        let later = berlin(2026, 12, 24, 19, 2, 3)
        let entry = try await firstEntry(descriptor, now: later)
        check(
            descriptor, entry: entry, family: .systemSmall, appearance: .day,
            named: "countdown-systemSmall-day-after-\(after)", at: later)
    }

    // MARK: Command

    private static let greenhouse = """
        {"title": "Greenhouse", "value": 21.5, "unit": "°C", "symbol": "leaf.fill",
         "tint": "#34C759", "gauge": {"value": 21.5, "min": 0, "max": 40}}
        """

    private func commandEntry(_ json: String) throws -> CommandEntry {
        CommandEntry(date: now, content: .output(try CommandOutput(json: Data(json.utf8))))
    }

    private var commandDescriptor: WidgetDescriptor {
        CommandWidget.descriptor(source: .file("/dev/null"), refresh: 60, timeout: 5)
    }

    @Test(
        "command: a value with unit, gauge, symbol and tint in every family",
        arguments: [
            WidgetFamily.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular,
            .accessoryInline,
        ], [Appearance.day, .night])
    func command(family: WidgetFamily, appearance: Appearance) throws {
        check(
            commandDescriptor, entry: try commandEntry(Self.greenhouse), family: family,
            appearance: appearance, named: "command-\(family)-\(appearance)")
    }

    @Test("command: a text value without gauge, symbol or tint")
    func commandText() throws {
        check(
            commandDescriptor,
            entry: try commandEntry(#"{"title": "Backup", "value": "OK", "unit": null}"#),
            family: .systemSmall, appearance: .day, named: "command-systemSmall-day-text")
    }

    @Test("command: a failure says what and why", arguments: [Appearance.day, .night])
    func commandFailure(appearance: Appearance) {
        let entry = CommandEntry(
            date: now,
            content: .failure(
                title: "Bad output",
                detail: "\"value\": expected a number or a string, found an array; expected "
                    + "{\"title\": \"…\", \"value\": 42} (see docs/widgets.md)"))
        check(
            commandDescriptor, entry: entry, family: .systemSmall, appearance: appearance,
            named: "command-systemSmall-\(appearance)-failure")
    }

    // MARK: Clock

    private func clock(_ values: [String: WidgetOptions.Value]) throws -> WidgetDescriptor {
        try ClockWidget.kind.make(
            WidgetOptions(values.merging(["time_zone": .string("Europe/Berlin")]) { a, _ in a }))
    }

    @Test(
        "clock: digital seconds show by day and hide when dim",
        arguments: [Appearance.day, .dim, .night])
    func clockDigitalSeconds(appearance: Appearance) async throws {
        let descriptor = try clock(["seconds": .bool(true), "label": .string("Berlin")])
        let entry = try await firstEntry(descriptor, now: now)
        check(
            descriptor, entry: entry, family: .systemSmall, appearance: appearance,
            named: "clock-systemSmall-\(appearance)-seconds")
    }

    @Test(
        "clock: analog dial, with and without a seconds hand, by day and at night",
        arguments: [false, true], [Appearance.day, .night])
    func clockAnalog(seconds: Bool, appearance: Appearance) async throws {
        let descriptor = try clock(["style": .string("analog"), "seconds": .bool(seconds)])
        let entry = try await firstEntry(descriptor, now: now)
        check(
            descriptor, entry: entry, family: .systemSmall, appearance: appearance,
            named: "clock-systemSmall-\(appearance)-analog\(seconds ? "-seconds" : "")")
    }

    @Test("clock: analog accessory circle", arguments: [Appearance.day, .night])
    func clockAnalogCircular(appearance: Appearance) async throws {
        let descriptor = try clock(["style": .string("analog"), "seconds": .bool(true)])
        let entry = try await firstEntry(descriptor, family: .accessoryCircular, now: now)
        check(
            descriptor, entry: entry, family: .accessoryCircular, appearance: appearance,
            named: "clock-accessoryCircular-\(appearance)-analog")
    }
}
