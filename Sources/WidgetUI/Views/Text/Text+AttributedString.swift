import Foundation

extension AttributeScopes {
    /// The attributes SwiftUI reads from an `AttributedString` in a ``Text``: its font,
    /// foreground color, underline and strikethrough, and Foundation's.
    ///
    /// ```swift
    /// var price = AttributedString("+2.4%")
    /// price.foregroundColor = .green
    /// price.font = .headline
    /// Text("BTC ") + Text(price)
    /// ```
    public struct SwiftUIAttributes: AttributeScope {
        /// A run's font: `string.font = .headline`.
        public let font: FontAttribute
        /// A run's color: `string.foregroundColor = .green`.
        public let foregroundColor: ForegroundColorAttribute
        /// A line under a run: `string.underlineStyle = .single`.
        public let underlineStyle: UnderlineStyleAttribute
        /// A line through a run.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// Foundation's attributes (kept, not drawn).
        public let foundation: AttributeScopes.FoundationAttributes

        /// A run's font.
        public enum FontAttribute: AttributedStringKey {
            /// A ``Font``.
            public typealias Value = Font
            /// The attribute's name.
            public static let name = "SwiftUI.Font"
        }

        /// A run's color.
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// A ``Color``.
            public typealias Value = Color
            /// The attribute's name.
            public static let name = "SwiftUI.ForegroundColor"
        }

        /// A line under a run.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            /// The line's pattern and color.
            public typealias Value = Text.LineStyle
            /// The attribute's name.
            public static let name = "SwiftUI.UnderlineStyle"
        }

        /// A line through a run.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            /// The line's pattern and color.
            public typealias Value = Text.LineStyle
            /// The attribute's name.
            public static let name = "SwiftUI.StrikethroughStyle"
        }
    }

    /// The SwiftUI scope, for `AttributedString(…, including: \.swiftUI)`.
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }
}

extension AttributeDynamicLookup {
    /// `string.foregroundColor = .red` and the other SwiftUI attributes by name.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>
    ) -> T {
        self[T.self]
    }
}

extension Text {
    /// Creates text from an attributed string: each run a piece in the run's font, color,
    /// underline and strikethrough (``AttributeScopes/SwiftUIAttributes``), as if joined
    /// with `+`; what a run doesn't set comes from the view's environment.
    ///
    /// ```swift
    /// var change = AttributedString("▲ 2.4%")
    /// change.foregroundColor = .green
    /// Text(change).font(.caption)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// Other attributes (background color, kerning, tracking, baseline offset, links,
    /// Foundation's presentation intents) are not drawn. Modifiers applied to the `Text`
    /// afterwards style what the runs leave open, as SwiftUI's do.
    @_disfavoredOverload  // a string literal is a key, as in SwiftUI
    public init(_ attributedContent: AttributedString) {
        typealias Scope = AttributeScopes.SwiftUIAttributes
        var pieces: [Segment] = []
        for run in attributedContent.runs {
            var piece = Text(verbatim: String(attributedContent[run.range].characters))
            if let font = run[Scope.FontAttribute.self] { piece = piece.font(font) }
            if let color = run[Scope.ForegroundColorAttribute.self] {
                piece = piece.foregroundColor(color)
            }
            if let line = run[Scope.UnderlineStyleAttribute.self] {
                piece = piece.underline(pattern: line.pattern, color: line.color)
            }
            if let line = run[Scope.StrikethroughStyleAttribute.self] {
                piece = piece.strikethrough(pattern: line.pattern, color: line.color)
            }
            pieces += piece.segments
        }
        self = pieces.isEmpty ? Text(verbatim: "") : Text(segments: pieces)
    }

    /// Text of these pieces.
    private init(segments: [Segment]) {
        self.segments = segments
    }
}
