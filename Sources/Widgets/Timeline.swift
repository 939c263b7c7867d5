import FoundationEssentials

/// One state of a widget at a date: what the provider computed for that instant.
///
/// ```swift
/// struct WeatherEntry: TimelineEntry {
///     let date: Date
///     let temperature: Double
/// }
/// ```
///
/// ## Differences from WidgetKit
///
/// Entries are `Sendable`: providers run on their own tasks, off the drawing path, and hand
/// entries back to the host. A struct of plain values is `Sendable` without saying so.
public protocol TimelineEntry: Sendable {
    /// The instant from which this entry is shown.
    var date: Date { get }

    /// How relevant the entry is, for Smart Rotate in a stack; `nil` for no opinion.
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    /// No opinion on relevance.
    public var relevance: TimelineEntryRelevance? { nil }
}

/// How relevant an entry is, compared with the other widgets of a stack.
///
/// The stack shows the widget whose current entry has the highest score; a score counts for
/// `duration` seconds from the entry's date (0: until the next entry).
///
/// ```swift
/// TimelineEntryRelevance(score: 80, duration: 15 * 60)
/// ```
public struct TimelineEntryRelevance: Hashable, Sendable {
    /// The score: higher is more relevant; 0 is not relevant at all.
    public var score: Float
    /// How long the score holds from the entry's date, in seconds; 0 until the next entry.
    public var duration: TimeInterval

    /// Creates a relevance from a score and how long it holds.
    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}

/// Entries to show over time, and when to ask the provider for more.
///
/// ```swift
/// let entries = (0..<60).map { SimpleEntry(date: now.addingTimeInterval(Double($0) * 60)) }
/// completion(Timeline(entries: entries, policy: .atEnd))
/// ```
public struct Timeline<EntryType: TimelineEntry>: Sendable {
    /// The entries, in date order.
    public let entries: [EntryType]
    /// When to ask for a new timeline.
    public let policy: TimelineReloadPolicy

    /// Creates a timeline; the entries are sorted by date.
    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries.sorted { $0.date < $1.date }
        self.policy = policy
    }
}

/// When the host asks a provider for a new timeline.
///
/// ```swift
/// Timeline(entries: [entry], policy: .after(.now.addingTimeInterval(15 * 60)))
/// ```
public struct TimelineReloadPolicy: Hashable, Sendable {
    enum Kind: Hashable {
        case atEnd
        case after(Date)
        case never
    }

    let kind: Kind

    /// After the last entry's date.
    public static let atEnd = TimelineReloadPolicy(kind: .atEnd)
    /// Only when the app asks (`WidgetCenter`).
    public static let never = TimelineReloadPolicy(kind: .never)

    /// At a date.
    public static func after(_ date: Date) -> TimelineReloadPolicy {
        TimelineReloadPolicy(kind: .after(date))
    }

    /// The instant to reload a timeline with this policy whose last entry is at `lastEntry`
    /// (`nil` for no entries), or `nil` for never.
    ///
    /// An `.atEnd` timeline without entries has nothing to wait for: it reloads at once.
    public func reloadDate(lastEntry: Date?, now: Date) -> Date? {
        switch kind {
        case .atEnd: lastEntry ?? now
        case .after(let date): date
        case .never: nil
        }
    }
}
