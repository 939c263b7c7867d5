/// A view that shows a value within a range: a ring, an arc or a bar, with optional labels.
///
/// The look comes from the ``GaugeStyle`` in the environment (`gaugeStyle(_:)`); the fill or
/// arc is drawn in the `tint` (the accent color by default, and a gradient runs along the
/// track). Values outside the range clamp to its ends; a value that isn't finite draws as the
/// minimum.
///
/// ```swift
/// Gauge(value: entry.temperature, in: -5...30) {
///     Text("Temp")
/// } currentValueLabel: {
///     Text("\(Int(entry.temperature))")
/// } minimumValueLabel: {
///     Text("-5")
/// } maximumValueLabel: {
///     Text("30")
/// }
/// .gaugeStyle(.accessoryCircular)
/// .tint(Gradient(colors: [.blue, .green, .orange]))
/// ```
///
/// ## Differences from SwiftUI
///
/// There are no marked value labels, so the type has three generic parameters rather than
/// four. Values are converted to `Double`.
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View>: View {
    /// How far the value lies through the range, 0…1.
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: BoundsLabel?
    let maximumValueLabel: BoundsLabel?

    /// Creates a gauge with every label.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
        @ViewBuilder minimumValueLabel: () -> BoundsLabel,
        @ViewBuilder maximumValueLabel: () -> BoundsLabel
    ) {
        self.init(
            value, bounds, label: label(), currentValueLabel: currentValueLabel(),
            minimumValueLabel: minimumValueLabel(), maximumValueLabel: maximumValueLabel())
    }

    init<V: BinaryFloatingPoint>(
        _ value: V, _ bounds: ClosedRange<V>, label: Label, currentValueLabel: CurrentValueLabel?,
        minimumValueLabel: BoundsLabel?, maximumValueLabel: BoundsLabel?
    ) {
        fraction = controlFraction(
            Double(value), lower: Double(bounds.lowerBound), upper: Double(bounds.upperBound))
        self.label = label
        self.currentValueLabel = currentValueLabel
        self.minimumValueLabel = minimumValueLabel
        self.maximumValueLabel = maximumValueLabel
    }
}

extension Gauge where BoundsLabel == EmptyView {
    /// Creates a gauge with a label and a current value label.
    ///
    /// ```swift
    /// Gauge(value: 0.4) { Text("Battery") } currentValueLabel: { Text("40") }
    /// ```
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(
            value, bounds, label: label(), currentValueLabel: currentValueLabel(),
            minimumValueLabel: nil, maximumValueLabel: nil)
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView {
    /// Creates a gauge with a label.
    ///
    /// ```swift
    /// Gauge(value: 0.4) { Text("Battery") }
    /// ```
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label
    ) {
        self.init(
            value, bounds, label: label(), currentValueLabel: nil, minimumValueLabel: nil,
            maximumValueLabel: nil)
    }
}

extension Gauge: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        let configuration = GaugeStyleConfiguration(
            value: fraction, label: AnyView(label),
            currentValueLabel: currentValueLabel.map { AnyView($0) },
            minimumValueLabel: minimumValueLabel.map { AnyView($0) },
            maximumValueLabel: maximumValueLabel.map { AnyView($0) })
        Self.body(of: environment.gaugeStyle, configuration).resolve(in: environment, into: &nodes)
    }

    private static func body(of style: some GaugeStyle, _ configuration: GaugeStyleConfiguration)
        -> AnyView
    {
        AnyView(style.makeBody(configuration: configuration))
    }
}
