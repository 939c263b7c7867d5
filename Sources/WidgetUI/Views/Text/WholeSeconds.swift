import FoundationEssentials
import FoundationInternationalization

/// Whole seconds between now and a date as a clock running toward or away from it shows
/// them, and the instants at which what it shows changes.
///
/// Before the date the count is the time left rounded up (a countdown shows "0:01" until the
/// very instant of the date); from the date on it is the time elapsed rounded down. So the
/// count changes exactly at whole seconds before or after the date, and an instant computed
/// by ``nextChange(every:)`` already shows the new count.
struct WholeSeconds {
    /// The seconds shown, ≥ 0.
    let seconds: Int
    /// Whether the date is still ahead (the count falls as time passes).
    let isFuture: Bool
    /// The date counted to or from.
    let date: Date

    /// Tolerance, in seconds, for instants computed as a date ± whole seconds: `Date` keeps
    /// ~0.1 µs near today, so such an instant may land a hair before the boundary it means.
    static let epsilon = 1e-6
    /// The largest count handled (about 31 million years), so that far dates never overflow.
    static let limit = 1e15

    /// The count at `now` for `date`.
    init(from now: Date, to date: Date) {
        let left = date.timeIntervalSince(now)
        self.date = date
        isFuture = left > Self.epsilon
        seconds = isFuture ? Self.ceil(left) : Self.floor(-left)
    }

    /// `interval` rounded up to whole seconds (within ``epsilon``), clamped to 0…``limit``.
    static func ceil(_ interval: TimeInterval) -> Int {
        Int(min(max((interval - epsilon).rounded(.up), 0), limit))
    }

    /// `interval` rounded down to whole seconds (within ``epsilon``), clamped to 0…``limit``.
    static func floor(_ interval: TimeInterval) -> Int {
        Int(min(max((interval + epsilon).rounded(.down), 0), limit))
    }

    /// The next instant at which `seconds / unit` (whole division) changes: what is shown
    /// changes there when it shows the count in whole `unit`s of seconds.
    ///
    /// Before the date the count falls, and reaches `(seconds / unit) × unit - 1` when that
    /// many seconds are left; after it the count rises to `(seconds / unit + 1) × unit`.
    func nextChange(every unit: Int) -> Date {
        let step = seconds / unit
        return isFuture
            ? date.addingTimeInterval(-Double(step * unit - 1))
            : date.addingTimeInterval(Double((step + 1) * unit))
    }
}

/// The texts of the clock-like styles: timers, relative and offset durations.
enum DurationText {
    /// The units a relative or offset duration is told in, largest first, with their seconds.
    ///
    /// Days are the largest, so a span of months reads "45 days, 3 hr".
    static let units: [(unit: Duration.UnitsFormatStyle.Unit, seconds: Int)] = [
        (.days, 86_400), (.hours, 3_600), (.minutes, 60), (.seconds, 1),
    ]

    /// A timer's text: "2:05", or "1:02:05" from an hour on (when `showsHours`; else the
    /// minutes go past 59: "90:00").
    static func timer(_ seconds: Int, showsHours: Bool, locale: Locale) -> String {
        let pattern: Duration.TimeFormatStyle.Pattern =
            showsHours && seconds >= 3_600 ? .hourMinuteSecond : .minuteSecond
        return Duration.seconds(seconds).formatted(.time(pattern: pattern).locale(locale))
    }

    /// The `count` largest units of `seconds` that are not zero, each with the seconds it
    /// stands for; smaller units are dropped, not rounded.
    static func largestUnits(
        of seconds: Int, count: Int
    ) -> [(unit: Duration.UnitsFormatStyle.Unit, seconds: Int)] {
        var rest = seconds
        var kept: [(unit: Duration.UnitsFormatStyle.Unit, seconds: Int)] = []
        for (unit, size) in units where kept.count < count && rest >= size {
            kept.append((unit, rest / size * size))
            rest %= size
        }
        return kept
    }

    /// A duration in its `count` largest units (`.seconds` when zero), in the locale's words
    /// at a width, and the size in seconds of the smallest unit whose change changes the text.
    ///
    /// With fewer units shown than allowed, the next second may add one ("2 hr" → "2 hr,
    /// 1 sec"), so the text then changes every second.
    static func units(
        _ seconds: Int, count: Int, width: Duration.UnitsFormatStyle.UnitWidth, locale: Locale
    ) -> (text: String, unit: Int) {
        let shown = largestUnits(of: seconds, count: count)
        let total = shown.reduce(0) { $0 + $1.seconds }
        let style = Duration.UnitsFormatStyle(
            allowedUnits: Set(shown.isEmpty ? [.seconds] : shown.map(\.unit)), width: width,
            maximumUnitCount: count)
        let text = Duration.seconds(total).formatted(style.locale(locale))
        let smallest = units.first { $0.unit == shown.last?.unit }?.seconds ?? 1
        return (text, shown.count == count ? smallest : 1)
    }
}
