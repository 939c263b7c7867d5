import FoundationEssentials
import FoundationInternationalization

extension Text {
    /// Creates text that shows a value formatted by a Foundation format style, in the
    /// environment's locale (and, for dates, its time zone and calendar).
    ///
    /// ```swift
    /// Text(0.72, format: .percent)                                  // 72%
    /// Text(21.5, format: .number.precision(.fractionLength(1)))     // 21.5
    /// Text(entry.date, format: .dateTime.hour().minute())           // 9:41 AM
    /// ```
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F)
    where F.FormatOutput == String {
        self.init(source: FormattedText(input: input, format: format))
    }

    /// Creates text that shows a time-dependent value, such as the current date, formatted by
    /// a discrete format style, and stays current as time passes.
    ///
    /// ```swift
    /// Text(.currentDate, format: .dateTime.hour().minute())          // a live clock
    /// Text(.durationOffset(to: kickoff), format: .time(pattern: .minuteSecond))
    /// ```
    ///
    /// The value is taken at the render's `now`; the text reports the next instant the format
    /// style says its output may change (`discreteInput(after:)`), such as the next minute
    /// boundary in the environment's time zone for hours and minutes.
    public init<V, F: DiscreteFormatStyle>(_ source: TimeDataSource<V>, format: F)
    where F.FormatInput == V, F.FormatOutput == String {
        self.init(source: LiveFormattedText(source: source, format: format))
    }
}

/// A source of values that change with time, for ``Text/init(_:format:)-(TimeDataSource<V>,_)``.
///
/// ```swift
/// Text(.currentDate, format: .dateTime.weekday(.wide))
/// ```
///
/// ## Differences from SwiftUI
///
/// Only ``currentDate`` and ``durationOffset(to:)`` exist.
public struct TimeDataSource<Value>: Sendable {
    /// The value at an instant.
    let value: @Sendable (Date) -> Value
    /// The first instant at which the value reaches a given value, after the current one.
    let instant: @Sendable (Value) -> Date
}

extension TimeDataSource where Value == Date {
    /// The current date: the instant being drawn.
    public static var currentDate: TimeDataSource<Date> {
        TimeDataSource(value: { $0 }, instant: { $0 })
    }
}

extension TimeDataSource where Value == Duration {
    /// The time elapsed since `date` (negative before it): a stopwatch or a match clock.
    public static func durationOffset(to date: Date) -> TimeDataSource<Duration> {
        TimeDataSource(
            value: { .seconds($0.timeIntervalSince(date)) },
            instant: {
                date.addingTimeInterval(
                    Double($0.components.seconds)
                        + Double($0.components.attoseconds) / 1e18)
            })
    }
}

extension FormatStyle {
    /// This style in the environment's locale; a date style also in its time zone and calendar
    /// unless it was given its own.
    func localized(for environment: EnvironmentValues) -> Self {
        guard var date = self as? Date.FormatStyle else { return locale(environment.locale) }
        date.locale = environment.locale
        if date.timeZone == .autoupdatingCurrent { date.timeZone = environment.timeZone }
        if date.calendar == .autoupdatingCurrent { date.calendar = environment.calendar }
        return date as? Self ?? locale(environment.locale)
    }
}

/// `Text(_:format:)`'s content: a fixed value, formatted.
struct FormattedText<F: FormatStyle>: TextSource where F.FormatOutput == String {
    let input: F.FormatInput
    let format: F

    func resolve(in environment: EnvironmentValues) -> TimedString {
        TimedString(string: format.localized(for: environment).format(input), nextChange: nil)
    }
}

/// `Text(_:format:)`'s content for a time data source: the value now, formatted.
struct LiveFormattedText<V, F: DiscreteFormatStyle>: TextSource
where F.FormatInput == V, F.FormatOutput == String {
    let source: TimeDataSource<V>
    let format: F

    func resolve(in environment: EnvironmentValues) -> TimedString {
        let style = format.localized(for: environment)
        let value = source.value(environment.now)
        return TimedString(
            string: style.format(value),
            nextChange: style.discreteInput(after: value).map(source.instant))
    }
}
