import Foundation
import NightstandKit

/// A battery's charge in every family: a ring on the home screen, a gauge on the Lock Screen.
///
/// The level comes from the first battery Linux lists under `/sys/class/power_supply` (a
/// laptop's, a UPS HAT's); without one the widget says "No battery".
struct BatteryWidget: Widget {
    let kind = "battery"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: BatteryProvider()) { entry in
            BatteryWidgetView(entry: entry)
        }
        .configurationDisplayName("Battery")
        .description("How full the battery is, and whether it is charging.")
        .supportedFamilies([
            .systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular,
            .accessoryInline,
        ])
    }
}

/// One reading of the battery.
struct BatteryEntry: TimelineEntry {
    let date: Date
    /// The charge, 0…1, or `nil` when there is no battery.
    let level: Double?
    let isCharging: Bool

    /// What the battery is doing, in words.
    var status: String {
        guard let level else { return "No battery" }
        if isCharging { return "Charging" }
        return level >= 1 ? "Full" : "On battery"
    }

    /// The level as "72%", or a dash without a battery.
    var percentText: Text {
        level.map { Text($0, format: .percent.precision(.fractionLength(0))) } ?? Text("—")
    }

    /// Red when low, green otherwise; gray without a battery.
    var color: Color {
        guard let level else { return .gray }
        return level <= 0.2 ? .red : .green
    }
}

/// Reads the battery now and again every five minutes.
struct BatteryProvider: TimelineProvider {
    /// Where Linux lists power supplies, one directory each.
    var powerSupplies = URL(fileURLWithPath: "/sys/class/power_supply")

    func placeholder(in context: Context) -> BatteryEntry {
        BatteryEntry(date: context.date, level: 0.8, isCharging: false)
    }

    func getSnapshot(in context: Context, completion: @escaping (BatteryEntry) -> Void) {
        completion(reading(at: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<BatteryEntry>) -> Void) {
        let entry = reading(at: context.date)
        completion(Timeline(entries: [entry], policy: .after(entry.date.addingTimeInterval(300))))
    }

    /// The first battery's `capacity` (percent) and `status`, as the kernel's power-supply
    /// class reports them.
    func reading(at date: Date) -> BatteryEntry {
        let supplies = (try? FileManager.default.contentsOfDirectory(atPath: powerSupplies.path))
        for name in (supplies ?? []).sorted() {
            let supply = powerSupplies.appendingPathComponent(name)
            guard read("type", of: supply) == "Battery",
                let percent = read("capacity", of: supply).flatMap(Double.init)
            else { continue }
            return BatteryEntry(
                date: date, level: min(max(percent / 100, 0), 1),
                isCharging: read("status", of: supply) == "Charging")
        }
        return BatteryEntry(date: date, level: nil, isCharging: false)
    }

    private func read(_ attribute: String, of supply: URL) -> String? {
        (try? String(contentsOf: supply.appendingPathComponent(attribute), encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// The battery widget's view: one layout per family.
struct BatteryWidgetView: View {
    let entry: BatteryEntry

    @Environment(\.widgetFamily) private var family

    var body: some View {
        content
            .containerBackground(for: .widget) {
                Color(white: 0.11)
            }
    }

    @ViewBuilder
    private var content: some View {
        switch family {
        case .accessoryCircular:
            ZStack {
                AccessoryWidgetBackground()
                Gauge(value: entry.level ?? 0) {
                    Image(systemName: entry.isCharging ? "bolt.fill" : "battery.75")
                } currentValueLabel: {
                    entry.percentText
                }
                .gaugeStyle(.accessoryCircular)
                .tint(entry.color)
                .widgetAccentable()
            }
        case .accessoryRectangular:
            Gauge(value: entry.level ?? 0) {
                Label("Battery", systemImage: entry.isCharging ? "bolt.fill" : "battery.75")
                    .font(.headline)
                    .widgetAccentable()
            } currentValueLabel: {
                entry.percentText + Text(" · " + entry.status)
            }
            .gaugeStyle(.accessoryLinearCapacity)
            .tint(entry.color)
        case .accessoryInline:
            Label {
                entry.percentText + Text(" · " + entry.status)
            } icon: {
                Image(systemName: entry.isCharging ? "bolt.fill" : "battery.75")
            }
        case .systemMedium:
            HStack(spacing: 20) {
                BatteryRing(entry: entry, showsPercent: false)
                    .frame(width: 110, height: 110)
                VStack(alignment: .leading, spacing: 4) {
                    Text("Battery")
                        .font(.headline)
                    entry.percentText
                        .font(.system(size: 40, weight: .semibold, design: .rounded))
                    Label(entry.status, systemImage: entry.isCharging ? "bolt.fill" : "powerplug")
                        .font(.subheadline)
                        .foregroundStyle(.secondary)
                }
                Spacer(minLength: 0)
            }
        default:
            VStack(spacing: 10) {
                BatteryRing(entry: entry)
                    .frame(width: 96, height: 96)
                Text(entry.status)
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

/// A ring filled clockwise from the top to the level, the battery's symbol and percentage in
/// the middle.
struct BatteryRing: View {
    let entry: BatteryEntry
    var showsPercent = true

    var body: some View {
        ZStack {
            Circle()
                .stroke(entry.color.opacity(0.25), lineWidth: 10)
            Circle()
                .trim(from: 0, to: entry.level ?? 0)
                .stroke(entry.color, style: StrokeStyle(lineWidth: 10, lineCap: .round))
                .rotationEffect(.degrees(-90))
                .widgetAccentable()
            VStack(spacing: 0) {
                Image(systemName: entry.isCharging ? "bolt.fill" : "battery.75")
                    .font(showsPercent ? .caption : .largeTitle)
                    .foregroundStyle(entry.color)
                    .widgetAccentable()
                if showsPercent {
                    entry.percentText
                        .font(.system(size: 22, weight: .semibold, design: .rounded))
                }
            }
        }
        .padding(5)
    }
}
