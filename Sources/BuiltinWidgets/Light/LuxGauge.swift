import FoundationEssentials
import Glibc
import WidgetUI
import Widgets

/// The light widget's log scale: whole decades from 0.1 lux (moonlight) to 10 000 lux
/// (daylight in the shade), widened to take in every threshold.
struct LuxScale: Equatable {
    /// The scale's ends, as powers of ten.
    let lowerDecade: Double
    let upperDecade: Double

    /// The scale for a reading's thresholds.
    init(_ thresholds: [AmbientReading.Threshold]) {
        let levels = thresholds.flatMap { [$0.below, $0.above] }.filter { $0 > 0 }
        lowerDecade = min(-1, log10(levels.min() ?? 1).rounded(.down))
        upperDecade = max(4, log10(levels.max() ?? 1).rounded(.up))
    }

    /// Where `lux` lies along the scale, 0…1; levels off its ends sit at the ends.
    func fraction(_ lux: Double) -> Double {
        guard lux > 0 else { return 0 }
        let position = (log10(lux) - lowerDecade) / (upperDecade - lowerDecade)
        return min(max(position, 0), 1)
    }

    /// The track's colors, dark night blue to daylight yellow.
    static let gradient = Gradient(colors: [
        Color(red: 0.42, green: 0.40, blue: 0.86), .orange, .yellow,
    ])
}

/// The lux on the log scale, a mark per threshold band and, in the system family, each
/// band's lower level under it.
struct LuxGauge: View {
    let lux: Double
    let thresholds: [AmbientReading.Threshold]
    let showsLevels: Bool

    var body: some View {
        let scale = LuxScale(thresholds)
        Gauge(value: scale.fraction(lux)) {
            Text("lux")
        }
        .gaugeStyle(
            ThresholdGaugeStyle(
                bands: thresholds.map {
                    ThresholdGaugeStyle.Band(
                        lower: scale.fraction($0.below), upper: scale.fraction($0.above),
                        label: showsLevels ? LightText.level($0.below) : nil)
                }))
    }
}

/// A bar gauge with bands marked on it: a capsule track in ``LuxScale/gradient``, each band
/// a light span with a tick at its lower end, and a ring at the value.
///
/// The value's ring and the ticks run between the centers of the track's rounded ends, so
/// the ring never leaves the track.
struct ThresholdGaugeStyle: GaugeStyle {
    /// One band: where it starts and ends along the track (0…1), and what to write under its
    /// start.
    struct Band {
        var lower: Double
        var upper: Double
        var label: String?
    }

    let bands: [Band]

    /// Track height, and the heights of the band spans and ticks, in points.
    private static let track = 6.0
    private static let tick = 14.0
    /// The value ring's diameter; half of it is the inset of every position on the track.
    private static let ring = 12.0

    func makeBody(configuration: Configuration) -> some View {
        let labels = bands.compactMap { band in band.label.map { (band.lower, $0) } }
        VStack(alignment: .leading, spacing: 1) {
            GeometryReader { proxy in
                let x = Self.position(width: proxy.size.width)
                ZStack(alignment: .leading) {
                    Capsule()
                        .fill(
                            LinearGradient(
                                gradient: LuxScale.gradient, startPoint: .leading,
                                endPoint: .trailing)
                        )
                        .frame(height: Self.track)
                    ForEach(0..<bands.count) { index in
                        let band = bands[index]
                        Rectangle()
                            .fill(Color.white.opacity(0.35))
                            .frame(width: max(1, x(band.upper) - x(band.lower)), height: 10)
                            .offset(x: x(band.lower))
                        Capsule()
                            .fill(Color.white)
                            .frame(width: 2, height: Self.tick)
                            .offset(x: x(band.lower) - 1)
                    }
                    Circle()
                        .fill(Color.white)
                        .overlay(Circle().stroke(Color.black, lineWidth: 2.5))
                        .frame(width: Self.ring, height: Self.ring)
                        .offset(x: x(configuration.value) - Self.ring / 2)
                        .widgetAccentable()
                }
                .frame(width: proxy.size.width, height: Self.tick, alignment: .leading)
            }
            .frame(height: Self.tick)
            if !labels.isEmpty {
                GeometryReader { proxy in
                    let x = Self.position(width: proxy.size.width)
                    ZStack(alignment: .leading) {
                        ForEach(0..<labels.count) { index in
                            Text(labels[index].1)
                                .fixedSize()
                                .frame(width: 0)
                                .offset(x: x(labels[index].0))
                        }
                    }
                    .frame(width: proxy.size.width, height: 12, alignment: .leading)
                }
                .frame(height: 12)
                .font(.system(size: 10, weight: .semibold))
                .foregroundStyle(.secondary)
            }
        }
    }

    /// The x of a fraction along a track `width` points wide.
    private static func position(width: Double) -> (Double) -> Double {
        { fraction in ring / 2 + fraction * max(0, width - ring) }
    }
}
