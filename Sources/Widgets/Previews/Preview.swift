import Foundation
import SystemSupport
import WidgetUI

/// A preview that `#Preview` declared: a widget in a family with its timeline, or a view.
///
/// `#Preview` expands to a type conforming to ``PreviewRegistry`` whose ``PreviewRegistry/preview``
/// makes one of these; ``all`` finds every such type linked into the program, so a widget
/// package's previews are listed, drawn (`MyDisplay previews --out DIR`) and checked against
/// goldens (NightstandTesting's `assertPreviews`) without a list anyone keeps.
///
/// ```swift
/// #Preview("Spring tide", as: .systemSmall) {
///     TideWidget()
/// } timeline: {
///     TideEntry(date: .now, level: 0.2)
///     TideEntry(date: .now, level: 0.9)
/// }
///
/// #Preview("Gauge") {
///     GaugeView(value: 0.4)
/// }
/// ```
public struct Preview {
    /// The name given to `#Preview`, if any.
    public let name: String?
    /// The file that declared it, as `#fileID` (`MyDisplay/TideWidget.swift`).
    public let fileID: String
    /// The line of the `#Preview`.
    public let line: Int
    /// The family it is drawn in: the widget's, or `.systemSmall` for a view.
    public let family: WidgetFamily
    /// What draws an entry: the widget, or for a view, a widget showing it edge to edge.
    public let widget: WidgetDescriptor
    /// Whether it previews a widget (with entries), not a view.
    public let isWidget: Bool
    private let source: Source

    /// Where the entries come from.
    private enum Source {
        case entries([any TimelineEntry])
        case provider(AnyTimelineProvider)
        case view
    }

    /// The preview of a widget in a family with the entries of `timeline`, each drawn in turn:
    /// what `#Preview(_:as:widget:timeline:)` makes.
    public init<W: Widget, Entry: TimelineEntry>(
        fileID: String, line: Int, _ name: String? = nil, as family: WidgetFamily,
        widget: () -> W, @PreviewTimelineBuilder<Entry> timeline: () -> [Entry]
    ) {
        self.init(
            fileID: fileID, line: line, name: name, family: family,
            widget: WidgetDescriptor(widget()), isWidget: true, source: .entries(timeline()))
    }

    /// The preview of a widget in a family with the entries of the timeline its provider
    /// gives: what `#Preview(_:as:widget:timelineProvider:)` makes.
    public init<W: Widget, Provider: TimelineProvider>(
        fileID: String, line: Int, _ name: String? = nil, as family: WidgetFamily,
        widget: () -> W, timelineProvider: () -> Provider
    ) {
        self.init(
            fileID: fileID, line: line, name: name, family: family,
            widget: WidgetDescriptor(widget()), isWidget: true,
            source: .provider(AnyTimelineProvider(timelineProvider())))
    }

    /// The preview of a view, drawn edge to edge in the small family's square: what
    /// `#Preview(_:body:)` makes.
    public init(
        fileID: String, line: Int, _ name: String? = nil,
        @ViewBuilder body: @escaping () -> any View
    ) {
        let widget = StaticConfiguration(kind: "preview", provider: ViewPreviewProvider()) { _ in
            AnyView(body())
        }
        .contentMarginsDisabled()
        self.init(
            fileID: fileID, line: line, name: name, family: .systemSmall,
            widget: WidgetDescriptor(widget), isWidget: false, source: .view)
    }

    private init(
        fileID: String, line: Int, name: String?, family: WidgetFamily,
        widget: WidgetDescriptor, isWidget: Bool, source: Source
    ) {
        self.name = name
        self.fileID = fileID
        self.line = line
        self.family = family
        self.widget = widget
        self.isWidget = isWidget
        self.source = source
    }

    /// The entries drawn, in the timeline's order: the `timeline:` closure's, the provider's
    /// timeline (asked at `date`, as a preview), or one entry at `date` for a view.
    ///
    /// A provider that throws gives its placeholder, and the error is logged.
    public func entries(at date: Date) async -> [any TimelineEntry] {
        switch source {
        case .entries(let entries):
            return entries
        case .view:
            return [PreviewEntry(date: date)]
        case .provider(let provider):
            let context = TimelineProviderContext(family: family, isPreview: true, date: date)
            do {
                return try await provider.timeline(in: context).entries
            } catch {
                Logger(label: "nightstand.previews").error(
                    "preview \(title) (\(fileID):\(line)): the provider's timeline failed: "
                        + "\(error); drawing its placeholder")
                return [provider.placeholder(in: context)]
            }
        }
    }

    /// The preview's name, or its file and line when it has none.
    public var title: String {
        name ?? "\(fileID):\(line)"
    }

    /// Every preview declared with `#Preview` in the program, by file and line.
    public static var all: [Preview] {
        ConformingTypes.all(module: "Widgets", protocol: "PreviewRegistry")
            .compactMap { $0 as? any PreviewRegistry.Type }
            .map { $0.preview }
            .sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }
    }
}

/// What a `#Preview` expands to: a type whose ``preview`` is the preview, found by
/// ``Preview/all`` among the program's types.
public protocol PreviewRegistry {
    /// The preview this type declares.
    static var preview: Preview { get }
}

/// Collects a preview's entries from the statements of its `timeline:` closure: each
/// expression an entry, with `if`, `switch` and `for` as in any result builder.
///
/// ```swift
/// } timeline: {
///     TideEntry(date: .now, level: 0.2)
///     for level in [0.5, 0.9] { TideEntry(date: .now, level: level) }
/// }
/// ```
@resultBuilder
public enum PreviewTimelineBuilder<Entry: TimelineEntry> {
    /// One entry.
    public static func buildExpression(_ entry: Entry) -> [Entry] { [entry] }
    /// The entries of the statements in order.
    public static func buildBlock(_ parts: [Entry]...) -> [Entry] { parts.flatMap { $0 } }
    /// The entries of an `if` without `else`, when it ran.
    public static func buildOptional(_ part: [Entry]?) -> [Entry] { part ?? [] }
    /// The entries of an `if`'s first branch.
    public static func buildEither(first part: [Entry]) -> [Entry] { part }
    /// The entries of an `if`'s second branch.
    public static func buildEither(second part: [Entry]) -> [Entry] { part }
    /// The entries of every pass of a `for` loop.
    public static func buildArray(_ parts: [[Entry]]) -> [Entry] { parts.flatMap { $0 } }
}

/// The one entry a view preview is drawn with.
struct PreviewEntry: TimelineEntry {
    let date: Date
}

/// The provider of a view preview's widget (its timeline is the preview's one entry).
struct ViewPreviewProvider: TimelineProvider {
    func placeholder(in context: Context) -> PreviewEntry { PreviewEntry(date: context.date) }

    func getSnapshot(in context: Context, completion: @escaping (PreviewEntry) -> Void) {
        completion(PreviewEntry(date: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<PreviewEntry>) -> Void) {
        completion(Timeline(entries: [PreviewEntry(date: context.date)], policy: .never))
    }
}
