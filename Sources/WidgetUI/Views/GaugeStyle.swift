/// A look for a ``Gauge``: how its value and labels are drawn.
///
/// Pick a built-in style with `gaugeStyle(_:)`, or write your own from the configuration.
///
/// ```swift
/// struct PercentStyle: GaugeStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         Text("\(Int(configuration.value * 100)) %")
///     }
/// }
///
/// Gauge(value: 0.4) { Text("Battery") }.gaugeStyle(PercentStyle())
/// ```
public protocol GaugeStyle {
    /// The view a configured gauge becomes.
    associatedtype Body: View

    /// The properties of the gauge being drawn.
    typealias Configuration = GaugeStyleConfiguration

    /// The view for a gauge with these properties.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
}

/// What a ``GaugeStyle`` draws: the value as a fraction of the range, and the gauge's labels.
///
/// ```swift
/// Circle().trim(from: 0, to: configuration.value).stroke(.green, lineWidth: 4)
/// ```
public struct GaugeStyleConfiguration {
    /// How far the value lies through the range, 0…1 (clamped; 0 for a value that isn't
    /// finite).
    public var value: Double
    /// The view that says what the gauge shows.
    public var label: AnyView
    /// The view that shows the current value, if the gauge has one.
    public var currentValueLabel: AnyView?
    /// The view for the minimum of the range, if the gauge has one.
    public var minimumValueLabel: AnyView?
    /// The view for the maximum of the range, if the gauge has one.
    public var maximumValueLabel: AnyView?
}

extension View {
    /// Sets the style of the gauges in this view.
    ///
    /// ```swift
    /// Gauge(value: battery) { Text("Battery") }
    ///     .gaugeStyle(.accessoryCircularCapacity)
    /// ```
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        EnvironmentModifier(content: self) { $0.gaugeStyle = style }
    }
}

extension EnvironmentValues {
    /// The style gauges are drawn in; `gaugeStyle(_:)` sets it.
    var gaugeStyle: any GaugeStyle {
        get { self[GaugeStyleKey.self] }
        set { self[GaugeStyleKey.self] = newValue }
    }
}

private struct GaugeStyleKey: EnvironmentKey {
    static var defaultValue: any GaugeStyle { DefaultGaugeStyle() }
}

/// The gauge style used when none is set: ``LinearCapacityGaugeStyle``, as on iOS.
///
/// ```swift
/// Gauge(value: 0.4) { Text("Battery") }.gaugeStyle(.automatic)
/// ```
public struct DefaultGaugeStyle: GaugeStyle {
    /// Creates the default gauge style.
    public init() {}

    /// A linear capacity gauge.
    public func makeBody(configuration: Configuration) -> some View {
        LinearCapacityGaugeStyle().makeBody(configuration: configuration)
    }
}

extension GaugeStyle where Self == DefaultGaugeStyle {
    /// The default style: a linear capacity bar.
    public static var automatic: DefaultGaugeStyle { DefaultGaugeStyle() }
}
