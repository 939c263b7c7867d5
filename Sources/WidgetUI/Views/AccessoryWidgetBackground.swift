/// The translucent backdrop of an accessory widget: the container's shape in white at 15 %.
///
/// Put it behind an accessory widget's content, as on the Lock Screen; it takes the shape of
/// the widget (a circle for `accessoryCircular`, a rounded rectangle for
/// `accessoryRectangular`) through ``ContainerRelativeShape``.
///
/// ```swift
/// ZStack {
///     AccessoryWidgetBackground()
///     Gauge(value: level) { Text("⚡︎") }.gaugeStyle(.accessoryCircularCapacity)
/// }
/// ```
///
/// ## Differences from SwiftUI
///
/// The backdrop is a flat white at 15 % rather than a blurred material.
public struct AccessoryWidgetBackground: View {
    /// Creates the backdrop.
    public init() {}

    /// The container's shape, filled with translucent white.
    public var body: some View {
        ContainerRelativeShape().fill(Color.white.opacity(0.15))
    }
}
