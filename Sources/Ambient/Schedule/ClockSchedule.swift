import FoundationEssentials

/// The appearance by time of day: windows for `dim`, `night` and `off`, day elsewhere; a
/// window may apply on some days of the week only (`fri,sat 23:30-08:30`).
///
/// ```swift
/// let schedule = try ClockSchedule(
///     windows: [
///         .dim: try ScheduleWindow(parsing: "sunset-22:30"),
///         .night: try ScheduleWindow(parsing: "22:30-06:30"),
///     ],
///     timeZone: TimeZone(identifier: "Europe/Berlin")!,
///     coordinate: GeoCoordinate(latitude: 52.52, longitude: 13.405))
/// schedule.appearance(at: .now)        // .night at 23:00
/// schedule.nextTransition(after: .now) // 06:30 tomorrow
/// ```
///
/// Rules:
/// - An appearance may have several windows (`night = ["mon-thu,sun 22:30-06:30",
///   "fri,sat 23:30-08:30"]`); a window with days opens only on those days and closes when
///   its end comes, even on another day.
/// - Windows are half open, `[start, end)`, in the local time of ``timeZone``. Where windows
///   overlap the darkest appearance wins, so `dim = "sunset-sunrise"` with
///   `night = "22:30-06:30"` is dim in the evening and night from 22:30.
/// - A window starting on a day ends the same day when its end comes later in a nominal day
///   (clock times as written, sunrise as 06:00 and sunset as 18:00 plus their offsets), else
///   the next day: `22:30-06:30` and `sunset-sunrise` cross midnight, `sunset-23:00` does not
///   (and is empty on a summer day whose sunset is after 23:00).
/// - DST: a clock time the spring-forward night skips means the first moment after the gap
///   (02:30 → 03:00); a time the fall-back night repeats means its first occurrence.
/// - Where the sun does not set (midnight sun) the night collapses to local midnight: sunset
///   and sunrise both fall at 00:00, so `sunset-sunrise` is empty and `sunrise-sunset` is the
///   whole day. Where the sun does not rise (polar night) the day collapses to solar noon:
///   sunrise and sunset both fall then, so `sunset-sunrise` covers the whole day. Offsets do
///   not apply to a collapsed event.
public struct ClockSchedule: Sendable, Equatable {
    /// The windows of each appearance that has any (`dim`, `night`, `off`).
    public let windows: [Appearance: [ScheduleWindow]]
    /// The zone whose local time the windows are in.
    public let timeZone: TimeZone
    /// Where sunrise and sunset are computed; required by solar windows.
    public let coordinate: GeoCoordinate?

    /// A schedule from `windows`.
    ///
    /// - Throws: ``ClockScheduleError`` for a `day` window (day is what the windows leave) or a
    ///   solar window without a coordinate.
    public init(
        windows: [Appearance: [ScheduleWindow]], timeZone: TimeZone, coordinate: GeoCoordinate?
    ) throws(ClockScheduleError) {
        if windows[.day]?.isEmpty == false { throw .dayWindow }
        if coordinate == nil {
            for (appearance, list) in windows.sorted(by: { $0.key < $1.key }) {
                if let window = list.first(where: \.isSolar) {
                    throw .needsCoordinate(appearance: appearance, window: window)
                }
            }
        }
        self.windows = windows.filter { !$0.value.isEmpty }
        self.timeZone = timeZone
        self.coordinate = coordinate
    }

    /// A schedule with one window per appearance.
    public init(
        windows: [Appearance: ScheduleWindow], timeZone: TimeZone, coordinate: GeoCoordinate?
    ) throws(ClockScheduleError) {
        try self.init(
            windows: windows.mapValues { [$0] }, timeZone: timeZone, coordinate: coordinate)
    }

    /// A schedule of clock-time windows only (no day window, no solar end: nothing to check).
    init(clockWindows: [Appearance: ScheduleWindow], timeZone: TimeZone) {
        windows = clockWindows.mapValues { [$0] }
        self.timeZone = timeZone
        coordinate = nil
    }

    /// The appearance at `time`: the darkest window containing it, else day.
    public func appearance(at time: Date) -> Appearance {
        let today = day(containing: time)
        var darkest = Appearance.day
        for (appearance, list) in windows where appearance > darkest {
            // A window lasts at most 60 h (next-day end plus 12 h offsets), so one that started
            // up to two days ago may still be open.
            for window in list {
                for offset in -2...0 {
                    if let range = occurrence(
                        of: window, startingOn: shifted(today, days: offset)),
                        range.contains(time)
                    {
                        darkest = appearance
                    }
                }
            }
        }
        return darkest
    }

