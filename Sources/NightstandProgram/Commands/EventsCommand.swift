import ArgumentParser
import BuiltinWidgets
import FoundationEssentials
import Standby
import SystemSupport

/// `nightstand events`: the occurrences the configuration's calendar widgets would show.
struct EventsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "List the events the calendar widgets would show.",
        discussion: """
            Reads each calendar widget's files and URL as the widget does, and prints the \
            occurrences that overlap --days days from --at, in the widget's time zone: one \
            line each, start, end and title and the widget's id split by tabs (dates for an \
            all-day event, its end exclusive), or with --json an array of objects with \
            "widget", "title", "start", "end" (ISO 8601 with the offset) and "all_day". \
            Problems in the files go to standard error, each naming its file and line. \
            Control characters in titles (escape, bell, C1) are printed as escapes such as \
            \\u{1B}, in JSON as \\u001b.
            """)

    @OptionGroup var config: ConfigurationOptions

    @Option(help: "Only the calendar widget with this id.")
    var widget: String?

    @Option(
        help: "Where the days start, e.g. 2026-11-21T00:00 or 2026-11-21T08:00:00Z. Default: now.")
    var at: String?

    @Option(help: "How many days to list, 1 to 366. Default: each widget's `days` (14).")
    var days: Int?

    @Flag(help: "Print JSON.")
    var json = false

    func validate() throws {
        if let days, !(1...366).contains(days) {
            throw ValidationError("--days \(days): expected a number of days from 1 to 366")
        }
        if let at, DateTimeText.parse(at) == nil {
            throw ValidationError(
                "--at \(at): expected a date-time such as 2026-11-21T08:00 or 2026-11-21T08:00:00Z")
        }
    }

    func run() async throws {
        let start = at.flatMap { DateTimeText.parse($0) } ?? Date()
        let configuration = try await exitingOnConfigurationError {
            let configuration = try config.load()
            // Every widget checked, as `run` would, so that a bad option is named the same way.
            _ = try WidgetKinds.registry.makeWidgets(for: configuration)
            return configuration
        }
        guard configuration.widgets.contains(where: { $0.kind == "calendar" }) else {
            writeStandardError(
                "nightstand: \(config.file ?? "the default configuration") has no calendar widget")
            throw ExitCode.failure
        }
        let (output, problems) = try await Self.list(
            configuration, widget: widget, from: start, days: days, json: json)
        for problem in problems { writeStandardError("nightstand: \(problem)") }
        printForTerminal(output, terminator: "")
    }

    /// What `nightstand events` prints for `configuration`: the occurrences of its calendar
    /// widgets (or of the one with id `widget`) as lines or JSON, and the problems met, each
    /// after its widget's id.
    static func list(
        _ configuration: Configuration, widget: String?, from start: Date, days: Int?, json: Bool
    ) async throws -> (output: String, problems: [String]) {
        let widgets = configuration.widgets.filter { $0.kind == "calendar" }
        let chosen = widgets.filter { widget == nil || $0.id == widget }
        guard !chosen.isEmpty else {
            let known = widgets.map(\.id).joined(separator: ", ")
            throw ValidationError(
                widget.map { "--widget \($0): expected the id of a calendar widget (\(known))" }
                    ?? "the configuration has no calendar widget")
        }
        var rows: [EventRow] = []
        var lines = ""
        var problems: [String] = []
        for instance in chosen {
            let listing = try await CalendarListing.load(
                options: instance.options, from: start, days: days)
            problems += listing.problems.map { "\(instance.id): \($0)".escapedForTerminal() }
            for occurrence in listing.occurrences {
                rows.append(
                    EventRow(
                        widget: instance.id, title: occurrence.title,
                        start: listing.iso8601(occurrence.start),
                        end: listing.iso8601(occurrence.end), isAllDay: occurrence.isAllDay))
                lines += listing.line(occurrence) + "\t" + instance.id.escapedForTerminal() + "\n"
            }
        }
        guard json else { return (lines, problems) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(rows), as: UTF8.self)
        return (text.jsonEscapedForTerminal() + "\n", problems)
    }
}

/// One occurrence as `nightstand events --json` writes it.
private struct EventRow: Encodable {
    var widget: String
    var title: String
    var start: String
    var end: String
    var isAllDay: Bool

    private enum CodingKeys: String, CodingKey {
        case widget, title, start, end
        case isAllDay = "all_day"
    }
}
