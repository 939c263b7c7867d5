/// A string's translation in one language: a text, or texts that vary by a count (plural) or
/// by the device, with plural variables for strings that count several things.
///
/// It is what a String Catalog's localization (`stringUnit`, `variations`, `substitutions`)
/// and a `.stringsdict` entry say; a `.strings` line is a text alone.
public struct LocalizedEntry: Equatable, Sendable {
    /// The text, or its variations.
    public var value: LocalizedValue
    /// The plural variables `%#@name@` in the text reads, by name.
    public var substitutions: [String: Substitution] = [:]

    /// Creates an entry.
    public init(_ value: LocalizedValue, substitutions: [String: Substitution] = [:]) {
        self.value = value
        self.substitutions = substitutions
    }

    /// A plural variable: the argument it counts and its forms.
    public struct Substitution: Equatable, Sendable {
        /// The argument (1-based) the variable counts; nil for the position of its
        /// `%#@name@` in the text (`.stringsdict`).
        public var argument: Int?
        /// The argument's specifier without "%": "lld", "d", "@".
        public var specifier: String
        /// The forms (a ``LocalizedValue/plural(_:)``).
        public var value: LocalizedValue

        /// Creates a variable.
        public init(argument: Int?, specifier: String, value: LocalizedValue) {
            self.argument = argument
            self.specifier = specifier
            self.value = value
        }
    }

    /// The format this entry reads as for the given arguments, as pieces.
    ///
    /// Plural forms are chosen under `rules` by the arguments' numbers (`operands(i)` for
    /// argument i, nil when it is not a number), device variations as `other`'s. Nil when a
    /// variation has no form for the case and no `other`.
    public func format(
        rules: PluralRules, operands: (Int) -> PluralOperands?
    ) -> [FormatString.Piece]? {
        guard let text = value.choose(rules: rules, count: Self.firstCount(operands)) else {
            return nil
        }
        var pieces: [FormatString.Piece] = []
        for piece in FormatString(text).pieces {
            guard case .variable(let name, let position) = piece else {
                pieces.append(piece)
                continue
            }
            guard let substitution = substitutions[name] else { return nil }
            let argument = substitution.argument ?? position
            guard
                let form = substitution.value.choose(rules: rules, count: operands(argument))
            else { return nil }
            pieces += FormatString(form, variable: (argument, substitution.specifier)).pieces
        }
        return pieces
    }

    /// The count a plural of the whole string reads: its first numeric argument, as Xcode
    /// varies a string of one argument by it.
    private static func firstCount(_ operands: (Int) -> PluralOperands?) -> PluralOperands? {
        for argument in 1...9 {
            if let count = operands(argument) { return count }
        }
        return nil
    }
}

/// A translation's text or its variations.
public indirect enum LocalizedValue: Equatable, Sendable {
    /// A format string.
    case text(String)
    /// Forms by plural category.
    case plural([PluralCategory: LocalizedValue])
    /// Forms by device ("iphone", "ipad", "mac", "watch", "other"); Nightstand is none of
    /// Apple's devices and reads `other`.
    case device([String: LocalizedValue])

    /// The text for a count under `rules`: the count's category, else `other`.
    func choose(rules: PluralRules, count: PluralOperands?) -> String? {
        switch self {
        case .text(let text):
            return text
        case .plural(let forms):
            let category = count.map(rules.category) ?? .other
            return (forms[category] ?? forms[.other])?.choose(rules: rules, count: count)
        case .device(let forms):
            return forms["other"]?.choose(rules: rules, count: count)
        }
    }
}
