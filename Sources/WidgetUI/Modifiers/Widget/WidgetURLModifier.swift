import Foundation

extension View {
    /// Sets the URL a tap on the widget opens.
    ///
    /// ```swift
    /// CountdownView(entry: entry)
    ///     .widgetURL(URL(string: "countdown://event/\(entry.id)"))
    /// ```
    ///
    /// The outermost `widgetURL` wins (WidgetKit leaves several undefined); `nil` sets none. The host reads it from the
    /// ``RenderReport`` of the frame (``RenderReport/widgetURL``); ``Link``s inside the widget
    /// take the taps on their own areas.
    public func widgetURL(_ url: URL?) -> some View {
        WidgetURLModifier(content: self, url: url)
    }
}

/// The view `widgetURL` returns.
struct WidgetURLModifier<Content: View>: View, PrimitiveView {
    var content: Content
    var url: URL?

    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        if let url, let context = environment.renderContext, context.widgetURL == nil {
            context.widgetURL = url
        }
        content.resolve(in: environment, into: &nodes)
    }
}
