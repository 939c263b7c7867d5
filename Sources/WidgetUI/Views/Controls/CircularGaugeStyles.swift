/// A gauge style that draws an open ring with a marker at the current value: the Lock Screen's
/// circular gauge.
///
/// The ring spans 270°, open at the bottom, drawn in the tint (a gradient runs along it from
/// the minimum at the bottom left to the maximum at the bottom right), with a small ring
/// marking the value in a notch. The current value label sits in the middle; the minimum and
/// maximum labels under the ends of the ring, or else the label in the opening.
///
/// ```swift
/// Gauge(value: 21, in: 12...28) {
///     Text("°C")
/// } currentValueLabel: {
///     Text("21")
/// } minimumValueLabel: {
///     Text("12")
/// } maximumValueLabel: {
///     Text("28")
/// }
/// .gaugeStyle(.accessoryCircular)
/// ```
///
/// ## Differences from SwiftUI
///
/// The gauge is 60 points square (smaller if less is offered); the value label is 30 % of
/// that tall, the others 15 %, in the rounded design.
public struct AccessoryCircularGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}

    /// The open ring, its marker and labels.
    public func makeBody(configuration: Configuration) -> some View {
        GaugeDial { side in
            let lineWidth = side * CircularGaugeMetrics.lineWidthRatio
            let ring = RingGeometry.open(center: .zero, side: side, lineWidth: lineWidth)
            // The ends of the ring lie 45° below the horizontal on either side.
            let endX = ring.point(at: 1).x
            ZStack {
                RingTrack(
                    kind: .marker(configuration.value),
                    lineWidthRatio: CircularGaugeMetrics.lineWidthRatio, tone: .fadedTint)
                configuration.currentValueLabel
                    .font(CircularGaugeMetrics.valueFont(side))
                    .lineLimit(1)
                    .padding(lineWidth + 2)
                ZStack {
                    if configuration.minimumValueLabel != nil
                        || configuration.maximumValueLabel != nil
                    {
                        // Each centered under its end of the ring.
                        configuration.minimumValueLabel.fixedSize().frame(width: 0)
                            .offset(x: -endX)
                        configuration.maximumValueLabel.fixedSize().frame(width: 0)
                            .offset(x: endX)
                    } else {
                        configuration.label.frame(maxWidth: 2 * (endX - lineWidth))
                    }
                }
                .font(CircularGaugeMetrics.boundsFont(side))
                .lineLimit(1)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .bottom)
            }
        }
    }
}

/// A gauge style that draws a closed ring filled clockwise from the top to the current
/// value: the Lock Screen's circular capacity gauge.
///
/// The track is the tint at 30 %; the fill is the tint with rounded ends (a gradient runs
/// along the ring). The current value label, or else the label, sits in the middle.
///
/// ```swift
/// Gauge(value: battery) {
///     Text("⚡︎")
/// } currentValueLabel: {
///     Text("\(Int(battery * 100))")
/// }
/// .gaugeStyle(.accessoryCircularCapacity)
/// .tint(.green)
/// ```
///
/// ## Differences from SwiftUI
///
/// The gauge is 60 points square (smaller if less is offered), its label 30 % of that tall in
/// the rounded design.
public struct AccessoryCircularCapacityGaugeStyle: GaugeStyle {
    /// Creates the style.
    public init() {}

    /// The ring and its centered label.
    public func makeBody(configuration: Configuration) -> some View {
        GaugeDial { side in
            ZStack {
                RingTrack(
                    kind: .capacity(configuration.value),
                    lineWidthRatio: CircularGaugeMetrics.lineWidthRatio, tone: .fadedTint)
                (configuration.currentValueLabel ?? configuration.label)
                    .font(CircularGaugeMetrics.valueFont(side))
                    .lineLimit(1)
                    .padding(side * CircularGaugeMetrics.lineWidthRatio + 2)
            }
        }
    }
}

/// The proportions the circular gauges share.
enum CircularGaugeMetrics {
    /// The ring's line width as a fraction of the dial's side.
    static let lineWidthRatio = 0.1

    /// The font of the value in the middle.
    static func valueFont(_ side: Double) -> Font {
        .system(size: side * 0.3, weight: .medium, design: .rounded)
    }

    /// The font of the labels at the bottom.
    static func boundsFont(_ side: Double) -> Font {
        .system(size: side * 0.15, weight: .medium, design: .rounded)
    }
}

extension GaugeStyle where Self == AccessoryCircularGaugeStyle {
    /// An open ring with a marker at the value, labels in the middle and the opening.
    public static var accessoryCircular: AccessoryCircularGaugeStyle {
        AccessoryCircularGaugeStyle()
    }
}

extension GaugeStyle where Self == AccessoryCircularCapacityGaugeStyle {
    /// A closed ring filled to the value, the value in the middle.
    public static var accessoryCircularCapacity: AccessoryCircularCapacityGaugeStyle {
        AccessoryCircularCapacityGaugeStyle()
    }
}
