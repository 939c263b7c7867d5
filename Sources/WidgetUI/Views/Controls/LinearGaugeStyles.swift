/// A gauge style that draws a bar filled from its leading end to the current value: the
/// standard gauge on iOS.
///
/// The label sits above the bar, the minimum and maximum labels at its ends, and the current
/// value label below, in the caption font and the secondary style. The track is the system
/// fill gray, the fill the tint (a gradient runs along the bar).
///
/// ```swift
/// Gauge(value: 0.7) {
///     Text("Storage")
/// } currentValueLabel: {
///     Text("70 % used")
/// }
/// .gaugeStyle(.linearCapacity)
/// ```
///
/// ## Differences from SwiftUI
///
/// The bar is 6 points tall; the labels' placement follows the accessory linear capacity
/// style.
public struct LinearCapacityGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}

    /// The label, the bar between the bounds labels, and the current value label.
    public func makeBody(configuration: Configuration) -> some View {
        LinearGaugeLayout(
            configuration: configuration,
            bar: BarTrack(kind: .capacity(configuration.value), thickness: 6, tone: .systemFill),
            showsValueBelow: true, labelStyle: .secondary)
    }
}

/// A gauge style that draws a bar filled from its leading end to the current value: the Lock
/// Screen's linear capacity gauge.
///
/// The label sits above the bar, the minimum and maximum labels at its ends, the current
/// value label below. The track is the tint at 30 %, the fill the tint.
///
/// ```swift
/// Gauge(value: steps, in: 0...10_000) {
///     Text("Steps")
/// } currentValueLabel: {
///     Text("\(Int(steps))")
/// }
/// .gaugeStyle(.accessoryLinearCapacity)
/// ```
///
/// ## Differences from SwiftUI
///
/// The bar is 6 points tall.
public struct AccessoryLinearCapacityGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}

    /// The label, the bar between the bounds labels, and the current value label.
    public func makeBody(configuration: Configuration) -> some View {
        LinearGaugeLayout(
            configuration: configuration,
            bar: BarTrack(kind: .capacity(configuration.value), thickness: 6, tone: .fadedTint),
            showsValueBelow: true, labelStyle: .primary)
    }
}

/// A gauge style that draws a bar in the tint with a marker at the current value: the Lock
/// Screen's linear gauge.
///
/// The minimum and maximum labels sit at the bar's ends; without them, the current value
/// label sits at its leading end. The label sits above.
///
/// ```swift
/// Gauge(value: 0.62) {
///     Text("UV")
/// } minimumValueLabel: {
///     Text("0")
/// } maximumValueLabel: {
///     Text("11")
/// }
/// .gaugeStyle(.accessoryLinear)
/// .tint(Gradient(colors: [.green, .yellow, .red]))
/// ```
///
/// ## Differences from SwiftUI
///
/// The bar is 6 points tall.
public struct AccessoryLinearGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}

    /// The label, and the bar with its marker between the bounds labels.
    public func makeBody(configuration: Configuration) -> some View {
        LinearGaugeLayout(
            configuration: configuration,
            bar: BarTrack(kind: .marker(configuration.value), thickness: 6, tone: .fadedTint),
            showsValueBelow: false, labelStyle: .primary)
    }
}

/// The layout of the linear gauges: label above; the bar between the bounds labels (or,
/// when the value is not shown below, after the current value label); the current value label
/// below.
struct LinearGaugeLayout: View {
    var configuration: GaugeStyleConfiguration
    var bar: BarTrack
    var showsValueBelow: Bool
    /// The style of the labels around the bar.
    var labelStyle: HierarchicalShapeStyle

    var body: some View {
        let hasBounds =
            configuration.minimumValueLabel != nil || configuration.maximumValueLabel != nil
        VStack(alignment: .leading, spacing: 4) {
            configuration.label
            HStack(spacing: 6) {
                if hasBounds || showsValueBelow {
                    configuration.minimumValueLabel.font(.caption).foregroundStyle(labelStyle)
                } else {
                    configuration.currentValueLabel.font(.caption).foregroundStyle(labelStyle)
                }
                bar
                configuration.maximumValueLabel.font(.caption).foregroundStyle(labelStyle)
            }
            if showsValueBelow {
                configuration.currentValueLabel.font(.caption).foregroundStyle(labelStyle)
            }
        }
    }
}

extension GaugeStyle where Self == LinearCapacityGaugeStyle {
    /// A bar filled to the value, labels above, at the ends and below.
    public static var linearCapacity: LinearCapacityGaugeStyle { LinearCapacityGaugeStyle() }
}

extension GaugeStyle where Self == AccessoryLinearCapacityGaugeStyle {
    /// The Lock Screen's bar filled to the value.
    public static var accessoryLinearCapacity: AccessoryLinearCapacityGaugeStyle {
        AccessoryLinearCapacityGaugeStyle()
    }
}

extension GaugeStyle where Self == AccessoryLinearGaugeStyle {
    /// The Lock Screen's bar with a marker at the value.
    public static var accessoryLinear: AccessoryLinearGaugeStyle { AccessoryLinearGaugeStyle() }
}
