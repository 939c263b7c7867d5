import Foundation

/// The string a `Text("…")` literal makes: text with values interpolated the way SwiftUI
/// interpolates them.
///
/// A string literal passed to ``Text``, ``Label`` or ``Link`` is a key; its interpolations keep
/// their meaning rather than being flattened by Swift's string interpolation:
///
/// ```swift
/// Text("Healed \(hero.fullHealthDate, style: .relative)")   // stays live: "in 1 hr, 59 min"
/// Text("\(done) of \(total)")                               // "3 of 8"
/// Text("Boarding \(time, format: .dateTime.hour().minute())")
/// Text("\(temperature, specifier: "%.1f")°")                // "21.5°"
/// Text("Total: \(Text("42").bold())")                       // a styled piece inside
/// ```
///
/// Values are formatted as SwiftUI formats them, which is `String(format:)` with the
/// environment's locale:
///
/// - integers with `%lld`, grouped in the locale's way: `\(12345)` reads "12,345" in en_US
///   (SwiftUI's well-known `Text("\(year)")` showing "2,024"; write `Text(String(year))` or
///   `Text(verbatim:)` for digits alone);
/// - `Double` and `CGFloat` with `%lf` and `Float` with `%f`, six decimals:
///   `\(3.5)` reads "3.500000" (say `specifier: "%.1f"` or `format: .number` to choose);
/// - `String`s as they are; dates with a style, format styles and ``Text`` as they would show
///   in a ``Text`` of their own.
///
/// (SwiftUI documents the `specifier:` form and these format specifiers in
/// `LocalizedStringKey.StringInterpolation`; the six decimals are what `%lf` prints.)
///
/// The key is looked up as Xcode writes it in a String Catalog: `Text("Level \(n)")` is the key
/// `"Level %lld"`, a string or a ``Text`` interpolated is `%@` (see ``Text`` and
/// docs/localization.md). A translation may move the arguments (`%2$@`) and vary by a count.
///
/// ## Differences from SwiftUI
///
/// An interpolated ``Text`` that is itself a key is not looked up on its own: it shows as
/// written, inside the outer key's translation. Other types interpolate only through the forms
/// above, as in SwiftUI (a `CustomStringConvertible` value needs
/// `\(String(describing: value))`).
public struct LocalizedStringKey: ExpressibleByStringInterpolation {
    /// The pieces of the text, in order, each with its own content and style, and the
    /// argument of the key it shows (nil for the key's own words).
    var segments: [Segment]
    /// The key as Xcode writes it in a catalog: the words, `%%` for "%", and each
    /// interpolation's specifier (`%@`, `%lld`, `%.1f`).
    var format: String

    /// Creates a key from a string: looked up as it is.
    ///
    /// ```swift
    /// Text(LocalizedStringKey(condition.name))   // "Partly Cloudy", or its translation
    /// ```
    public init(_ value: String) {
        segments = [Segment(source: VerbatimText(string: value), key: KeyPart())]
        format = value.replacingOccurrences(of: "%", with: "%%")
    }

    /// Creates a key from a string literal.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// Creates a key from a string literal with interpolations.
    public init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.segments
        format = stringInterpolation.format
    }

    /// The key's text in the environment's language with every interpolation shown as in the
    /// `environment`: where a plain string is needed, such as a link's title.
    func string(in environment: EnvironmentValues) -> String {
        Text(self).string(in: environment)
    }
}

extension LocalizedStringKey {
    /// The interpolations a key accepts, as SwiftUI's.
    public struct StringInterpolation: StringInterpolationProtocol {
        var segments: [Segment] = []
        /// The key so far (see ``LocalizedStringKey/format``).
        var format = ""
        /// The interpolations so far.
        var arguments = 0

        /// Creates an empty interpolation.
        public init(literalCapacity: Int, interpolationCount: Int) {
            segments.reserveCapacity(2 * interpolationCount + 1)
        }

        /// Appends literal text.
        public mutating func appendLiteral(_ literal: String) {
            guard !literal.isEmpty else { return }
            segments.append(Segment(source: VerbatimText(string: literal), key: KeyPart()))
            format += literal.replacingOccurrences(of: "%", with: "%%")
        }

        /// Appends a string as it is (`%@` in the key).
        public mutating func appendInterpolation(_ string: String) {
            append([Segment(source: VerbatimText(string: string))], specifier: "@")
        }

        /// Appends a number in its C format: `%lld` for integers, `%lf` for `Double`.
        public mutating func appendInterpolation<T: _FormatSpecifiable>(_ value: T) {
            appendInterpolation(value, specifier: T._defaultSpecifier)
        }

        /// Appends a number in a C format such as `"%.1f"`, in the environment's locale.
        ///
        /// ```swift
        /// Text("\(temperature, specifier: "%.1f")°")
        /// ```
        public mutating func appendInterpolation<T: _FormatSpecifiable>(
            _ value: T, specifier: String
        ) {
            let source = SpecifiedText(argument: value._formatArgument, specifier: specifier)
            append([Segment(source: source)], specifier: String(specifier.dropFirst()))
        }

