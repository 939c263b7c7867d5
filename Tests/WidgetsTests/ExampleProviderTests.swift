import Foundation
import Testing
import Widgets

@testable import ExampleWidgets

/// A fresh directory under the system's temporary directory.
private func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("nightstand-examples-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Writes `text` to `name` under `directory`, making folders on the way.
private func write(_ text: String, _ name: String, in directory: URL) throws {
    let url = directory.appendingPathComponent(name)
    try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
}

@Suite("The example widgets' providers")
struct ExampleProviderTests {
    private static var utc: Calendar { ExampleWidgetGoldenTests.utc }
    private let now = ExampleWidgetGoldenTests.now

    @Test("battery: the first power supply of type Battery, its capacity and status")
    func batteryFromSysfs() throws {
        let sysfs = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: sysfs) }
        try write("Mains\n", "AC/type", in: sysfs)
        try write("1\n", "AC/online", in: sysfs)
        try write("Battery\n", "BAT0/type", in: sysfs)
        try write("64\n", "BAT0/capacity", in: sysfs)
        try write("Charging\n", "BAT0/status", in: sysfs)
        let entry = BatteryProvider(powerSupplies: sysfs).reading(at: now)
        #expect(entry.level == 0.64)
        #expect(entry.isCharging)
        #expect(entry.status == "Charging")
    }

    @Test("battery: no battery listed reads as none, and says so")
    func noBattery() throws {
        let sysfs = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: sysfs) }
        try write("Mains\n", "AC/type", in: sysfs)
        let entry = BatteryProvider(powerSupplies: sysfs).reading(at: now)
        #expect(entry.level == nil)
        #expect(entry.status == "No battery")
        let missing = BatteryProvider(powerSupplies: sysfs.appendingPathComponent("absent"))
        #expect(missing.reading(at: now).level == nil)
    }

    @Test("departures: the last departure before now and the next three, from the timetable")
    func departuresAtNow() {
        let entry = DeparturesProvider(calendar: Self.utc).entry(at: now)  // 09:45:23 UTC
        let minutes = { (date: Date) in Int(date.timeIntervalSince1970 / 60) % (24 * 60) }
        #expect(minutes(entry.previous) == 9 * 60 + 40)
        #expect(entry.upcoming.map(minutes) == [9 * 60 + 52, 10 * 60 + 4, 10 * 60 + 16])
        #expect(abs(entry.progress - (5 * 60 + 23) / (12 * 60.0)) < 1e-9)
    }

    @Test("departures: after the last tram of the night, the first of the morning is next")
    func departuresOvernight() {
        let provider = DeparturesProvider(calendar: Self.utc)
        let midnight = Self.utc.startOfDay(for: now)
        let entry = provider.entry(at: midnight.addingTimeInterval(24 * 3600 + 40 * 60))  // 00:40
        #expect(entry.previous == midnight.addingTimeInterval(24 * 3600 + 28 * 60))
        #expect(entry.next == midnight.addingTimeInterval(24 * 3600 + 5 * 3600 + 4 * 60))
    }

    @Test("departures: a timeline of an entry per minute for an hour, reloading at its end")
    func departuresTimeline() async throws {
        let timeline = try await AnyTimelineProvider(DeparturesProvider(calendar: Self.utc))
            .timeline(in: TimelineProviderContext(family: .systemSmall, date: now))
        #expect(timeline.entries.count == 60)
        #expect(timeline.entries.first?.date == Date(timeIntervalSince1970: 1_795_254_300))
        #expect(timeline.policy == .atEnd)
    }

    /// Writes a forecast file and returns its path.
    private func forecastFile(_ json: String) throws -> String {
        let directory = try temporaryDirectory()
        try write(json, "forecast.json", in: directory)
        return directory.appendingPathComponent("forecast.json").path
    }

    @Test("forecast: an entry per hour from the one under way, reloading after the last")
    func forecastTimeline() async throws {
        let path = try forecastFile(
            """
            { "location": "Oslo", "high": 4, "low": -3, "hours": [
              { "time": "2026-11-21T10:00:00Z", "temperature": 2, "symbol": "cloud.fill",
                "condition": "Cloudy" },
              { "time": "2026-11-21T09:00:00Z", "temperature": 1, "symbol": "cloud.fill",
                "condition": "Cloudy" },
              { "time": "2026-11-21T08:00:00Z", "temperature": 0, "symbol": "snowflake",
                "condition": "Snow" } ] }
            """)
        let timeline = try await ForecastProvider(path: path)
            .timeline(in: TimelineProviderContext(family: .systemSmall, date: now))
        #expect(timeline.entries.map(\.date) == [now, Date(timeIntervalSince1970: 1_795_255_200)])
        #expect(timeline.entries.first?.now?.temperature == 1, "09:00 is under way at 09:45")
        #expect(timeline.entries.first?.hours.count == 2)
        #expect(timeline.policy == .after(Date(timeIntervalSince1970: 1_795_255_200)))
    }

    @Test("forecast: a missing or malformed file is an error naming the file and the problem")
    func forecastErrors() throws {
        let missing = ForecastProvider(path: "/nonexistent/forecast.json")
        #expect(throws: ForecastFileError.self) { try missing.load() }
        do {
            _ = try missing.load()
        } catch {
            #expect(
                "\(error)".hasPrefix("forecast file /nonexistent/forecast.json: cannot be read"))
        }
        let path = try forecastFile(
            #"{ "location": "Oslo", "high": "warm", "low": 1, "hours": [] }"#)
        do {
            _ = try ForecastProvider(path: path).load()
            Issue.record("a string high decoded")
        } catch {
            #expect("\(error)".hasPrefix("forecast file \(path): \"high\": "))
        }
        let noHours = try forecastFile(#"{ "location": "Oslo", "high": 4, "low": 1 }"#)
        do {
            _ = try ForecastProvider(path: noHours).load()
            Issue.record("a forecast without hours decoded")
        } catch {
            #expect("\(error)" == "forecast file \(noHours): no \"hours\"")
        }
    }
}
