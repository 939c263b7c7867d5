import FoundationEssentials
import WidgetUI
import Widgets

/// The built-in `mqtt`: the last value published on a topic, such as a Home Assistant
/// temperature or a door's state, with a label, a unit, a symbol and optionally a gauge.
///
/// The value is the whole payload (a number when it reads as one, else the text), or a field
/// of a JSON payload (`field`). It changes when a message arrives; a value older than
/// `stale_after` is marked (a warning symbol, the value in gray, and "Updated … ago"). Before
/// the first message the widget says what it waits for; a payload it can't read shows what was
/// expected, logged once per change under `nightstand.widgets`.
///
/// The messages come from the `[mqtt]` connection (``TopicBoard``); options are listed by
/// ``MQTTReading``.
struct MQTTWidget: View {
    let entry: MQTTEntry

    @Environment(\.widgetFamily) private var family

    var body: some View {
        Group {
            switch entry.content {
            case .value(let output, let updated, let stale):
                CommandOutputView(output: output, staleSince: stale ? updated : nil)
            case .problem(let detail):
                StatusView(
                    title: "Can't read value", symbol: "exclamationmark.triangle.fill",
                    detail: detail)
            case .waiting(let label):
                StatusView(
                    title: "Waiting for data", symbol: "antenna.radiowaves.left.and.right",
                    detail: nil, heading: label)
            }
        }
        .containerBackground(for: .widget) {
            if !family.isAccessory { Color(white: 0.11) }
        }
    }

    /// The kind's name in the configuration.
    static let kindName = "mqtt"

    /// The kind, made from its options; its topics go to `board`.
    static func kind(board: TopicBoard = .shared) -> ConfigurableWidget {
        ConfigurableWidget(kind: kindName) { options in
            descriptor(reading: try MQTTReading(options), board: board)
        }
    }

    /// The widget showing `reading` from `board`, which it watches the topic on.
    static func descriptor(reading: MQTTReading, board: TopicBoard, log: ProblemLog? = nil)
        -> WidgetDescriptor
    {
        board.watch(reading.topic)
        let provider = MQTTProvider(
            reading: reading, board: board,
            log: log ?? ProblemLog(subject: "mqtt widget \(reading.topic)"))
        return WidgetDescriptor(
            StaticConfiguration(kind: kindName, provider: provider) { entry in
                MQTTWidget(entry: entry)
            }
            .configurationDisplayName("MQTT")
            .description("The last value published on an MQTT topic.")
            .supportedFamilies([
                .systemSmall, .accessoryCircular, .accessoryRectangular, .accessoryInline,
            ]))
    }
}

/// What an `mqtt` widget shows at a time.
struct MQTTEntry: TimelineEntry, Equatable {
    /// What the widget shows.
    enum Content: Equatable, Sendable {
        /// The value, when its message came, and whether it is stale by now.
        case value(CommandOutput, updated: Date, stale: Bool)
        /// The last payload can't be read: what was expected.
        case problem(String)
        /// No message yet on the topic: the widget's label.
        case waiting(label: String)
    }

    let date: Date
    let content: Content
}

/// Reads the topic's last message from the board.
///
/// The board asks for a reload when another arrives, so the timeline never expires by itself.
/// With `stale_after`, a second entry marks the value stale when it runs out.
struct MQTTProvider: TimelineProvider {
    let reading: MQTTReading
    let board: TopicBoard
    let log: ProblemLog

    func placeholder(in context: Context) -> MQTTEntry {
        MQTTEntry(date: context.date, content: .waiting(label: reading.label))
    }

    func getSnapshot(in context: Context, completion: @escaping (MQTTEntry) -> Void) {
        completion(entries(at: context.date)[0])
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<MQTTEntry>) -> Void) {
        completion(Timeline(entries: entries(at: context.date), policy: .never))
    }

    /// The entries from `now`: the value, and the same value stale once it runs out.
    func entries(at now: Date) -> [MQTTEntry] {
        guard let message = board.latest(reading.topic) else {
            return [MQTTEntry(date: now, content: .waiting(label: reading.label))]
        }
        switch reading.output(of: message.payload) {
        case .failure(let problem):
            log.update("\(problem)")
            return [MQTTEntry(date: now, content: .problem("\(problem)"))]
        case .success(let output):
            log.update(nil)
            let fresh = MQTTEntry(
                date: now, content: .value(output, updated: message.received, stale: false))
            guard let staleAfter = reading.staleAfter else { return [fresh] }
            let staleAt = message.received.addingTimeInterval(staleAfter)
            let stale = MQTTEntry(
                date: max(now, staleAt),
                content: .value(output, updated: message.received, stale: true))
            return staleAt > now ? [fresh, stale] : [stale]
        }
    }
}
