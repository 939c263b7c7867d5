import Foundation
import Raster

extension Text {
    /// How a line through or under text is drawn: its pattern and color.
    ///
    /// ```swift
    /// Text("Cancelled").strikethrough(pattern: .dash, color: .red)
    /// ```
    public struct LineStyle: Hashable, Sendable {
        /// The dashes of the line.
        public var pattern: Pattern
        /// The line's color; `nil` for the text's own.
        public var color: Color?

        /// Creates a line style.
        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }

        /// A solid line in the text's color.
        public static let single = LineStyle()

        /// The dashes of a line, in multiples of its thickness.
        public struct Pattern: Hashable, Sendable {
            /// Dash and gap lengths, in line thicknesses; empty for a solid line.
            let lengths: [Double]

            /// A solid line.
            public static let solid = Pattern(lengths: [])
            /// Dots.
            public static let dot = Pattern(lengths: [1, 2])
            /// Dashes.
            public static let dash = Pattern(lengths: [4, 2])
            /// Dashes and dots.
            public static let dashDot = Pattern(lengths: [4, 2, 1, 2])
            /// A dash and two dots.
            public static let dashDotDot = Pattern(lengths: [4, 2, 1, 2, 1, 2])
        }
    }

    /// A change of case for display; see ``View/textCase(_:)``.
    public enum Case: Hashable, Sendable {
        /// Every letter in uppercase.
        case uppercase
        /// Every letter in lowercase.
        case lowercase
    }

    /// This text with a line through it.
    ///
    /// ```swift
    /// Text(departure.destination).strikethrough(departure.isCancelled)
    /// ```
    ///
    /// The line crosses each piece about half an x-height above the baseline (0.26 of the font
    /// size), one seventeenth of the font size thick (1 point for body text).
    public func strikethrough(
        _ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil
    ) -> Text {
        decorated(\.strikethrough, isActive, LineStyle(pattern: pattern, color: color))
    }

    /// This text underlined.
    ///
    /// ```swift
    /// Text("Details").underline(color: .blue)
    /// ```
    ///
    /// The line runs a tenth of the font size under the baseline, as thick as a strikethrough.
    public func underline(
        _ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil
    ) -> Text {
        decorated(\.underline, isActive, LineStyle(pattern: pattern, color: color))
    }

    /// This text with a decoration set, or cleared (`isActive` false), on every piece that
    /// hasn't set it.
    private func decorated(
        _ keyPath: WritableKeyPath<TextAttributes, LineStyle??>, _ isActive: Bool,
        _ style: LineStyle
    ) -> Text {
        var text = self
        for i in text.segments.indices where text.segments[i].attributes[keyPath: keyPath] == nil {
            text.segments[i].attributes[keyPath: keyPath] = .some(isActive ? style : nil)
        }
        return text
    }
}

extension View {
    /// Draws a line through the text in this view.
    ///
    /// ```swift
    /// HStack { Text("12"); Text("Downtown") }.strikethrough(true, color: .red)
    /// ```
    public func strikethrough(
        _ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil
    ) -> some View {
        EnvironmentModifier(content: self) {
            $0.strikethrough = isActive ? Text.LineStyle(pattern: pattern, color: color) : nil
        }
    }

    /// Underlines the text in this view.
    public func underline(
        _ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil
    ) -> some View {
        EnvironmentModifier(content: self) {
            $0.underline = isActive ? Text.LineStyle(pattern: pattern, color: color) : nil
        }
    }

    /// Shows the text in this view in uppercase or lowercase, in the environment's locale;
    /// `nil` shows it as written.
    ///
    /// ```swift
    /// Text(entry.date, format: .dateTime.weekday(.wide))
    ///     .textCase(.uppercase)                       // SATURDAY
    /// ```
    public func textCase(_ textCase: Text.Case?) -> some View {
        EnvironmentModifier(content: self) { $0.textCase = textCase }
    }
}

extension EnvironmentValues {
    /// The case text is shown in (`textCase`); `nil` as written.
    ///
    /// Default: `nil`.
    public var textCase: Text.Case? {
        get { self[TextCaseKey.self] }
        set { self[TextCaseKey.self] = newValue }
    }

    /// A line through every text (`strikethrough` on a view).
    var strikethrough: Text.LineStyle? {
        get { self[StrikethroughKey.self] }
        set { self[StrikethroughKey.self] = newValue }
    }

    /// A line under every text (`underline` on a view).
    var underline: Text.LineStyle? {
        get { self[UnderlineKey.self] }
        set { self[UnderlineKey.self] = newValue }
    }
}

private struct TextCaseKey: EnvironmentKey {
    static let defaultValue: Text.Case? = nil
}

private struct StrikethroughKey: EnvironmentKey {
    static let defaultValue: Text.LineStyle? = nil
}

private struct UnderlineKey: EnvironmentKey {
    static let defaultValue: Text.LineStyle? = nil
}

extension Text.Case {
    /// A string in this case, in a locale's rules.
    func apply(to string: String, locale: Locale) -> String {
        switch self {
        case .uppercase: string.uppercased(with: locale)
        case .lowercase: string.lowercased(with: locale)
        }
    }
}

/// A line drawn with a piece of text: where it runs relative to the baseline, how thick, in
/// what pattern and shading.
struct TextDecoration {
    /// The line's center, as a multiple of the font size below the baseline (negative above).
    var offset: Double
    var pattern: Text.LineStyle.Pattern
    var shading: Shading

    /// Lines a seventeenth of the font size thick: 1 point at the body size.
    static let thickness = 1.0 / 17
    /// A strikethrough's offset: about half the x-height of common faces above the baseline.
    static let strikeOffset = -0.26
    /// An underline's offset: a tenth of the font size under the baseline.
    static let underOffset = 0.1

    /// The stroke of this line under a run of text from `x0` to `x1` at `baseline`, for a
    /// font of `size` points.
    func item(from x0: Double, to x1: Double, baseline: Double, size: Double) -> DisplayList.Item {
        let width = size * Self.thickness
        let y = baseline + offset * size
        var path = Raster.Path()
        path.move(to: Point(x: x0, y: y))
        path.addLine(to: Point(x: x1, y: y))
        return .stroke(
            path, shading.placed(in: Rect(x: x0, y: y - width / 2, width: x1 - x0, height: width)),
            StrokeStyle(lineWidth: width, dash: pattern.lengths.map { $0 * width }))
    }
}
