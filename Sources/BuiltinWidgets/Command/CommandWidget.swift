import FoundationEssentials
import WidgetUI
import Widgets

/// The built-in `command`: a value from a program of your own (run without a shell), a file
/// or a URL, read at an interval.
///
/// It shows a title, a large value with its unit, and optionally a gauge, a symbol and a
/// tint. The JSON it reads is ``CommandOutput``'s (docs/widgets.md).
///
/// Options: exactly one of `command` (the program and its arguments, an array of strings),
/// `file` (a path) or `url` (http or https); `refresh` (a duration, default `"1m"`),
/// `timeout` (a duration, default `"5s"`, for a run or a download).
///
/// A program that fails (not found, non-zero exit, a signal, the timeout) or output that is
/// not the documented JSON is logged once per change under `nightstand.widgets`, naming the
/// widget's source and what was expected; the widget keeps showing its last good output, or,
/// when there never was one, what went wrong.
struct CommandWidget: View {
    let entry: CommandEntry

    @Environment(\.widgetFamily) private var family

    var body: some View {
        Group {
            switch entry.content {
            case .output(let output): CommandOutputView(output: output)
            case .failure(let title, let detail):
                StatusView(title: title, symbol: "exclamationmark.triangle.fill", detail: detail)
            case .loading: StatusView(title: "Loading…", symbol: "hourglass", detail: nil)
            }
        }
        .containerBackground(for: .widget) {
            if !family.isAccessory { Color(white: 0.11) }
        }
    }

    /// The kind, made from its options.
    static var kind: ConfigurableWidget {
        ConfigurableWidget(kind: "command") { options in
            try options.rejectUnknown(["command", "file", "url", "refresh", "timeout"])
            let source = try CommandSource(options)
            return descriptor(
                source: source,
                refresh: try options.duration("refresh", in: OptionRanges.refresh) ?? 60,
                timeout: try options.duration("timeout", in: OptionRanges.timeout) ?? 5)
        }
    }

    /// The widget reading `source` every `refresh` seconds.
    static func descriptor(
        source: CommandSource, refresh: TimeInterval, timeout: TimeInterval,
        log: ProblemLog? = nil
    ) -> WidgetDescriptor {
        let provider = CommandProvider(
            source: source, refresh: refresh, timeout: timeout,
            log: log ?? ProblemLog(subject: "command widget \(source)"))
        return WidgetDescriptor(
            StaticConfiguration(kind: "command", provider: provider) { entry in
                CommandWidget(entry: entry)
            }
            .configurationDisplayName("Command")
            .description("A value from a program, a file or a URL of your own.")
            .supportedFamilies([
                .systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular,
                .accessoryInline,
            ]))
    }
}