    /// The first moment after `time` at which ``appearance(at:)`` changes, looking a week
    /// ahead (a window may open on one day of the week only); nil when it stays the same that
    /// long (no windows, polar night).
    public func nextTransition(after time: Date) -> Date? {
        let today = day(containing: time)
        let current = appearance(at: time)
        var boundaries: [Date] = []
        for window in windows.values.joined() {
            for offset in -2...8 {
                if let range = occurrence(of: window, startingOn: shifted(today, days: offset)) {
                    boundaries += [range.lowerBound, range.upperBound]
                }
            }
        }
        return boundaries.filter { $0 > time }.sorted().first { appearance(at: $0) != current }
    }

    // MARK: Resolving windows to moments

    /// The moments `window` covers when it starts on local day `day` (its midnight), or nil
    /// when it is empty that day.
    func occurrence(of window: ScheduleWindow, startingOn day: Date) -> Range<Date>? {
        guard window.days.isEveryDay || window.days.contains(weekdayOf: day, in: calendar) else {
            return nil
        }
        let start = moment(of: window.start, on: day)
        let endDay =
            nominalMinutes(window.end) < nominalMinutes(window.start)
            ? shifted(day, days: 1) : day
        let end = moment(of: window.end, on: endDay)
        return end > start ? start..<end : nil
    }

    /// Where `time` falls in a nominal day, in minutes after midnight, to order a window's ends.
    private func nominalMinutes(_ time: ScheduleTime) -> Int {
        switch time {
        case .clock(let hour, let minute): hour * 60 + minute
        case .solar(.sunrise, let offset): 6 * 60 + offset
        case .solar(.sunset, let offset): 18 * 60 + offset
        }
    }

    /// The moment of `time` on local day `day`, rounded to whole seconds.
    private func moment(of time: ScheduleTime, on day: Date) -> Date {
        let exact: Date
        switch time {
        case .clock(let hour, let minute):
            exact =
                calendar.date(
                    bySettingHour: hour, minute: minute, second: 0, of: day,
                    matchingPolicy: .nextTime, repeatedTimePolicy: .first, direction: .forward)
                ?? day
        case .solar(let kind, let offset):
            exact = solarMoment(kind, offsetMinutes: offset, on: day)
        }
        return Date(timeIntervalSince1970: exact.timeIntervalSince1970.rounded())
    }

    /// Sunrise or sunset plus `offsetMinutes` on `day`, collapsed on polar days (see the type's
    /// rules).
    private func solarMoment(_ kind: SolarEventKind, offsetMinutes: Int, on day: Date) -> Date {
        // init rejects solar windows without a coordinate, so this guard never fails.
        guard let coordinate else { return day }
        let sun = SolarCalculator(coordinate: coordinate).sunTimes(
            onDayContaining: day, in: timeZone)
        switch kind == .sunrise ? sun.sunrise : sun.sunset {
        case .at(let date): return date.addingTimeInterval(Double(offsetMinutes) * 60)
        case .sunStaysDown: return sun.solarNoon
        case .sunStaysUp: return kind == .sunrise ? day : shifted(day, days: 1)
        }
    }

    // MARK: Local days

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// The local midnight starting the day that contains `time`.
    private func day(containing time: Date) -> Date {
        calendar.startOfDay(for: time)
    }

    /// The local midnight `days` days after `day` (DST-safe: counts calendar days).
    private func shifted(_ day: Date, days: Int) -> Date {
        let midday = day.addingTimeInterval(12 * 3600)
        return calendar.startOfDay(
            for: calendar.date(byAdding: .day, value: days, to: midday) ?? midday)
    }
}

/// A schedule that cannot work: the window and why.
public enum ClockScheduleError: Error, Equatable, CustomStringConvertible {
    /// A window was given for `day`, which is what the other windows leave.
    case dayWindow
    /// A window uses sunrise or sunset but no latitude/longitude was given.
    case needsCoordinate(appearance: Appearance, window: ScheduleWindow)

    /// A sentence naming the window and the fix.
    public var description: String {
        switch self {
        case .dayWindow:
            return "day has no window: it is the appearance outside the dim, night and off windows"
        case .needsCoordinate(let appearance, let window):
            return "\(appearance) = \"\(window)\" uses sunrise/sunset: set latitude and longitude"
        }
    }
}
