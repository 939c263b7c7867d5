import FoundationEssentials
import Settings

/// The ranges the built-in widgets accept for their durations (docs/widgets.md), checked and
/// worded as the configuration's own keys are (``Settings/NumberRange``).
///
/// A refresh has a floor, so that a typo such as `"0.001"` cannot keep a core busy or flood a
/// server, and every duration has a ceiling, so that deadlines stay within the arithmetic of
/// dates.
enum OptionRanges {
    /// How often a program runs or a local file is read: from 1 s to 7 d.
    static let refresh = NumberRange.duration(1...7 * 86_400)
    /// How often a public service is asked (a forecast, a calendar subscription): from 1 min
    /// to 7 d.
    static let downloadRefresh = NumberRange.duration(60...7 * 86_400)
    /// How long a run or a download may take: from 100 ms to 10 min.
    static let timeout = NumberRange.duration(0.1...600)
}
