import FoundationEssentials
import Localization
import Vehicle
import WidgetUI
import Widgets

/// The built-in `obd`: one engine value from the car's OBD-II port through an ELM327 adapter
/// or SocketCAN (speed, engine speed, coolant, fuel, intake temperature, battery voltage, load), as a value
/// or a gauge over the PID's range.
///
/// Options: `pid` (a name — `speed`, `rpm`, `coolant`, `fuel`, `intake`, `voltage`, `load` —
/// or a number such as `"0x0C"`), `device` (the adapter's serial device: `/dev/ttyUSB0`,
/// `/dev/rfcomm0`; or a CAN interface: `can0`), `style` (`value`, or `gauge` over a running car's range: 0 to 8,000 rpm),
/// `label`. The values come through
/// ``Vehicle/OBDBoard`` (the program runs a client thread per adapter the widgets name).
struct OBDWidget: View {
    let entry: OBDEntry
    /// Whether the title is the PID's ("Engine speed"), shown in the display's language; a
    /// `label` is shown as written.
    var titleIsPIDs = true

    @Environment(\.widgetFamily) private var family
    @Environment(\.locale) private var locale

    var body: some View {
        Group {
            switch entry.state {
            case .value(let output):
                CommandOutputView(output: titled(output), staleSince: nil)
            case .problem(let title, let detail):
                StatusView(title: title, symbol: "exclamationmark.triangle.fill", detail: detail)
            case .waiting(let label):
                StatusView(
                    title: "Waiting for the car", symbol: "car.fill", detail: nil,
                    heading: shown(label))
            }
        }
        .containerBackground(for: .widget) {
            if !family.isAccessory { Color(white: 0.11) }
        }
    }

    /// A title in the display's language when it is the PID's.
    private func shown(_ title: String) -> String {
        titleIsPIDs
            ? NightstandStrings.string(title, language: LanguageTag(locale.identifier)) : title
    }

    /// `output` with its title ``shown(_:)``.
    private func titled(_ output: CommandOutput) -> CommandOutput {
        var output = output
        output.title = shown(output.title)
        return output
    }

    /// The kind, made from its options; its adapter and PID go to `board`.
    static func kind(board: OBDBoard = .shared) -> ConfigurableWidget {
        ConfigurableWidget(kind: OBDBoard.kindName) { options in
            descriptor(options: try OBDOptions(options), board: board)
        }
    }

    /// The widget showing `options.pid` from `board`, which it watches.
    static func descriptor(options: OBDOptions, board: OBDBoard) -> WidgetDescriptor {
        board.watch(options.device, options.pid)
        return WidgetDescriptor(
            StaticConfiguration(
                kind: OBDBoard.kindName, provider: OBDProvider(options: options, board: board)
            ) { entry in
                OBDWidget(entry: entry, titleIsPIDs: options.label == nil)
            }
            .configurationDisplayName("OBD-II")
            .description("A value from the car's OBD-II port.")
            .supportedFamilies([.systemSmall, .accessoryCircular, .accessoryRectangular]))
    }
}

/// The `obd` widget's options, checked.
struct OBDOptions: Sendable, Equatable {
    static let keys: Set<String> = ["pid", "device", "style", "label"]

    var pid: OBDPID
    var device: String
    var gauge = false
    var label: String?

    init(_ options: WidgetOptions) throws {
        try options.rejectUnknown(Self.keys)
        let names = OBDPID.standard.map(\.name).joined(separator: ", ")
        let expected = "a PID: \(names), or its number such as \"0x0C\""
        guard let text = try options.string("pid") else {
            throw WidgetOptionError(key: "pid", expected: expected, found: "nothing")
        }
        guard let pid = OBDPID(text) else {
            throw WidgetOptionError(key: "pid", expected: expected, found: "\"\(text)\"")
        }
        self.pid = pid
        let expectedDevice =
            "an ELM327 adapter's serial device as an absolute path, such as \"/dev/ttyUSB0\" "
            + "or \"/dev/rfcomm0\", or a CAN interface's name (up to 15 letters, digits, "
            + "'-', '_' or '.'), such as \"can0\""
        guard let device = try options.string("device") else {
            throw WidgetOptionError(key: "device", expected: expectedDevice, found: "nothing")
        }
        guard Self.isSerialDevice(device) || Self.isInterface(device) else {
            throw WidgetOptionError(
                key: "device", expected: expectedDevice, found: "\"\(device)\"")
        }
        self.device = device
        gauge = try options.choice("style", of: ["value", "gauge"]) == "gauge"
        label = try options.string("label")
    }
}

extension OBDOptions {
    /// An absolute path without `..` or control characters.
    static func isSerialDevice(_ device: String) -> Bool {
        device.hasPrefix("/") && !device.contains("..") && device.count <= 255
            && device.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
    }

    /// A network interface's name as the kernel takes it (`dev_valid_name`: at most 15
    /// bytes, not `.` or `..`, no `/`, `:` or spaces), here of letters, digits, `-`, `_`, `.`.
    static func isInterface(_ device: String) -> Bool {
        (1...15).contains(device.utf8.count) && device != "." && device != ".."
            && device.unicodeScalars.allSatisfy({
                ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                    || "-_.".unicodeScalars.contains($0)
            })
    }
}

/// What an `obd` widget shows at a time.
struct OBDEntry: TimelineEntry, Equatable {
    /// The value, or why there is none.
    enum State: Equatable, Sendable {
        case value(CommandOutput)
        case problem(title: String, detail: String)
        case waiting(label: String)
    }

    let date: Date
    let state: State
}

/// Reads the board; each value asks for a reload, so the timeline never expires by itself.
struct OBDProvider: TimelineProvider {
    let options: OBDOptions
    let board: OBDBoard

    func placeholder(in context: Context) -> OBDEntry {
        OBDEntry(date: context.date, state: .waiting(label: title))
    }

    func getSnapshot(in context: Context, completion: @escaping (OBDEntry) -> Void) {
        completion(entry(at: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<OBDEntry>) -> Void) {
        completion(Timeline(entries: [entry(at: context.date)], policy: .never))
    }

    private var title: String { options.label ?? options.pid.title }

    /// The entry at `now` from the board's reading.
    func entry(at now: Date) -> OBDEntry {
        let reading = board.reading(options.device)
        let pid = options.pid
        if reading.unsupported.contains(pid.number) {
            return OBDEntry(
                date: now,
                state: .problem(title: "Not supported", detail: "This car does not report \(pid)"))
        }
        if let value = reading.values[pid.number] {
            let output = CommandOutput(
                title: title, value: .number(value), unit: pid.unit,
                gauge: options.gauge
                    ? .init(
                        value: min(max(value, pid.gauge.lowerBound), pid.gauge.upperBound),
                        min: pid.gauge.lowerBound, max: pid.gauge.upperBound)
                    : nil,
                symbol: "car.fill", tint: nil, decimals: pid.unit == "V" ? 1 : 0)
            return OBDEntry(date: now, state: .value(output))
        }
        if let problem = reading.problem {
            return OBDEntry(date: now, state: .problem(title: title, detail: problem))
        }
        return OBDEntry(date: now, state: .waiting(label: title))
    }
}
