import Foundation
import WidgetUI

/// What a provider is told about the widget it provides for.
///
/// ```swift
/// func placeholder(in context: Context) -> SimpleEntry {
///     SimpleEntry(date: .now, compact: context.family == .systemSmall)
/// }
/// ```
public struct TimelineProviderContext: Sendable {
    /// The family the timeline is drawn in.
    public let family: WidgetFamily
    /// The widget's size in points: the family's.
    public var displaySize: CGSize {
        CGSize(width: family.size.width, height: family.size.height)
    }
    /// Whether the entry is for a preview (a snapshot), not the live display.
    public let isPreview: Bool
    /// The display's current time: use it instead of `Date()` for the first entry.
    ///
    /// It is the system time, except under `nightstand run --at`, `snapshot --at` and in
    /// tests with a simulated clock. (A Nightstand extension; WidgetKit has no such property.)
    public let date: Date

    /// Creates a context for a family at an instant; the size is the family's.
    public init(family: WidgetFamily, isPreview: Bool = false, date: Date = Date()) {
        self.family = family
        self.isPreview = isPreview
        self.date = date
    }
}

/// Tells the host when to draw what: a placeholder, a snapshot, and timelines of entries.
///
/// ```swift
/// struct Provider: TimelineProvider {
///     func placeholder(in context: Context) -> SimpleEntry { SimpleEntry(date: .now) }
///
///     func getSnapshot(in context: Context, completion: @escaping (SimpleEntry) -> Void) {
///         completion(SimpleEntry(date: .now))
///     }
///
///     func getTimeline(in context: Context, completion: @escaping (Timeline<SimpleEntry>) -> Void) {
///         completion(Timeline(entries: [SimpleEntry(date: .now)], policy: .atEnd))
///     }
/// }
/// ```
///
/// The host calls these off the drawing path, each on its own task, with a timeout: a provider
/// that never calls `completion` keeps its widget on the last entry it had (the placeholder
/// before the first). Calling `completion` more than once is harmless; the first call counts.
///
/// ## Differences from WidgetKit
///
/// Providers are `Sendable`, because the host runs them concurrently with drawing; a struct of
/// plain values is `Sendable` without saying so. Use ``AsyncTimelineProvider`` to write async
/// code that can throw.
public protocol TimelineProvider: Sendable {
    /// The entry type the provider makes.
    associatedtype Entry: TimelineEntry
    /// The context type: ``TimelineProviderContext``.
    typealias Context = TimelineProviderContext

    /// An entry to draw (redacted) before the first real one, returned at once.
    func placeholder(in context: Context) -> Entry

    /// One entry for a preview, as soon as possible.
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)

    /// Entries for now and the future, and when to ask again.
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}

/// A provider written with `async` functions, which may throw.
///
/// ```swift
/// struct WeatherProvider: AsyncTimelineProvider {
///     func placeholder(in context: Context) -> WeatherEntry { .sample }
///     func snapshot(in context: Context) async -> WeatherEntry { .sample }
///     func timeline(in context: Context) async throws -> Timeline<WeatherEntry> {
///         let forecast = try await fetchForecast()
///         return Timeline(entries: forecast.entries, policy: .after(forecast.expires))
///     }
/// }
/// ```
///
/// A thrown error keeps the widget on its last entry and is logged once; the host tries again
/// after a back-off.
///
/// ## Differences from WidgetKit
///
/// WidgetKit's async providers are `AppIntentTimelineProvider`s, which take an intent; with no
/// intents here, this is the same shape without one.
public protocol AsyncTimelineProvider: Sendable {
    /// The entry type the provider makes.
    associatedtype Entry: TimelineEntry
    /// The context type: ``TimelineProviderContext``.
    typealias Context = TimelineProviderContext

    /// An entry to draw (redacted) before the first real one, returned at once.
    func placeholder(in context: Context) -> Entry

    /// One entry for a preview.
    func snapshot(in context: Context) async -> Entry

    /// Entries for now and the future, and when to ask again.
    func timeline(in context: Context) async throws -> Timeline<Entry>
}
