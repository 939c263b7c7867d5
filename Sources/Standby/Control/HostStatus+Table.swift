import FoundationEssentials
import SystemSupport

extension HostStatus {
    /// The status as `nightstand status` prints it: the appearance, then a table of slots and
    /// one of widgets with their last and next updates.
    ///
    /// ```
    /// appearance: night (mode night)
    /// view: widgets (of widgets, photos, clock)
    /// host time: 2027-01-15 08:00:05, 1 frame
    ///
    /// slot  shows    stack
    /// 1     clock    clock
    /// 2     weather  date, weather
    ///
    /// widget   kind     updated   next reload           next entry  error
    /// clock    clock    08:00:00  08:59:00 (in 58 min)  08:01:00
    /// date     date     08:00:00  on request            -
    /// weather  weather  -         fetching              -
    /// tides    tides    -         08:00:35 (in 30 s)    -           offline
    /// ```
    ///
    /// Times are the host clock's (which `nightstand run --at` may have moved), in `timeZone`;
    /// a time on another day than the host's shows its date too.
    public func table(timeZone: TimeZone = .current) -> String {
        let (stamp, show) = Self.stamps(at: time, timeZone: timeZone)
        let slotRows = slots.enumerated().map { index, slot in
            ["\(index + 1)", slot.shown, slot.stack.joined(separator: ", ")]
        }
        let widgetRows = widgets.map { widget in
            let next =
                widget.isFetching
                ? "fetching"
                : widget.nextReload.map { "\(show($0)) (\(Self.countdown(to: $0, from: time)))" }
                    ?? "on request"
            return [
                widget.id, widget.kind, show(widget.lastUpdate), next, show(widget.nextEntry),
                widget.lastError ?? "",
            ]
        }
        var heading = ["appearance: \(appearance) (mode \(mode))"]
        if let light { heading.append("light: \(light)") }
        if let view {
            heading.append(
                "view: \(view)" + (views.map { " (of \($0.joined(separator: ", ")))" } ?? ""))
        }
        for (name, state) in (services ?? [:]).sorted(by: { $0.key < $1.key }) {
            heading.append("\(name): \(state)")
        }
        if let message { heading.append("message: \"\(message)\"") }
        return [
            heading.joined(separator: "\n"),
            "host time: \(stamp(time)), \(frames) frame\(frames == 1 ? "" : "s")",
            "",
            Self.columns([["slot", "shows", "stack"]] + slotRows),
            "",
            Self.columns(
                [["widget", "kind", "updated", "next reload", "next entry", "error"]]
                    + widgetRows),
        ].joined(separator: "\n") + (alarms == nil ? "" : "\n\n" + alarmTable(timeZone: timeZone))
    }

    /// The alarms, as `nightstand alarm list` prints them (and the end of ``table(timeZone:)``).
    ///
    /// ```
    /// alarm    time   days     next                            state
    /// work     07:00  mon-fri  2026-11-30 07:00:00 (in 7 h)    waiting
    /// weekend  09:30  sat,sun  off                             waiting
    /// ```
    public func alarmTable(timeZone: TimeZone = .current) -> String {
        guard let alarms, !alarms.isEmpty else { return "no alarms ([[alarm]])" }
        let show = Self.stamps(at: time, timeZone: timeZone).show
        let rows = alarms.map { alarm in
            let next =
                !alarm.enabled
                ? "off"
                : alarm.next.map { "\(show($0)) (\(Self.countdown(to: $0, from: time)))" } ?? "-"
            let state =
                switch alarm.phase {
                case .waiting: alarm.missed.map { "missed \(show($0))" } ?? "waiting"
                case .ringing: "ringing"
                case .snoozed: "snoozed until \(show(alarm.snoozedUntil))"
                }
            return [alarm.id, alarm.time, alarm.days, next, state, alarm.label]
        }
        return Self.columns([["alarm", "time", "days", "next", "state", "label"]] + rows)
    }

    /// How a table writes times: the full stamp (`2026-11-21 08:00:00`), and a time that
    /// drops its date on `now`'s day (`-` for none), in `timeZone`.
    private static func stamps(at now: Date, timeZone: TimeZone) -> (
        stamp: (Date) -> String, show: (Date?) -> String
    ) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let stamp = { (date: Date) -> String in
            let fields = calendar.dateComponents(
                [.year, .month, .day, .hour, .minute, .second], from: date)
            func two(_ value: Int?) -> String { (value ?? 0).padded(to: 2) }
            return "\(fields.year ?? 0)-\(two(fields.month))-\(two(fields.day)) "
                + "\(two(fields.hour)):\(two(fields.minute)):\(two(fields.second))"
        }
        let today = stamp(now).prefix(10)
        let show = { (date: Date?) -> String in
            guard let date else { return "-" }
            let text = stamp(date)
            return text.prefix(10) == today ? String(text.dropFirst(11)) : text
        }
        return (stamp, show)
    }

    /// How long until `date`, roughly: `in 30 s`, `in 5 min`, `in 2 h 5 min`, `in 6 d 13 h`,
    /// or `due`.
    static func countdown(to date: Date, from now: Date) -> String {
        let seconds = Int(date.timeIntervalSince(now).rounded(.down))
        switch seconds {
        case ..<1: return "due"
        case ..<60: return "in \(seconds) s"
        case ..<3600: return "in \(seconds / 60) min"
        case ..<86400:
            let minutes = seconds / 60 % 60
            return "in \(seconds / 3600) h" + (minutes == 0 ? "" : " \(minutes) min")
        default:
            let hours = seconds / 3600 % 24
            return "in \(seconds / 86400) d" + (hours == 0 ? "" : " \(hours) h")
        }
    }

    /// Rows as left-aligned columns two spaces apart, trailing spaces trimmed.
    package static func columns(_ rows: [[String]]) -> String {
        let widths = rows.reduce(into: [Int]()) { widths, row in
            for (column, cell) in row.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.count)
            }
        }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                line += cell
                if column < row.count - 1 {
                    line += String(repeating: " ", count: widths[column] - cell.count + 2)
                }
            }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }.joined(separator: "\n")
    }
}
