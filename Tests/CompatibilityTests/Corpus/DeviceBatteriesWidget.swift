// Batteries of nearby devices, as a "Batteries"-style widget: every accessory gauge style on
// the Lock Screen, and a grid of circular capacity gauges on the home screen.
import NightstandKit

struct DeviceBattery: Identifiable {
    let id: String
    let symbol: String
    let level: Double
    let isCharging: Bool
}

struct BatteriesEntry: TimelineEntry {
    let date: Date
    let devices: [DeviceBattery]
}

struct BatteriesProvider: TimelineProvider {
    static let devices = [
        DeviceBattery(id: "phone", symbol: "iphone", level: 0.82, isCharging: true),
        DeviceBattery(id: "watch", symbol: "applewatch", level: 0.35, isCharging: false),
        DeviceBattery(id: "buds", symbol: "airpodspro", level: 0.64, isCharging: false),
        DeviceBattery(id: "pencil", symbol: "applepencil", level: 0.12, isCharging: false),
    ]

    func placeholder(in context: Context) -> BatteriesEntry {
        BatteriesEntry(date: Date(), devices: Self.devices)
    }

    func getSnapshot(in context: Context, completion: @escaping (BatteriesEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<BatteriesEntry>) -> Void)
    {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

extension DeviceBattery {
    var color: Color {
        if isCharging { return .green }
        return level < 0.2 ? .red : .primary
    }
}

struct BatteriesWidgetView: View {
    var entry: BatteriesEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.devices[0].level) {
                Image(systemName: entry.devices[0].symbol)
            } currentValueLabel: {
                Text(Int(entry.devices[0].level * 100), format: .number)
            }
            .gaugeStyle(.accessoryCircularCapacity)
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Gauge(value: entry.devices[0].level) {
                    Text("iPhone")
                }
                .gaugeStyle(.accessoryLinearCapacity)
                Gauge(value: entry.devices[1].level, in: 0...1) {
                    Image(systemName: entry.devices[1].symbol)
                } currentValueLabel: {
                    Text(entry.devices[1].level, format: .percent)
                } minimumValueLabel: {
                    Text("0")
                } maximumValueLabel: {
                    Text("100")
                }
                .gaugeStyle(.accessoryLinear)
            }
        case .accessoryInline:
            Label("\(Int(entry.devices[0].level * 100))% · charging", systemImage: "battery.75")
        default:
            ViewThatFits(in: .horizontal) {
                grid(columns: 4)
                grid(columns: 2)
            }
        }
    }

    func grid(columns: Int) -> some View {
        VStack(spacing: 12) {
            ForEach(0..<((entry.devices.count + columns - 1) / columns), id: \.self) { row in
                HStack(spacing: 12) {
                    ForEach(
                        entry.devices[
                            (row * columns)..<min((row + 1) * columns, entry.devices.count)]
                    ) { device in
                        Gauge(value: device.level) {
                            Image(systemName: device.symbol)
                        }
                        .gaugeStyle(.accessoryCircular)
                        .tint(device.color)
                        .overlay(alignment: .topTrailing) {
                            if device.isCharging {
                                Image(systemName: "bolt.fill")
                                    .font(.caption2)
                                    .foregroundStyle(.green)
                            }
                        }
                    }
                }
            }
        }
        .fixedSize()
    }
}

struct DeviceBatteriesWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "DeviceBatteries", provider: BatteriesProvider()) { entry in
            BatteriesWidgetView(entry: entry)
                .containerBackground(.fill.quaternary, for: .widget)
        }
        .configurationDisplayName("Batteries")
        .description("Keep track of your devices' batteries.")
        .supportedFamilies([
            .systemSmall, .accessoryCircular, .accessoryRectangular, .accessoryInline,
        ])
    }
}
