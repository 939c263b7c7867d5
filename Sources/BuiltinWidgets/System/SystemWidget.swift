import FoundationEssentials
import SystemSupport
import WidgetUI
import Widgets

/// The built-in `system`: a readout of the board itself: CPU temperature and memory use as
/// gauges, load averages, uptime, host name and IP address.
///
/// Options: `refresh` (a duration, default `"1m"`), `sensor` (the thermal zone to show, by
/// its type such as `"cpu-thermal"` or its name such as `"thermal_zone1"`; default the first
/// zone whose type names the CPU or SoC, else the first).
///
/// A value that can't be read shows "—" and is logged once, naming the file and what was
/// expected.
struct SystemWidget: View {
    let entry: SystemEntry

    @Environment(\.widgetFamily) private var family

    private var readout: SystemReadout { entry.readout }

    var body: some View {
        content.containerBackground(for: .widget) {
            if !family.isAccessory { Color(white: 0.11) }
        }
    }

    @ViewBuilder private var content: some View {
        switch family {
        case .accessoryCircular:
            TemperatureGauge(temperature: readout.temperature)
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Label(
                    SystemText.temperature(readout.temperature), systemImage: "thermometer.medium"
                )
                .widgetAccentable()
                Label(SystemText.load(readout.load, count: 1), systemImage: "gauge.medium")
                Label(SystemText.memory(readout.memory), systemImage: "memorychip")
            }
            .font(.system(size: 15, weight: .medium))
            .lineLimit(1)
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
        case .accessoryInline:
            Label(
                "\(SystemText.temperature(readout.temperature)) · "
                    + "\(SystemText.load(readout.load, count: 1)) · "
                    + SystemText.memory(readout.memory), systemImage: "cpu")
        case .systemMedium, .systemLarge, .systemExtraLarge:
            HStack(alignment: .top, spacing: 16) {
                VStack(alignment: .leading, spacing: 8) {
                    SystemHeader(hostname: readout.hostname)
                    SystemGauges(readout: readout)
                }
                SystemDetails(readout: readout, isWide: true)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        case .systemSmall:
            VStack(alignment: .leading, spacing: 6) {
                SystemHeader(hostname: readout.hostname)
                SystemGauges(readout: readout)
                Spacer(minLength: 0)
                SystemDetails(readout: readout, isWide: false)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    /// The kind, made from its options.
    static var kind: ConfigurableWidget {
        ConfigurableWidget(kind: "system") { options in
            try options.rejectUnknown(["refresh", "sensor"])
            let refresh = try options.duration("refresh", in: OptionRanges.refresh) ?? 60
            let reader = SystemReader(sensor: try options.string("sensor"))
            return descriptor(reader: reader, refresh: refresh)
        }
    }

    /// The widget reading through `reader` every `refresh` seconds.
    static func descriptor(reader: SystemReader, refresh: TimeInterval, log: ProblemLog? = nil)
        -> WidgetDescriptor
    {
        let provider = SystemProvider(
            reader: reader, refresh: refresh,
            log: log ?? ProblemLog(subject: "system widget (\(reader.root))"))
        return WidgetDescriptor(
            StaticConfiguration(kind: "system", provider: provider) { entry in
                SystemWidget(entry: entry)
            }
            .configurationDisplayName("System")
            .description("The board's temperature, load, memory, uptime and address.")
            .supportedFamilies([
                .systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular,
                .accessoryInline,
            ]))
    }
}

/// One reading of the board.
struct SystemEntry: TimelineEntry, Equatable {
    let date: Date
    let readout: SystemReadout
}

/// Reads the board now; again after `refresh`.
struct SystemProvider: TimelineProvider {
    let reader: SystemReader
    let refresh: TimeInterval
    let log: ProblemLog

    func placeholder(in context: Context) -> SystemEntry {
        SystemEntry(date: context.date, readout: SystemReadout())
    }

    func getSnapshot(in context: Context, completion: @escaping (SystemEntry) -> Void) {
        completion(entry(at: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<SystemEntry>) -> Void) {
        completion(
            Timeline(
                entries: [entry(at: context.date)],
                policy: .after(context.date.addingTimeInterval(refresh))))
    }

    private func entry(at date: Date) -> SystemEntry {
        let readout = reader.read()
        log.update(readout.problems.isEmpty ? nil : readout.problems.joined(separator: "; "))
        return SystemEntry(date: date, readout: readout)
    }
}

/// The system widget's values in words; "—" for a value that could not be read.
enum SystemText {
    static let missing = "—"

    /// "48°C".
    static func temperature(_ temperature: SystemReadout.Temperature?) -> String {
        temperature.map { "\(Int($0.celsius.rounded()))°C" } ?? missing
    }

    /// "0.42" or "0.42 0.35 0.30": the first `count` load averages.
    static func load(_ load: [Double]?, count: Int) -> String {
        guard let load else { return missing }
        return load.prefix(count).map { $0.fixed(2) }.joined(separator: " ")
    }

    /// "62%" of memory in use.
    static func memory(_ memory: SystemReadout.Memory?) -> String {
        memory.map { "\(Int(($0.usedFraction * 100).rounded()))%" } ?? missing
    }

    /// "2.4 of 3.8 GB" in use.
    static func memoryAmounts(_ memory: SystemReadout.Memory?) -> String {
        guard let memory else { return missing }
        let gigabyte = 1024.0 * 1024 * 1024
        let used = (memory.total - memory.available) / gigabyte
        return "\(used.fixed(1)) of \((memory.total / gigabyte).fixed(1)) GB"
    }

    /// "3 d 4 h", "12 min": whole minutes since boot in their two largest units.
    static func uptime(_ uptime: TimeInterval?) -> String {
        guard let uptime else { return missing }
        return DurationWords.seconds((uptime / 60).rounded(.down) * 60)
    }
}
