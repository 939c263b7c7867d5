import Foundation
import Raster
import Testing
import WidgetUI

@testable import Widgets

struct TickEntry: TimelineEntry {
    let date: Date
    var value = 0
}

/// A provider that answers at once, twice (the second answer must be ignored).
struct EagerProvider: TimelineProvider {
    func placeholder(in context: Context) -> TickEntry { TickEntry(date: .distantPast) }

    func getSnapshot(in context: Context, completion: @escaping (TickEntry) -> Void) {
        completion(TickEntry(date: .distantPast, value: 1))
        completion(TickEntry(date: .distantPast, value: 2))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<TickEntry>) -> Void) {
        let start = Date(timeIntervalSince1970: 0)
        let entries = [60.0, 0, 120].map { TickEntry(date: start + $0, value: Int($0)) }
        completion(Timeline(entries: entries, policy: .atEnd))
        completion(Timeline(entries: [], policy: .never))
    }
}

/// A provider that never calls its completion handler.
struct HangingProvider: TimelineProvider {
    func placeholder(in context: Context) -> TickEntry { TickEntry(date: .distantPast) }
    func getSnapshot(in context: Context, completion: @escaping (TickEntry) -> Void) {}
    func getTimeline(in context: Context, completion: @escaping (Timeline<TickEntry>) -> Void) {}
}

struct Failure: Error {}

/// An async provider that throws.
struct ThrowingProvider: AsyncTimelineProvider {
    func placeholder(in context: Context) -> TickEntry { TickEntry(date: .distantPast) }
    func snapshot(in context: Context) async -> TickEntry { TickEntry(date: .distantPast) }
    func timeline(in context: Context) async throws -> Timeline<TickEntry> { throw Failure() }
}

struct Ticker: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "ticker", provider: EagerProvider()) { entry in
            Text("\(entry.value)")
        }
        .configurationDisplayName("Ticker")
        .description("Counts.")
        .supportedFamilies([.systemSmall, .accessoryInline])
        .containerBackgroundRemovable(false)
        .disfavoredLocations([.standBy], for: [.accessoryInline])
    }
}

struct Failing: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "failing", provider: ThrowingProvider()) { _ in EmptyView() }
    }
}

struct Bundle: WidgetBundle {
    var body: some Widget {
        Ticker()
        Failing()
    }
}

@Suite("The WidgetKit model")
struct WidgetModelTests {
    let context = TimelineProviderContext(family: .systemSmall)

    @Test("a bundle lists its widgets in order, with their configuration options")
    func bundleDescriptors() {
        let all = WidgetDescriptor.all(in: Bundle())
        #expect(all.map(\.kind) == ["ticker", "failing"])
        let ticker = all[0]
        #expect(ticker.displayName == "Ticker")
        #expect(ticker.description == "Counts.")
        #expect(ticker.supportedFamilies == [.systemSmall, .accessoryInline])
        #expect(!ticker.isContainerBackgroundRemovable)
        #expect(ticker.isDisfavored(at: .standBy, family: .accessoryInline))
        #expect(!ticker.isDisfavored(at: .standBy, family: .systemSmall))
        #expect(all[1].displayName == "failing")
        #expect(all[1].supportedFamilies == [.systemSmall, .systemMedium, .systemLarge])
    }

    @Test("the families have the point sizes of a 6.1-inch iPhone")
    func familySizes() {
        #expect(WidgetFamily.systemSmall.size == Size(width: 170, height: 170))
        #expect(WidgetFamily.systemMedium.size == Size(width: 364, height: 170))
        #expect(WidgetFamily.systemLarge.size == Size(width: 364, height: 382))
        #expect(WidgetFamily.accessoryCircular.size == Size(width: 76, height: 76))
        #expect(WidgetFamily.accessoryRectangular.size == Size(width: 172, height: 76))
        #expect(WidgetFamily.accessoryInline.size == Size(width: 257, height: 26))
    }

    @Test("a completion-handler provider is bridged; its second completion call is ignored")
    func completionBridged() async throws {
        let provider = AnyTimelineProvider(EagerProvider())
        let snapshot = try await provider.snapshot(in: context)
        #expect((snapshot as? TickEntry)?.value == 1)
        let timeline = try await provider.timeline(in: context)
        #expect(timeline.entries.map(\.date.timeIntervalSince1970) == [0, 60, 120])
        #expect(timeline.policy == .atEnd)
    }

    @Test("a hanging provider returns CancellationError as soon as its task is cancelled")
    func hangingCancelled() async {
        let provider = AnyTimelineProvider(HangingProvider())
        let task = Task { try await provider.timeline(in: context) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }

    @Test("an async provider's error reaches the caller")
    func asyncThrows() async {
        let provider = AnyTimelineProvider(ThrowingProvider())
        await #expect(throws: Failure.self) { try await provider.timeline(in: context) }
    }

    @Test("the entry at a date is the last one at or before it, else the first")
    func entryAtDate() async throws {
        let timeline = try await AnyTimelineProvider(EagerProvider()).timeline(in: context)
        let at = { (t: Double) in
            (timeline.entry(at: Date(timeIntervalSince1970: t)) as? TickEntry)?.value
        }
        #expect(at(-5) == 0)
        #expect(at(0) == 0)
        #expect(at(59) == 0)
        #expect(at(60) == 60)
        #expect(at(1000) == 120)
    }

    @Test("reload policies give their reload dates")
    func reloadDates() {
        let now = Date(timeIntervalSince1970: 1000)
        let last = Date(timeIntervalSince1970: 2000)
        #expect(TimelineReloadPolicy.atEnd.reloadDate(lastEntry: last, now: now) == last)
        #expect(TimelineReloadPolicy.atEnd.reloadDate(lastEntry: nil, now: now) == now)
        #expect(TimelineReloadPolicy.never.reloadDate(lastEntry: last, now: now) == nil)
        let after = Date(timeIntervalSince1970: 1500)
        #expect(TimelineReloadPolicy.after(after).reloadDate(lastEntry: last, now: now) == after)
    }

    @Test("WidgetCenter coalesces requests, calls its handler, and forgets what was taken")
    func widgetCenter() {
        let center = WidgetCenter()
        let calls = Counter()
        center.onReloadRequest { calls.increment() }
        center.reloadTimelines(ofKind: "a")
        center.reloadTimelines(ofKind: "b")
        center.reloadTimelines(ofKind: "a")
        let request = center.takeReloadRequest()
        #expect(request.kinds == ["a", "b"] && !request.all)
        #expect(request.includes("a") && !request.includes("c"))
        #expect(center.takeReloadRequest().isEmpty)
        center.reloadAllTimelines()
        #expect(center.takeReloadRequest().includes("c"))
        #expect(calls.value == 4)
    }
}

/// A thread-safe call counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}
