import FoundationEssentials

/// The ranges the built-in widgets accept for their durations (docs/widgets.md).
///
/// A refresh has a floor, so that a typo such as `"1ms"` cannot keep a core busy or flood a
/// server, and every duration has a ceiling, so that deadlines stay within the arithmetic of
/// dates.
enum OptionRanges {
    /// How often a program runs or a local file is read: from 1 s to 7 d.
    static let refresh: ClosedRange<TimeInterval> = 1...7 * 86_400
    /// How often a public service is asked (a forecast, a calendar subscription): from 1 min
    /// to 7 d.
    static let downloadRefresh: ClosedRange<TimeInterval> = 60...7 * 86_400
    /// How long a run or a download may take: from 100 ms to 10 min.
    static let timeout: ClosedRange<TimeInterval> = 0.1...600
}
