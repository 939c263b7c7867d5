/// One of CLDR's plural categories: the form a word takes for a count.
///
/// Which numbers fall into which category depends on the language (``PluralRules``): English
/// says "1 day", "2 days" (one, other); Polish has one, few, many and other; Arabic all six;
/// Japanese and Chinese only other.
public enum PluralCategory: String, CaseIterable, Sendable {
    case zero, one, two, few, many, other
}

/// The operands CLDR's plural rules read from a number as it is written (UTS #35, "Plural
/// Operand Meanings"): `n` the absolute value, `i` its integer digits, `v` the number of
/// visible fraction digits, `f` those digits as an integer, `e` the exponent (always 0 here).
public struct PluralOperands: Equatable, Sendable {
    /// The absolute value.
    public var n: Double
    /// The integer digits of `n`.
    public var i: UInt64
    /// How many fraction digits are shown, trailing zeros included ("1.50": 2).
    public var v: Int
    /// The visible fraction digits as an integer ("1.50": 50).
    public var f: UInt64

    /// The operands of an integer: no fraction digits.
    public init(_ value: Int64) {
        i = value.magnitude
        n = Double(i)
        v = 0
        f = 0
    }

    /// The operands of a number as it is written in ASCII digits, such as `"1.50"` or `"-3"`;
    /// nil when the text is not such a number.
    public init?(written text: String) {
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCII),
            let integer = UInt64(whole), let value = Double(digits)
        else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        n = value
        i = integer
        v = fraction.count
        f = fraction.isEmpty ? 0 : UInt64(fraction.prefix(18)) ?? 0
    }
}
