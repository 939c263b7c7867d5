import Foundation
import Testing
import WidgetUI
import Widgets

@testable import BuiltinWidgets

/// The countdown's target, phases and timeline, and the date-time forms it accepts.
@Suite("Countdown")
struct CountdownTests {
    private let berlinZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt

    @Test("date-times: local, with Z or an offset, a date alone")
    func parsing() {
        let zone = berlinZone
        #expect(LocalDateTime.parse("2026-12-24T18:00", timeZone: zone) == berlin(2026, 12, 24, 18))
        #expect(
            LocalDateTime.parse("2026-12-24T18:00:30", timeZone: zone)
                == berlin(2026, 12, 24, 18, 0, 30))
        #expect(
            LocalDateTime.parse("2026-12-24T17:00Z", timeZone: zone) == berlin(2026, 12, 24, 18))
        #expect(
            LocalDateTime.parse("2026-12-24T12:00-05:00", timeZone: zone)
                == berlin(2026, 12, 24, 18))
        #expect(
            LocalDateTime.parse("2026-12-24T19:00+0200", timeZone: zone) == berlin(2026, 12, 24, 18)
        )
        #expect(LocalDateTime.parse("2026-12-24", timeZone: zone) == berlin(2026, 12, 24))
        #expect(
            LocalDateTime.parse(" 2026-07-01T09:30 ", timeZone: zone) == berlin(2026, 7, 1, 9, 30))
    }

    @Test(
        "malformed or impossible date-times are refused",
        arguments: [
            "2026-02-30T10:00", "2026-12-24T24:00", "2026-12-24T18", "2026-13-01", "26-12-24",
            "2026-12-24T18:00+1", "2026-12-24T18:00+01:75", "tomorrow", "", "2026-12-24 18:00",
        ])
    func refused(text: String) {
        #expect(LocalDateTime.parse(text, timeZone: berlinZone) == nil)
    }

    private func options(_ values: [String: WidgetOptions.Value]) throws -> CountdownOptions {
        try CountdownOptions(WidgetOptions(values))
    }

    @Test("options: target is required and checked; after and time_zone are checked")
    func badOptions() {
        func key(_ values: [String: WidgetOptions.Value]) -> String? {
            do {
                _ = try options(values)
                return nil
            } catch {
                return (error as? WidgetOptionError)?.key
            }
        }
        #expect(key([:]) == "target")
        #expect(key(["target": .string("Christmas")]) == "target")
        #expect(key(["target": .int(2026)]) == "target")
        #expect(key(["target": .string("2026-12-24T18:00"), "after": .string("later")]) == "after")
        #expect(
            key(["target": .string("2026-12-24T18:00"), "time_zone": .string("Mars/Base")])
                == "time_zone")
        #expect(key(["target": .string("2026-12-24T18:00"), "titel": .string("x")]) == "titel")
    }

    @Test("the phases: whole days, the last day, and after")
    func phases() {
        let target = berlin(2026, 12, 24, 18)
        func phase(_ date: Date, _ after: CountdownOptions.After = .now) -> CountdownPhase {
            CountdownPhase(at: date, target: target, after: after)
        }
        #expect(phase(berlin(2026, 1, 15, 21, 41)) == .days(342))
        #expect(phase(berlin(2026, 12, 23, 18)) == .days(1))
        #expect(phase(berlin(2026, 12, 23, 18, 0, 1)) == .hours)
        #expect(phase(target) == .now)
        #expect(phase(target, .elapsed) == .elapsedHours)
        #expect(phase(berlin(2026, 12, 26, 19), .elapsed) == .elapsedDays(2))
    }

    @Test("the timeline changes at each whole day before the target and at the target")
    func timeline() throws {
        let countdown = try options([
            "target": .string("2026-12-24T18:00"), "time_zone": .string("Europe/Berlin"),
        ])
        let provider = CountdownProvider(options: countdown)
        let near = berlin(2026, 12, 21, 9, 30)
        let timeline = provider.timeline(now: near)
        #expect(
            timeline.entries.map(\.date) == [
                near, berlin(2026, 12, 21, 18), berlin(2026, 12, 22, 18), berlin(2026, 12, 23, 18),
                berlin(2026, 12, 24, 18),
            ])
        #expect(timeline.policy == .never, "nothing changes after \"Now\"")
        let far = provider.timeline(now: berlin(2026, 1, 15, 21, 41))
        #expect(far.entries.count == 8 && far.policy == .atEnd)
        #expect(far.entries.last?.date == berlin(2026, 1, 22, 18))
    }

    @Test("counting up after the target goes on day by day")
    func elapsedTimeline() throws {
        let countdown = try options([
            "target": .string("2026-12-24T18:00"), "time_zone": .string("Europe/Berlin"),
            "after": .string("elapsed"),
        ])
        let after = berlin(2026, 12, 24, 19)
        let timeline = CountdownProvider(options: countdown).timeline(now: after)
        #expect(timeline.entries.dropFirst().first?.date == berlin(2026, 12, 25, 18))
        #expect(timeline.entries.count == 8 && timeline.policy == .atEnd)
    }

    @Test("the last day's timer wakes the host every second by day, less often when dim")
    func liveTimer() async throws {
        let renderer = try WidgetRenderer()
        let descriptor = try CountdownWidget.kind.make(
            WidgetOptions([
                "target": .string("2026-12-24T18:00"), "time_zone": .string("Europe/Berlin"),
            ]))
        let now = berlin(2026, 12, 24, 14, 55, 30)
        let entry = try await firstEntry(descriptor, now: now)
        let day = renderer.render(
            descriptor, entry: entry, family: .systemSmall, appearance: .day, now: now)
        #expect(day.nextChange == now.addingTimeInterval(1))
        let dim = renderer.render(
            descriptor, entry: entry, family: .systemSmall, appearance: .dim, now: now)
        #expect(dim.nextChange == berlin(2026, 12, 24, 14, 56, 1), "when \"3 hr, 4 min\" turns")
    }
}
