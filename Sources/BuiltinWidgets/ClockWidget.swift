import Foundation
import WidgetUI
import Widgets

/// The built-in `clock`: the time in large rounded digits, in 24-hour or 12-hour form, in the
/// display's time zone or another one.
///
/// Options: `24h` (Boolean, default true), `time_zone` (an IANA name such as
/// `"America/New_York"`, default the system's), `label` (a caption such as a city name,
/// default none; a world clock shows its zone's city when `time_zone` is set).
struct ClockWidget: View {
    let entry: ClockEntry
    let options: ClockOptions

    @Environment(\.widgetFamily) private var family

    var body: some View {
        VStack(spacing: 2) {
            if let label = options.label {
                Text(label.uppercased())
                    .font(.system(size: 13, weight: .semibold))
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
            }
            Text(options.timeText(entry.date))
                .font(.system(size: 52, weight: .semibold, design: .rounded))
                .lineLimit(1)
                .widgetAccentable()
            if let meridiem = options.meridiemText(entry.date) {
                Text(meridiem)
                    .font(.system(size: 15, weight: .medium, design: .rounded))
                    .foregroundStyle(.secondary)
            }
        }
        .containerBackground(Color(white: 0.11), for: .widget)
    }

    /// The kind, made from its options.
    static var kind: ConfigurableWidget {
        ConfigurableWidget(kind: "clock") { options in
            try options.rejectUnknown(["24h", "time_zone", "label"])
            let clock = try ClockOptions(options)
            return WidgetDescriptor(
                StaticConfiguration(kind: "clock", provider: ClockProvider()) { entry in
                    ClockWidget(entry: entry, options: clock)
                }
                .configurationDisplayName("Clock")
                .description("The time, large.")
                .supportedFamilies([.systemSmall, .systemMedium]))
        }
    }
}

/// One minute of the clock.
struct ClockEntry: TimelineEntry, Equatable {
    let date: Date
}

/// A clock entry for every minute of the coming hour.
struct ClockProvider: TimelineProvider {
    func placeholder(in context: Context) -> ClockEntry { ClockEntry(date: context.date) }

    func getSnapshot(in context: Context, completion: @escaping (ClockEntry) -> Void) {
        completion(ClockEntry(date: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<ClockEntry>) -> Void) {
        completion(minuteTimeline(from: context.date, make: ClockEntry.init))
    }
}

/// The clock's options, checked.
struct ClockOptions: Sendable {
    var twentyFourHour = true
    var timeZone = TimeZone.current
    var label: String?

    init(_ options: WidgetOptions) throws {
        twentyFourHour = try options.bool("24h") ?? true
        if let name = try options.string("time_zone") {
            guard let zone = TimeZone(identifier: name) else {
                throw WidgetOptionError(
                    key: "time_zone", expected: "an IANA time zone such as \"Europe/Berlin\"",
                    found: "\"\(name)\"")
            }
            timeZone = zone
            label = name.split(separator: "/").last.map {
                $0.replacingOccurrences(of: "_", with: " ")
            }
        }
        label = try options.string("label") ?? label
    }

    private func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        return formatter
    }

    /// "21:41" or "9:41".
    func timeText(_ date: Date) -> String {
        formatter(twentyFourHour ? "HH:mm" : "h:mm").string(from: date)
    }

    /// "PM" in 12-hour form, else nothing.
    func meridiemText(_ date: Date) -> String? {
        twentyFourHour ? nil : formatter("a").string(from: date)
    }
}
