import FoundationEssentials
import WidgetUI
import Widgets

/// The built-in `light`: the light level the host's sensor measures, where it sits between
/// the night-mode thresholds, and the appearance it chose: for people setting thresholds.
///
/// No options. It shows the host's `ambientReading`: a big lux number, a gauge on a log scale
/// with a mark per threshold band (the display goes darker below a band's left edge and comes
/// back above its right edge), and the appearance with what chose it (sensor, schedule or a
/// manual override). Without a working sensor it says so and shows the schedule's
/// appearance. The host draws it again when the light changes by 10 % or the appearance
/// changes, never more often than the sensor is polled.
struct LightWidget: View {
    @Environment(\.widgetFamily) private var family
    @Environment(\.ambientReading) private var reading

    var body: some View {
        content.containerBackground(for: .widget) {
            if !family.isAccessory { Color(white: 0.11) }
        }
    }

    @ViewBuilder private var content: some View {
        let reading = reading ?? LightText.unknown
        switch family {
        case .accessoryCircular:
            LightCircle(reading: reading)
        case .accessoryRectangular:
            LightRectangle(reading: reading)
        case .accessoryInline:
            Label(LightText.inline(reading), systemImage: LightText.symbol(reading.appearance))
        case .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge:
            LightPanel(reading: reading)
        }
    }

    /// The kind, made from its options.
    static var kind: ConfigurableWidget {
        ConfigurableWidget(kind: "light") { options in
            try options.rejectUnknown([])
            return descriptor
        }
    }

    /// The widget: one entry, never reloaded; the host's reading changes what it shows.
    static var descriptor: WidgetDescriptor {
        WidgetDescriptor(
            StaticConfiguration(kind: "light", provider: LightProvider()) { _ in LightWidget() }
                .configurationDisplayName("Light")
                .description("The light level, the night-mode thresholds and the appearance.")
                .supportedFamilies([
                    .systemSmall, .accessoryRectangular, .accessoryInline, .accessoryCircular,
                ]))
    }
}

/// The light widget's only entry: what it shows comes from the environment.
struct LightEntry: TimelineEntry, Equatable {
    let date: Date
}

/// One entry, never reloaded.
struct LightProvider: TimelineProvider {
    func placeholder(in context: Context) -> LightEntry { LightEntry(date: context.date) }

    func getSnapshot(in context: Context, completion: @escaping (LightEntry) -> Void) {
        completion(LightEntry(date: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<LightEntry>) -> Void) {
        completion(Timeline(entries: [LightEntry(date: context.date)], policy: .never))
    }
}

/// The system family: the sensor, the lux large, the gauge with its marks, the appearance.
struct LightPanel: View {
    let reading: AmbientReading

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Label(reading.sensorName ?? "Light", systemImage: "lightbulb")
                .font(.system(size: 13, weight: .semibold))
                .foregroundStyle(.secondary)
                .lineLimit(1)
            Spacer(minLength: 0)
            if let lux = reading.lux {
                (Text(LightText.lux(lux))
                    + Text(" lux")
                    .font(.system(size: 17, weight: .semibold, design: .rounded))
                    .foregroundStyle(.secondary))
                    .font(.system(size: 46, weight: .medium, design: .rounded))
                    .lineLimit(1)
                    .minimumScaleFactor(0.5)
                    .layoutPriority(1)
                LuxGauge(lux: lux, thresholds: reading.thresholds, showsLevels: true)
                    .padding(.top, 4)
            } else {
                Text(LightText.missing(reading))
                    .font(.system(size: 20, weight: .semibold))
                    .lineLimit(1)
                    .minimumScaleFactor(0.75)
                Text(LightText.thresholds(reading.thresholds))
                    .font(.system(size: 11, weight: .medium))
                    .foregroundStyle(.secondary)
                    .lineLimit(3)
                    .layoutPriority(1)
                    .padding(.top, 4)
            }
            Spacer(minLength: 0)
            AppearanceLine(reading: reading)
                .font(.system(size: 15, weight: .semibold))
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// The Lock Screen rectangle: the lux and the sensor, the gauge, the appearance.
struct LightRectangle: View {
    let reading: AmbientReading

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            if let lux = reading.lux {
                HStack(alignment: .firstTextBaseline, spacing: 4) {
                    Text(LightText.lux(lux) + " lux")
                        .font(.system(size: 20, weight: .semibold, design: .rounded))
                        .widgetAccentable()
                    Spacer(minLength: 4)
                    Text(reading.sensorName ?? "")
                        .font(.system(size: 13, weight: .medium))
                        .foregroundStyle(.secondary)
                }
                LuxGauge(lux: lux, thresholds: reading.thresholds, showsLevels: false)
            } else {
                Label(LightText.missing(reading), systemImage: "lightbulb")
                    .font(.system(size: 17, weight: .semibold))
                    .widgetAccentable()
            }
            AppearanceLine(reading: reading)
                .font(.system(size: 13, weight: .medium))
        }
        .lineLimit(1)
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
    }
}

/// The Lock Screen circle: the lux on the log-scale ring, or the appearance's symbol.
struct LightCircle: View {
    let reading: AmbientReading

    var body: some View {
        if let lux = reading.lux {
            Gauge(value: LuxScale(reading.thresholds).fraction(lux)) {
                Text("lux")
            } currentValueLabel: {
                Text(LightText.compactLux(lux))
            }
            .gaugeStyle(.accessoryCircular)
            .tint(LuxScale.gradient)
            .widgetAccentable()
        } else {
            ZStack {
                AccessoryWidgetBackground()
                VStack(spacing: 0) {
                    Image(systemName: LightText.symbol(reading.appearance))
                        .font(.system(size: 24))
                        .widgetAccentable()
                    Text(LightText.missingShort(reading))
                        .font(.system(size: 11, weight: .semibold))
                }
            }
        }
    }
}

/// The appearance's symbol and name, and what chose it: "☾ Night · sensor".
struct AppearanceLine: View {
    let reading: AmbientReading

    var body: some View {
        HStack(spacing: 4) {
            Image(systemName: LightText.symbol(reading.appearance))
                .foregroundStyle(LightText.color(reading.appearance))
                .widgetAccentable()
            Text(LightText.name(reading.appearance))
                + Text(" · " + LightText.source(reading.source))
                .font(.system(size: 13, weight: .medium))
                .foregroundStyle(.secondary)
        }
        .lineLimit(1)
    }
}
