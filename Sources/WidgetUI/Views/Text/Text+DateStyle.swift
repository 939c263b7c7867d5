import FoundationEssentials
import FoundationInternationalization

extension Text {
    /// How `Text(_:style:)` shows a date: as a time, a date, or a live duration to or from now.
    ///
    /// | style | shows (en_US) | changes |
    /// | --- | --- | --- |
    /// | `.time` | "9:41 AM" (the date's time) | never |
    /// | `.date` | "June 3, 2019" (the date's day) | never |
    /// | `.relative` | "2 hr, 5 min": the time to or since the date, in its two largest units | each second, or each minute when minutes are the smallest unit shown, … |
    /// | `.offset` | "-2 hours" before the date, "+5 minutes" after: the largest unit, signed | when that unit's count changes |
    /// | `.timer` | "2:05", "1:02:05": counts down to the date, then up from it | each second |
    ///
    /// ```swift
    /// Text(event.start, style: .relative)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// `.relative` and `.offset` count in days at most ("45 days, 3 hr"), where iOS goes on to
    /// months and years; smaller units are dropped, not rounded ("-1 hour" until the last
    /// 59:59 are left).
    public struct DateStyle: Hashable, Sendable {
        enum Kind: Hashable, Sendable {
            case time, date, relative, offset, timer
        }

        let kind: Kind

        /// The date's time, in the locale's short form: "9:41 AM", or "21:41" in a 24-hour
        /// locale.
        public static let time = DateStyle(kind: .time)
        /// The date's day, in the locale's long form: "June 3, 2019".
        public static let date = DateStyle(kind: .date)
        /// The time between now and the date, without sign, in its two largest units:
        /// "2 hr, 5 min", "11 min, 14 sec".
        public static let relative = DateStyle(kind: .relative)
        /// The time from the date to now, in its largest unit, negative before the date:
        /// "-2 hours", "+5 minutes".
        public static let offset = DateStyle(kind: .offset)
        /// A timer counting down to the date, then up from it: "2:05", "1:02:05".
        public static let timer = DateStyle(kind: .timer)
    }

    /// Creates text that shows a date in a style; the live styles stay current as time passes.
    ///
    /// ```swift
    /// VStack {
    ///     Text(entry.date, style: .time)          // 9:41 AM
    ///     Text(alarm, style: .timer)              // 1:02:05
    ///     Text(meeting, style: .relative)         // 2 hr, 5 min
    /// }
    /// ```
    ///
    /// The date is shown in the environment's `locale`, `timeZone` and `calendar`; the live
    /// styles (`.relative`, `.offset`, `.timer`) count from the render's `now` and report when
    /// they next change (see ``RenderReport``).
    public init(_ date: Date, style: DateStyle) {
        self.init(source: DateStyleText(date: date, style: style))
    }

    /// Creates a timer counting down to the end of an interval (or up from its start), which
    /// stops there: "4:59" … "0:00".
    ///
    /// ```swift
    /// Text(timerInterval: start...start.addingTimeInterval(300))   // 5:00 … 0:00
    /// Text(timerInterval: lap, countsDown: false)                 // 0:00 … lap length
    /// ```
    ///
    /// Before the interval starts the timer shows its full length (counting down) or 0:00
    /// (counting up); after it ends, 0:00 or the full length.
    ///
    /// - Parameters:
    ///   - timerInterval: the interval the timer runs over.
    ///   - pauseTime: an instant from which the timer stands still, showing what it showed
    ///     then. Default: nil (runs throughout).
    ///   - countsDown: down to the end (true) or up from the start (false). Default: true.
    ///   - showsHours: whether an hour or more reads "1:02:05" (true) or "62:05" (false).
    ///     Default: true.
    public init(
        timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true,
        showsHours: Bool = true
    ) {
        self.init(
            source: TimerIntervalText(
                interval: timerInterval, pauseTime: pauseTime, countsDown: countsDown,
                showsHours: showsHours))
    }
}

/// `Text(_:style:)`'s content.
struct DateStyleText: TextSource {
    let date: Date
    let style: Text.DateStyle

    func resolve(in environment: EnvironmentValues) -> TimedString {
        let locale = environment.locale
        switch style.kind {
        case .time, .date:
            let format = Date.FormatStyle(
                date: style.kind == .date ? .long : .omitted,
                time: style.kind == .time ? .shortened : .omitted, locale: locale,
                calendar: environment.calendar, timeZone: environment.timeZone)
            return TimedString(string: date.formatted(format), nextChange: nil)
        case .relative:
            let count = WholeSeconds(from: environment.now, to: date)
            let shown = DurationText.units(
                count.seconds, count: 2, width: .abbreviated, locale: locale)
            return TimedString(string: shown.text, nextChange: count.nextChange(every: shown.unit))
        case .offset:
            let count = WholeSeconds(from: environment.now, to: date)
            let shown = DurationText.units(count.seconds, count: 1, width: .wide, locale: locale)
            let sign = count.seconds == 0 ? "" : count.isFuture ? "-" : "+"
            return TimedString(
                string: sign + shown.text, nextChange: count.nextChange(every: shown.unit))
        case .timer:
            let count = WholeSeconds(from: environment.now, to: date)
            return TimedString(
                string: DurationText.timer(count.seconds, showsHours: true, locale: locale),
                nextChange: count.nextChange(every: 1))
        }
    }
}

/// `Text(timerInterval:pauseTime:countsDown:showsHours:)`'s content.
struct TimerIntervalText: TextSource {
    let interval: ClosedRange<Date>
    let pauseTime: Date?
    let countsDown: Bool
    let showsHours: Bool

    func resolve(in environment: EnvironmentValues) -> TimedString {
        let now = environment.now
        let at = pauseTime.map { min($0, now) } ?? now
        let start = interval.lowerBound
        let end = interval.upperBound
        let length = end.timeIntervalSince(start)
        let seconds: Int
        var next: Date?
        if countsDown {
            // Time left, rounded up: 0:00 only once the end is reached.
            seconds = WholeSeconds.ceil(min(max(end.timeIntervalSince(at), 0), length))
            if seconds > 0 { next = end.addingTimeInterval(-Double(seconds - 1)) }
        } else {
            // Time elapsed, rounded down, up to the interval's length.
            seconds = WholeSeconds.floor(min(max(at.timeIntervalSince(start), 0), length))
            if seconds < WholeSeconds.floor(length) {
                next = start.addingTimeInterval(Double(seconds + 1))
            }
        }
        if let pauseTime, let change = next, change > pauseTime { next = nil }
        return TimedString(
            string: DurationText.timer(
                seconds, showsHours: showsHours, locale: environment.locale),
            nextChange: next)
    }
}
