import Calendars
import FoundationEssentials
import WidgetUI
import Widgets

/// The next events, soonest first: each its title, when, and where; "No events" when there
/// are none; and the data's age when it is old.
struct CalendarEventsView: View {
    let agenda: CalendarAgenda
    let now: Date
    let text: CalendarText
    /// How many events show, at most (one less with the data's age).
    let limit: Int

    var body: some View {
        // The age takes the place of an event.
        let shown = agenda.updated == nil ? limit : max(limit - 1, 1)
        let upcoming = Array(agenda.upcoming(at: now).prefix(shown))
        VStack(alignment: .leading, spacing: 6) {
            // Before the spacer takes its share, so a wrapped line keeps its room.
            VStack(alignment: .leading, spacing: 6) {
                if upcoming.isEmpty {
                    VStack(alignment: .leading, spacing: 1) {
                        Text("No events")
                            .font(.system(size: 13, weight: .semibold))
                        CalendarEventsView.nothingAhead(days: agenda.days)
                            .font(.system(size: 11, weight: .medium))
                            .foregroundStyle(.secondary)
                            .lineLimit(2)
                    }
                } else {
                    ForEach(upcoming.indices, id: \.self) { index in
                        CalendarEventRow(occurrence: upcoming[index], now: now, text: text)
                    }
                }
            }
            .layoutPriority(1)
            Spacer(minLength: 0)
            if let updated = agenda.updated {
                UpdatedAgoText(updated: updated)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }

    /// "Nothing in the next 14 days" (one: "Nothing in the next day"), in the display's
    /// language.
    static func nothingAhead(days: Int) -> Text {
        Text("Nothing in the next \(days) days")
    }
}

/// One event of the list: a bar of the accent, the title, when, and the location.
struct CalendarEventRow: View {
    let occurrence: CalendarOccurrence
    let now: Date
    let text: CalendarText

    @Environment(\.widgetRenderingMode) private var renderingMode

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(occurrence.title)
                .font(.system(size: 13, weight: .semibold))
                .lineLimit(1)
            Text(text.when(occurrence, now: now))
                .font(.system(size: 11, weight: .medium))
                .foregroundStyle(.secondary)
                .lineLimit(1)
            if let location = occurrence.location {
                Text(location)
                    .font(.system(size: 11))
                    .foregroundStyle(.secondary)
                    .lineLimit(1)
            }
        }
        .padding(.leading, 8)
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(alignment: .leading) {
            Capsule()
                .fill(renderingMode.calendarAccent)
                .frame(width: 3)
                .widgetAccentable()
        }
    }
}

/// A header over a column: small capitals, and a yellow warning sign when something went
/// wrong (the log says what).
struct CalendarHeader: View {
    let title: String
    /// Whether the title is in the accent (else secondary).
    var isAccent = false
    var hasProblems = false

    @Environment(\.widgetRenderingMode) private var renderingMode

    var body: some View {
        HStack(spacing: 4) {
            Text(title)
                .foregroundStyle(isAccent ? renderingMode.calendarAccent : .secondary)
                .widgetAccentable(isAccent)
                .lineLimit(1)
                .layoutPriority(1)
            Spacer(minLength: 0)
            if hasProblems {
                Image(systemName: "exclamationmark.triangle.fill")
                    .foregroundStyle(.yellow)
            }
        }
        .font(.system(size: 12, weight: .semibold))
    }
}

extension WidgetRenderingMode {
    /// The calendar's accent: red in full color; white in the accented and vibrant modes,
    /// which tint the accent group by its luminance, so that it is the brightest there.
    var calendarAccent: Color { self == .fullColor ? .red : .white }
}
