import WidgetUI

/// The family a preview of a widget's view is drawn in.
///
/// ```swift
/// MyWidgetEntryView(entry: entry)
///     .previewContext(WidgetPreviewContext(family: .systemMedium))
/// ```
public struct WidgetPreviewContext: Hashable, Sendable {
    /// The family of the preview.
    public var family: WidgetFamily

    /// Creates a preview context for a family.
    public init(family: WidgetFamily) {
        self.family = family
    }
}

extension View {
    /// Draws the view as a widget of the context's family: its views read that family from
    /// `@Environment(\.widgetFamily)`.
    public func previewContext(_ context: WidgetPreviewContext) -> some View {
        environment(\.widgetFamily, context.family)
    }
}
