import FoundationEssentials
import Widgets

/// The countdown's options, checked.
struct CountdownOptions: Sendable, Equatable {
    /// What the countdown shows once the target has passed.
    enum After: String, Sendable, CaseIterable {
        /// "Now", from then on.
        case now
        /// The time since the target, counting up.
        case elapsed
    }

    static let keys: Set<String> = ["target", "title", "after", "time_zone"]

    /// The instant counted down to.
    var target: Date
    var title: String?
    var after = After.now
    /// The zone a target without an offset is read in, and its date is shown in.
    var timeZone: TimeZone

    init(_ options: WidgetOptions) throws {
        try options.rejectUnknown(Self.keys)
        timeZone = try options.timeZone("time_zone") ?? .current
        let expected =
            "a date and time such as \"2026-12-24T18:00\" (local) or "
            + "\"2026-12-24T18:00:00+01:00\""
        guard let text = try options.string("target") else {
            throw WidgetOptionError(key: "target", expected: expected, found: "nothing")
        }
        guard let target = LocalDateTime.parse(text, timeZone: timeZone) else {
            throw WidgetOptionError(key: "target", expected: expected, found: "\"\(text)\"")
        }
        self.target = target
        title = try options.string("title")
        after =
            try options.choice("after", of: After.allCases.map(\.rawValue)).flatMap(
                After.init(rawValue:)) ?? .now
    }
}

/// Where a countdown stands at an instant.
enum CountdownPhase: Equatable {
    /// A day or more to go: the whole days left.
    case days(Int)
    /// Less than a day to go: a live timer.
    case hours
    /// The target has come, and `after` is `now`.
    case now
    /// Less than a day since the target: a live timer counting up.
    case elapsedHours
    /// A day or more since the target: the whole days since.
    case elapsedDays(Int)

    /// The phase at `date`.
    init(at date: Date, target: Date, after: CountdownOptions.After) {
        let left = target.timeIntervalSince(date)
        if left >= 86_400 {
            self = .days(Int((left / 86_400).rounded(.down)))
        } else if left > 0 {
            self = .hours
        } else if after == .now {
            self = .now
        } else if -left < 86_400 {
            self = .elapsedHours
        } else {
            self = .elapsedDays(Int((-left / 86_400).rounded(.down)))
        }
    }

    /// The instants at which the phase changes: each whole day before the target, the target,
    /// and for `elapsed` each whole day after it; those in `window`, in order.
    static func changes(
        target: Date, after: CountdownOptions.After, in window: ClosedRange<Date>
    ) -> [Date] {
        let day = 86_400.0
        let before = window.lowerBound.timeIntervalSince(target)
        let end = window.upperBound.timeIntervalSince(target)
        // Day offsets k with target + k·day in the window; after the target only when counting.
        let first = Int((before / day).rounded(.up))
        let last = Int((end / day).rounded(.down))
        guard first <= last else { return [] }
        return (first...last).filter { $0 <= 0 || after == .elapsed }
            .map { target.addingTimeInterval(Double($0) * day) }
            .filter { window.contains($0) }
    }
}