        /// Appends a date in a style, live as `Text(_:style:)`.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            appendInterpolation(Text(date, style: style))
        }

        /// Appends a value formatted by a format style, in the environment's locale.
        ///
        /// ```swift
        /// Text("Boarding at \(date, format: .dateTime.hour().minute())")
        /// ```
        public mutating func appendInterpolation<F: FormatStyle>(
            _ input: F.FormatInput, format: F
        ) where F.FormatOutput == String {
            appendInterpolation(Text(input, format: format))
        }

        /// Appends a timer running over an interval, live as
        /// `Text(timerInterval:pauseTime:countsDown:showsHours:)`.
        public mutating func appendInterpolation(
            timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true,
            showsHours: Bool = true
        ) {
            appendInterpolation(
                Text(
                    timerInterval: timerInterval, pauseTime: pauseTime, countsDown: countsDown,
                    showsHours: showsHours))
        }

        /// Appends a text whole, in its own style (`%@` in the key).
        ///
        /// ```swift
        /// Text("Total: \(Text("42").bold())")
        /// ```
        public mutating func appendInterpolation(_ text: Text) {
            append(text.segments, specifier: "@")
        }

        /// Appends the pieces of the next argument, and its specifier to the key.
        private mutating func append(_ pieces: [Segment], specifier: String) {
            arguments += 1
            format += "%" + specifier
            for var piece in pieces {
                piece.key = KeyPart(argument: arguments)
                segments.append(piece)
            }
        }
    }
}

/// A number interpolated into a key with a C format specifier.
struct SpecifiedText: TextSource {
    let argument: any CVarArg
    let specifier: String

    func resolve(in environment: EnvironmentValues) -> TimedString {
        TimedString(
            string: String(format: specifier, locale: environment.locale, argument),
            nextChange: nil)
    }
}

/// A value that `LocalizedStringKey` interpolates through a C format specifier: the integer
/// and floating-point types.
public protocol _FormatSpecifiable {
    /// The value as a C variadic argument.
    var _formatArgument: CVarArg { get }
    /// The specifier SwiftUI uses for the type: `%lld`, `%llu`, `%lf` or `%f`.
    static var _defaultSpecifier: String { get }
}

extension Int: _FormatSpecifiable {
    /// The value as a 64-bit integer.
    public var _formatArgument: CVarArg { Int64(self) }
    /// `%lld`.
    public static var _defaultSpecifier: String { "%lld" }
}

extension Int8: _FormatSpecifiable {
    /// The value as a 64-bit integer.
    public var _formatArgument: CVarArg { Int64(self) }
    /// `%lld`.
    public static var _defaultSpecifier: String { "%lld" }
}

extension Int16: _FormatSpecifiable {
    /// The value as a 64-bit integer.
    public var _formatArgument: CVarArg { Int64(self) }
    /// `%lld`.
    public static var _defaultSpecifier: String { "%lld" }
}

extension Int32: _FormatSpecifiable {
    /// The value as a 64-bit integer.
    public var _formatArgument: CVarArg { Int64(self) }
    /// `%lld`.
    public static var _defaultSpecifier: String { "%lld" }
}

extension Int64: _FormatSpecifiable {
    /// The value itself.
    public var _formatArgument: CVarArg { self }
    /// `%lld`.
    public static var _defaultSpecifier: String { "%lld" }
}

extension UInt: _FormatSpecifiable {
    /// The value as a 64-bit unsigned integer.
    public var _formatArgument: CVarArg { UInt64(self) }
    /// `%llu`.
    public static var _defaultSpecifier: String { "%llu" }
}

extension UInt8: _FormatSpecifiable {
    /// The value as a 64-bit unsigned integer.
    public var _formatArgument: CVarArg { UInt64(self) }
    /// `%llu`.
    public static var _defaultSpecifier: String { "%llu" }
}

extension UInt16: _FormatSpecifiable {
    /// The value as a 64-bit unsigned integer.
    public var _formatArgument: CVarArg { UInt64(self) }
    /// `%llu`.
    public static var _defaultSpecifier: String { "%llu" }
}

extension UInt32: _FormatSpecifiable {
    /// The value as a 64-bit unsigned integer.
    public var _formatArgument: CVarArg { UInt64(self) }
    /// `%llu`.
    public static var _defaultSpecifier: String { "%llu" }
}

extension UInt64: _FormatSpecifiable {
    /// The value itself.
    public var _formatArgument: CVarArg { self }
    /// `%llu`.
    public static var _defaultSpecifier: String { "%llu" }
}

extension Double: _FormatSpecifiable {
    /// The value itself.
    public var _formatArgument: CVarArg { self }
    /// `%lf`.
    public static var _defaultSpecifier: String { "%lf" }
}

extension Float: _FormatSpecifiable {
    /// The value itself.
    public var _formatArgument: CVarArg { self }
    /// `%f`.
    public static var _defaultSpecifier: String { "%f" }
}

extension CGFloat: _FormatSpecifiable {
    /// The value as a `Double`.
    public var _formatArgument: CVarArg { Double(self) }
    /// `%lf`.
    public static var _defaultSpecifier: String { "%lf" }
}
