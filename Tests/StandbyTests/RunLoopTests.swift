import Ambient
import Display
import Foundation
import NightstandTesting
import Raster
import SystemSupport
import Testing
import WidgetUI
import Widgets

@testable import Standby

struct MinuteEntry: TimelineEntry, Equatable {
    let date: Date
    var relevance: TimelineEntryRelevance? = nil
}

/// Entries on each whole minute for the next hour, then reload: an hh:mm clock's timeline.
struct MinuteProvider: TimelineProvider {
    func placeholder(in context: Context) -> MinuteEntry { MinuteEntry(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping (MinuteEntry) -> Void) {
        completion(MinuteEntry(date: context.date))
    }
    func getTimeline(in context: Context, completion: @escaping (Timeline<MinuteEntry>) -> Void) {
        let minute = (context.date.timeIntervalSince1970 / 60).rounded(.down) * 60
        let entries = (0..<60).map {
            MinuteEntry(date: Date(timeIntervalSince1970: minute + Double($0) * 60))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

/// One entry with a relevance score that holds for an hour; never reloads.
struct RelevantProvider: TimelineProvider {
    let score: Float
    func placeholder(in context: Context) -> MinuteEntry { MinuteEntry(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping (MinuteEntry) -> Void) {}
    func getTimeline(in context: Context, completion: @escaping (Timeline<MinuteEntry>) -> Void) {
        let relevance = TimelineEntryRelevance(score: score, duration: 3600)
        completion(
            Timeline(
                entries: [MinuteEntry(date: context.date, relevance: relevance)], policy: .never))
    }
}

/// Never answers.
struct HangingProvider: TimelineProvider {
    func placeholder(in context: Context) -> MinuteEntry { MinuteEntry(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping (MinuteEntry) -> Void) {}
    func getTimeline(in context: Context, completion: @escaping (Timeline<MinuteEntry>) -> Void) {}
}

struct Broken: Error, CustomStringConvertible {
    var description: String { "the feed is down" }
}

/// Answers the first call, throws on every later one.
final class FlakyProvider: AsyncTimelineProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    func placeholder(in context: Context) -> MinuteEntry { MinuteEntry(date: .distantPast) }
    func snapshot(in context: Context) async -> MinuteEntry { MinuteEntry(date: context.date) }
    func timeline(in context: Context) async throws -> Timeline<MinuteEntry> {
        let n = lock.withLock {
            calls += 1
            return calls
        }
        if n > 1 { throw Broken() }
        return Timeline(
            entries: [MinuteEntry(date: context.date)], policy: .after(context.date + 600))
    }
    var callCount: Int { lock.withLock { calls } }
}

/// A kind over a completion-handler provider, drawing a white square.
func kind<P: TimelineProvider>(_ name: String, _ provider: P) -> ConfigurableWidget {
    ConfigurableWidget(kind: name) { _ in
        WidgetDescriptor(StaticConfiguration(kind: name, provider: provider) { _ in Color.white })
    }
}

/// A kind over an async provider, drawing a white square.
func kind<P: AsyncTimelineProvider>(_ name: String, _ provider: P) -> ConfigurableWidget {
    ConfigurableWidget(kind: name) { _ in
        WidgetDescriptor(StaticConfiguration(kind: name, provider: provider) { _ in Color.white })
    }
}

/// A host showing one clock (``MinuteProvider``) in one slot, without burn-in; `toml` comes
/// first (an `[ambient]` table, say), and `ambient` makes the host's controller.
func clockHost(
    _ toml: String = "", sink: (any FrameSink)? = nil, clock: SimulatedClock,
    ambient: (Configuration) -> AmbientController? = { _ in nil },
    log: Logger = Logger(label: "nightstand")
) throws -> StandbyHost {
    try testHost(
        toml + """

            [layout]
            burn_in_shift = 0
            [[widget]]
            kind = "clock"
            [[slot]]
            widgets = ["clock"]
            """, widgets: [kind("clock", MinuteProvider())], sink: sink, clock: clock, log: log,
        ambient: ambient)
}

@Suite("The run loop, on a simulated clock")
struct RunLoopTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00:00 UTC

    private func host(
        _ toml: String, _ kinds: [ConfigurableWidget], clock: SimulatedClock
    ) throws -> StandbyHost {
        try testHost(toml, widgets: kinds, clock: clock)
    }

    @Test("a day of an hh:mm clock and a calendar draws the clock once a minute and wakes no more")
    func simulatedDay() async throws {
        let clock = SimulatedClock(start: start)
        let host = try host(
            """
            [layout]
            burn_in_shift = 0
            [[widget]]
            kind = "clock"
            [[widget]]
            kind = "calendar"
            [[slot]]
            widgets = ["clock"]
            [[slot]]
            widgets = ["calendar"]
            """,
            [kind("clock", MinuteProvider()), kind("calendar", RelevantProvider(score: 0))],
            clock: clock)
        host.run(until: start + 86400)
        let stats = host.statistics
        // The placeholder, then one draw per minute of the day.
        #expect(stats.draws["clock"] == 1 + 1440)
        // The calendar: its placeholder, then its only entry.
        #expect(stats.draws["calendar"] == 2)
        // Wake-ups: one per minute, and one per hourly reload's answer.
        #expect(stats.wakeups <= 1440 + 2 * 24 + 4)
    }

    @Test("burn-in protection moves the picture and redraws every slot once per step")
    func burnIn() async throws {
        let clock = SimulatedClock(start: start)
        let host = try host(
            """
            [layout]
            burn_in_shift = 4
            burn_in_interval = "10m"
            [[widget]]
            kind = "still"
            [[slot]]
            widgets = ["still"]
            """, [kind("still", RelevantProvider(score: 0))], clock: clock)
        host.run(until: start + 3600)
        // Placeholder + entry, then one redraw per 10-minute step: 5 steps after the start
        // within the hour.
        #expect(host.statistics.draws["still"] == 2 + 5)
    }

    @Test("Smart Rotate shows the most relevant widget; ties go to the configured order")
    func smartRotate() async throws {
        let clock = SimulatedClock(start: start)
        let host = try host(
            """
            [[widget]]
            kind = "low"
            [[widget]]
            kind = "high"
            [[widget]]
            kind = "high2"
            [[slot]]
            widgets = ["low", "high", "high2"]
            """,
            [
                kind("low", RelevantProvider(score: 1)), kind("high", RelevantProvider(score: 50)),
                kind("high2", RelevantProvider(score: 50)),
            ], clock: clock)
        #expect(host.widgets.shown(ofSlot: 0, at: start) == 0, "no entries yet: the first")
        host.run(until: start + 1)
        #expect(host.widgets.shown(ofSlot: 0, at: start + 1) == 1, "the first of the two highest")
        #expect(host.statistics.draws["high"] == 1)
        #expect(
            host.widgets.shown(ofSlot: 0, at: start + 3601) == 0,
            "once the relevance lapses, back to the first")
    }

    @Test("a stack rotates on its interval when no entry is relevant")
    func intervalRotation() async throws {
        let clock = SimulatedClock(start: start)
        let host = try host(
            """
            [layout]
            burn_in_shift = 0
            [[widget]]
            kind = "a"
            [[widget]]
            kind = "b"
            [[slot]]
            widgets = ["a", "b"]
            rotation = "smart 15m"
            """,
            [kind("a", RelevantProvider(score: 0)), kind("b", RelevantProvider(score: 0))],
            clock: clock)
        host.run(until: start + 3600)
        // 2027-01-15 08:00 is a multiple of 15 min: a, b, a, b over the hour.
        #expect(host.statistics.draws["a"]! >= 2)
        #expect(host.statistics.draws["b"] == 2)
    }

    @Test("a hanging provider times out and its widget keeps the placeholder; the loop goes on")
    func hangingProvider() async throws {
        let clock = SimulatedClock(start: start, settleTime: 0.05)
        let host = try host(
            """
            [layout]
            burn_in_shift = 0
            [[widget]]
            kind = "hang"
            [[widget]]
            kind = "clock"
            [[slot]]
            widgets = ["hang"]
            [[slot]]
            widgets = ["clock"]
            """, [kind("hang", HangingProvider()), kind("clock", MinuteProvider())], clock: clock)
        host.run(until: start + 600)
        #expect(host.statistics.draws["hang"] == 1)
        #expect(host.statistics.draws["clock"] == 11)
    }

    @Test("a provider that fails later keeps its last good entry")
    func failingProvider() async throws {
        let clock = SimulatedClock(start: start)
        let flaky = FlakyProvider()
        let host = try host(
            """
            [layout]
            burn_in_shift = 0
            [[widget]]
            kind = "flaky"
            [[slot]]
            widgets = ["flaky"]
            """, [kind("flaky", flaky)], clock: clock)
        host.run(until: start + 3600)
        // First answer drawn; the failures after 10 minutes draw nothing new.
        #expect(host.statistics.draws["flaky"] == 2)
        #expect(flaky.callCount >= 3, "it retried with back-off")
    }

    @Test("WidgetCenter reloads reach the provider on the next turn")
    func widgetCenterReload() async throws {
        let clock = SimulatedClock(start: start)
        let center = WidgetCenter()
        let flaky = FlakyProvider()
        let configuration = try Configuration.parse(
            "[[widget]]\nkind = \"flaky\"\n[[slot]]\nwidgets = [\"flaky\"]", file: "t.toml")
        let sink = try memorySink(width: 200, height: 100)
        let host = try testHost(
            configuration, registry: WidgetRegistry([kind("flaky", flaky)]), sink: sink,
            clock: clock, center: center)
        host.run(until: start + 60)
        #expect(flaky.callCount == 1)
        center.reloadTimelines(ofKind: "flaky")
        host.run(until: start + 70)
        #expect(flaky.callCount == 2)
    }
}
