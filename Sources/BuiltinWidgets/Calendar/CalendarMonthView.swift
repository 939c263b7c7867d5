import Calendars
import FoundationEssentials
import WidgetUI
import Widgets

/// The month of a day as a grid: its name, the weekdays from the calendar's first, and the
/// days in rows of weeks; today in a circle of the accent, days with events with a dot, past
/// days dimmed.
///
/// The cells fill the space offered, so the same view serves the small family and the large
/// one; the digits and circles follow the cell size.
struct CalendarMonthView: View {
    /// Today.
    let date: Date
    /// The days to mark with a dot.
    let eventDays: Set<CivilDate>
    let text: CalendarText
    /// Whether the header names the year too.
    var showsYear = false
    /// Whether the header shows a warning sign.
    var hasProblems = false

    var body: some View {
        let today = CivilDate(date, in: text.calendar)
        let weeks = Self.weeks(of: today, firstWeekday: text.calendar.firstWeekday)
        VStack(alignment: .leading, spacing: 3) {
            CalendarHeader(
                title: text.month(date) + (showsYear ? " \(today.year)" : ""), isAccent: true,
                hasProblems: hasProblems)
            HStack(spacing: 0) {
                ForEach(text.weekdaySymbols.indices, id: \.self) { index in
                    Text(text.weekdaySymbols[index])
                        .font(.system(size: 9, weight: .semibold))
                        .foregroundStyle(.secondary)
                        .lineLimit(1)
                        .frame(maxWidth: .infinity)
                }
            }
            GeometryReader { proxy in
                let cell = CalendarDayCell.Metrics(
                    width: proxy.size.width / 7, height: proxy.size.height / Double(weeks.count))
                VStack(spacing: 0) {
                    ForEach(weeks.indices, id: \.self) { row in
                        HStack(spacing: 0) {
                            ForEach(weeks[row].indices, id: \.self) { column in
                                if let day = weeks[row][column] {
                                    CalendarDayCell(
                                        day: day.day, isToday: day == today, isPast: day < today,
                                        hasEvents: eventDays.contains(day), metrics: cell)
                                } else {
                                    Color.clear.frame(width: cell.width, height: cell.height)
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The weeks of the month of `day`, each seven days from `firstWeekday` (1 Sunday …
    /// 7 Saturday), with `nil` for the days of the months before and after.
    static func weeks(of day: CivilDate, firstWeekday: Int) -> [[CivilDate?]] {
        let first = CivilDate(year: day.year, month: day.month, day: 1)
        let leading = (first.weekday - (firstWeekday - 1) + 7) % 7
        let length = CivilDate.days(inMonth: day.month, year: day.year)
        let cells: [CivilDate?] =
            Array(repeating: nil, count: leading) + (0..<length).map { first.adding(days: $0) }
        return stride(from: 0, to: cells.count, by: 7).map { start in
            let week = Array(cells[start..<min(start + 7, cells.count)])
            return week + Array(repeating: nil, count: 7 - week.count)
        }
    }
}

/// One day of the grid: its number, a circle behind it today, a dot below it on days with
/// events (the number sits a little above the middle on every day, so a row's digits line
/// up).
///
/// In full color today is white on red. In the accented and vibrant modes the circle is the
/// brightest thing (accentable white) and the number is cut out of it in black, so it reads
/// in the accent tint and at night alike.
struct CalendarDayCell: View {
    /// A cell's size and what follows from it.
    struct Metrics {
        var width: Double
        var height: Double

        /// The circle today has: as large as the cell allows.
        var circle: Double { max(min(width, height) - 1, 1) }
        /// The digits: three fifths of the circle, at most 16 points.
        var font: Double { min(circle * 0.6, 16) }
        /// The dot's diameter.
        var dot: Double { max(circle * 0.15, 2.5) }
    }

    let day: Int
    let isToday: Bool
    let isPast: Bool
    let hasEvents: Bool
    let metrics: Metrics

    @Environment(\.widgetRenderingMode) private var renderingMode

    var body: some View {
        let knockout = renderingMode == .fullColor ? Color.white : Color.black
        ZStack {
            if isToday {
                Circle()
                    .fill(renderingMode.calendarAccent)
                    .frame(width: metrics.circle, height: metrics.circle)
                    .widgetAccentable()
            }
            Text(String(day))
                .font(.system(size: metrics.font, weight: isToday ? .bold : .medium))
                .foregroundStyle(isToday ? knockout : isPast ? Color.secondary : Color.primary)
                .lineLimit(1)
                .offset(y: -metrics.dot)
            if hasEvents {
                Circle()
                    .fill(isToday ? knockout : isPast ? Color.secondary : Color.gray)
                    .frame(width: metrics.dot, height: metrics.dot)
                    .offset(y: metrics.circle * 0.5 - metrics.dot * 1.25)
            }
        }
        .frame(width: metrics.width, height: metrics.height)
    }
}
