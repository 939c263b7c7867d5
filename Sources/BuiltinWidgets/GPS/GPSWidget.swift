import FoundationEssentials
import Vehicle
import WidgetUI
import Widgets

/// The built-in `gps`: speed, heading, altitude and satellites from gpsd, or "No fix".
///
/// It reads gpsd's JSON reports through ``Vehicle/GPSBoard`` (the program runs a client
/// thread per gpsd address the widgets name); each report reloads its timeline. Options:
/// `host` (gpsd's address, default `"localhost:2947"`) and `units` (`metric`, `imperial`,
/// `nautical`). The display's clock is not set from GPS: that is chrony's or gpsd's job.
struct GPSWidget: View {
    let entry: GPSEntry

    @Environment(\.widgetFamily) private var family

    var body: some View {
        Group {
            switch entry.state {
            case .fix(let fix):
                GPSPanel(fix: fix, options: entry.options)
            case .noFix(let satellites):
                StatusView(
                    title: "No fix", symbol: "antenna.radiowaves.left.and.right",
                    detail: satellites.map { "\($0) satellites seen" } ?? "Waiting for satellites")
            case .problem(let problem):
                StatusView(
                    title: "No GPS", symbol: "exclamationmark.triangle.fill", detail: problem)
            case .waiting:
                StatusView(title: "Waiting for gpsd", symbol: "location", detail: nil)
            }
        }
        .containerBackground(for: .widget) {
            if !family.isAccessory { Color(white: 0.11) }
        }
    }

    /// The kind, made from its options; its gpsd goes to `board`.
    static func kind(board: GPSBoard = .shared) -> ConfigurableWidget {
        ConfigurableWidget(kind: GPSBoard.kindName) { options in
            descriptor(options: try GPSOptions(options), board: board)
        }
    }

    /// The widget reading `options.address` from `board`, which it watches.
    static func descriptor(options: GPSOptions, board: GPSBoard) -> WidgetDescriptor {
        board.watch(options.address)
        return WidgetDescriptor(
            StaticConfiguration(
                kind: GPSBoard.kindName, provider: GPSProvider(options: options, board: board)
            ) { entry in
                GPSWidget(entry: entry)
            }
            .configurationDisplayName("GPS")
            .description("Speed, heading, altitude and satellites from gpsd.")
            .supportedFamilies([.systemSmall]))
    }
}

/// What a `gps` widget shows at a time.
struct GPSEntry: TimelineEntry, Equatable {
    /// What the receiver says.
    enum State: Equatable, Sendable {
        /// A 2D or 3D fix.
        case fix(GPSFix)
        /// No fix: the satellites seen, if known.
        case noFix(satellites: Int?)
        /// gpsd cannot be read: why.
        case problem(String)
        /// Nothing from gpsd yet.
        case waiting
    }

    let date: Date
    let state: State
    let options: GPSOptions
}

/// Reads the board; each report asks for a reload, so the timeline never expires by itself.
struct GPSProvider: TimelineProvider {
    let options: GPSOptions
    let board: GPSBoard

    func placeholder(in context: Context) -> GPSEntry {
        GPSEntry(date: context.date, state: .waiting, options: options)
    }

    func getSnapshot(in context: Context, completion: @escaping (GPSEntry) -> Void) {
        completion(entry(at: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<GPSEntry>) -> Void) {
        completion(Timeline(entries: [entry(at: context.date)], policy: .never))
    }

    /// The entry at `now` from the board's reading.
    func entry(at now: Date) -> GPSEntry {
        let reading = board.reading(options.address)
        let state: GPSEntry.State
        if reading.fix.hasFix {
            state = .fix(reading.fix)
        } else if let problem = reading.problem {
            state = .problem(problem)
        } else if reading.updated == nil {
            state = .waiting
        } else {
            state = .noFix(satellites: reading.fix.satellitesSeen)
        }
        return GPSEntry(date: now, state: state, options: options)
    }
}
