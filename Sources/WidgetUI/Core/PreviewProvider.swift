/// Views to preview during development, as Xcode's canvas shows them.
///
/// A preview provider ported from an iOS project compiles unchanged; its `previews` are an
/// ordinary view that the `NightstandTesting` library can render to a PNG, which is how a
/// preview is looked at on Linux.
///
/// ```swift
/// struct WeatherWidget_Previews: PreviewProvider {
///     static var previews: some View {
///         WeatherView(entry: .sample)
///             .previewContext(WidgetPreviewContext(family: .systemSmall))
///     }
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// There is no canvas, and no `#Preview` macro (a macro needs a compiler plugin built with
/// swift-syntax); move a `#Preview` block's content into a `PreviewProvider`.
public protocol PreviewProvider {
    /// The type of the previews.
    associatedtype Previews: View

    /// The views to preview.
    @ViewBuilder static var previews: Previews { get }
}

extension View {
    /// Names a preview.
    ///
    /// Kept for source compatibility: there is no canvas to show the name.
    public func previewDisplayName(_ displayName: String?) -> some View {
        self
    }
}
