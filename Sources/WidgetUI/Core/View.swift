/// A piece of a widget's user interface, described as a value.
///
/// You write a view by declaring a type that conforms to `View` and implementing its `body`,
/// composed of other views. WidgetUI asks the body for its content, lays that content out in
/// points, and draws it; your type never lays out or draws anything itself.
///
/// ```swift
/// struct BatteryView: View {
///     var level: Double
///
///     var body: some View {
///         HStack {
///             Text("Battery")
///             Spacer()
///             Text("\(Int(level * 100)) %")
///         }
///         .padding()
///     }
/// }
/// ```
///
/// Views are built and drawn synchronously, on whatever task renders the frame, each time it is
/// drawn; keep `body` cheap and free of side effects.
///
/// ## Differences from SwiftUI
///
/// - `View` is neither `Sendable` nor `@MainActor`: a frame is built, laid out and drawn in one
///   synchronous call, so views may hold non-`Sendable` timeline entries and closures.
/// - There is no view identity or state across frames: `@State`, bindings and animations do not
///   exist in a widget, as in WidgetKit.
public protocol View {
    /// The type of view this view's body is made of.
    associatedtype Body: View

    /// The content of this view, built with ``ViewBuilder``.
    ///
    /// Read any `@Environment` properties here; WidgetUI sets them just before it asks for the
    /// body.
    @ViewBuilder var body: Body { get }
}
