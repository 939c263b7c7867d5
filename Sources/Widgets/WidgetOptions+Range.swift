import FoundationEssentials
import Settings

extension WidgetOptions {
    /// A whole-number option within `range`: the same check and wording as the
    /// configuration's own keys (``Settings/NumberRange``).
    ///
    /// ```swift
    /// let days = try options.int("days", in: NumberRange(1...366, "days")) ?? 14
    /// // days = 0 → "[[widget]] calendar days: expected days from 1 to 366, found 0"
    /// ```
    public func int(_ key: String, in range: NumberRange) throws -> Int? {
        guard let value = try int(key) else { return nil }
        try check(key, Double(value), in: range)
        return value
    }

    /// A number option (whole or not) within `range`.
    public func double(_ key: String, in range: NumberRange) throws -> Double? {
        guard let value = try double(key) else { return nil }
        try check(key, value, in: range)
        return value
    }

    /// A duration option within `range`, in seconds (see ``duration(_:)``).
    ///
    /// ```swift
    /// let refresh = try options.duration("refresh", in: .duration(60...86_400)) ?? 900
    /// ```
    public func duration(_ key: String, in range: NumberRange) throws -> TimeInterval? {
        guard let value = try duration(key) else { return nil }
        try check(key, value, in: range)
        return value
    }

    private func check(_ key: String, _ number: Double, in range: NumberRange) throws {
        guard range.contains(number) else {
            throw WidgetOptionError(
                key: key, expected: range.expected,
                found: values[key]?.description ?? NumberRange.words(number))
        }
    }
}
