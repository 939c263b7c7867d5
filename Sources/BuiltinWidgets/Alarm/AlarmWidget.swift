import Alarms
import DisplayCommands
import FoundationEssentials
import WidgetUI
import Widgets

/// The built-in `alarm`: the next alarm, like StandBy's alarm widget — its time, its day
/// (today, tomorrow, a weekday) and its label; "Ringing" or "Snoozed until 7:09" while it
/// does; "No alarm" when none will ring.
///
/// It reads the display's alarms (`[[alarm]]`) through ``Alarms/AlarmBoard``: each change (a
/// ring, a snooze, `alarm set`, `alarm skip`) reloads its timeline. Options: `alarm`, the id of
/// one alarm to show (default: whichever rings next).
///
/// ```toml
/// [[widget]]
/// kind = "alarm"
/// ```
struct AlarmWidget: View {
    let entry: AlarmEntry

    @Environment(\.widgetFamily) private var family

    var body: some View {
        Group {
            if let alarm = entry.alarm, alarm.phase != .waiting || alarm.next != nil {
                AlarmPanel(alarm: alarm, now: entry.date)
            } else {
                StatusView(
                    title: "No alarm", symbol: "alarm",
                    detail: entry.alarm.map {
                        $0.enabled ? "\($0.id) does not ring again" : "\($0.id) is off"
                    })
            }
        }
        .containerBackground(for: .widget) {
            if !family.isAccessory { Color(white: 0.11) }
        }
    }

    /// The kind, made from its options; it reads `board`.
    static func kind(board: AlarmBoard = .shared) -> ConfigurableWidget {
        ConfigurableWidget(kind: AlarmBoard.kindName) { options in
            try options.rejectUnknown(["alarm"])
            let id = try options.string("alarm")
            return WidgetDescriptor(
                StaticConfiguration(
                    kind: AlarmBoard.kindName, provider: AlarmProvider(board: board, id: id)
                ) { entry in
                    AlarmWidget(entry: entry)
                }
                .configurationDisplayName("Alarm")
                .description("The next alarm: its time, its day and its label.")
                .supportedFamilies([.systemSmall]))
        }
    }
}

/// What an `alarm` widget shows at a time: the alarm (nil: none).
struct AlarmEntry: TimelineEntry, Equatable {
    let date: Date
    let alarm: AlarmSummary?
}

/// Reads the board; a change asks for a reload, and the day's word changes at midnight.
struct AlarmProvider: TimelineProvider {
    let board: AlarmBoard
    /// The alarm to show; nil: the next.
    let id: String?

    func placeholder(in context: Context) -> AlarmEntry {
        AlarmEntry(date: context.date, alarm: nil)
    }

    func getSnapshot(in context: Context, completion: @escaping (AlarmEntry) -> Void) {
        completion(entry(at: context.date))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<AlarmEntry>) -> Void) {
        let calendar = Calendar.current
        let midnight = calendar.nextDate(
            after: context.date, matching: DateComponents(hour: 0, minute: 0),
            matchingPolicy: .nextTime)
        completion(
            Timeline(
                entries: [entry(at: context.date)],
                policy: midnight.map { .after($0) } ?? .never))
    }

    /// The entry at `now`: the ringing or snoozed alarm first, else the one that rings next.
    func entry(at now: Date) -> AlarmEntry {
        let alarms = board.alarms ?? []
        let alarm: AlarmSummary?
        if let id {
            alarm = alarms.first { $0.id == id }
        } else {
            alarm = alarms.first { $0.phase != .waiting } ?? alarms.nextToRing
        }
        return AlarmEntry(date: now, alarm: alarm)
    }
}

/// The alarm's time, large, under its state or day, and its label.
struct AlarmPanel: View {
    let alarm: AlarmSummary
    let now: Date

    @Environment(\.locale) private var locale

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Label {
                heading
            } icon: {
                Image(systemName: alarm.phase == .waiting ? "alarm" : "alarm.fill")
            }
            .font(.system(size: 15, weight: .semibold))
            .foregroundStyle(.orange)
            .lineLimit(1)
            Spacer(minLength: 0)
            Text(
                verbatim: (alarm.snoozedUntil ?? alarm.next).map {
                    ClockTime($0, timeZone: .current).text(twentyFourHour: true, locale: locale)
                } ?? alarm.time
            )
            .font(.system(size: 44, weight: .semibold, design: .rounded))
            .monospacedDigit()
            .lineLimit(1)
            .minimumScaleFactor(0.5)
            Text(verbatim: alarm.label.isEmpty ? alarm.id : alarm.label)
                .font(.system(size: 15))
                .foregroundStyle(.secondary)
                .lineLimit(1)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .leading)
    }

    /// `Ringing`, `Snoozed`, or the day it rings: `Today`, `Tomorrow`, a weekday, in the
    /// display's language.
    private var heading: Text {
        switch alarm.phase {
        case .ringing: return Text("Ringing")
        case .snoozed: return Text("Snoozed")
        case .waiting:
            guard let next = alarm.next else { return Text("Alarm") }
            let calendar = Calendar.current
            if calendar.isDate(next, inSameDayAs: now) { return Text("Today") }
            if let tomorrow = calendar.date(byAdding: .day, value: 1, to: now),
                calendar.isDate(next, inSameDayAs: tomorrow)
            {
                return Text("Tomorrow")
            }
            return Text(verbatim: next.formatted(.dateTime.weekday(.wide).locale(locale)))
        }
    }
}
