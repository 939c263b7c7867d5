extension TextLayout {
    /// What shapes a layout besides the text and font.
    public struct Options: Hashable, Sendable {
        /// The width to wrap at, in the layout's unit; nil keeps each paragraph on one line.
        ///
        /// Default: nil.
        public var maxWidth: Double?
        /// The most lines shown; text beyond is cut and the last line ends in "…".
        ///
        /// Default: nil (no limit).
        public var lineLimit: Int?
        /// How lines align within the widest line.
        ///
        /// Default: ``Alignment/leading``.
        public var alignment: Alignment
        /// Whether every digit takes the widest digit's advance (SwiftUI's `monospacedDigit()`),
        /// in every run; a ``Run`` may also ask for it alone.
        ///
        /// Numbers then keep their width as they change. Default: false.
        public var monospacedDigits: Bool
        /// Whether adjacent glyphs of a run are kerned (``FontFace/kerning(_:_:size:)``: the
        /// font's `GPOS` pair adjustments or `kern` table).
        ///
        /// Default: true.
        public var kerning: Bool
        /// Extra space between lines.
        ///
        /// Default: 0.
        public var lineSpacing: Double
        /// Extra advance after every character, as a fraction of its run's em size; negative
        /// tightens (SwiftUI's `allowsTightening`, `tracking`).
        ///
        /// Default: 0.
        public var tracking: Double
        /// Where text the line limit cuts loses characters for the ellipsis.
        ///
        /// Default: ``TruncationMode/tail``.
        public var truncationMode: TruncationMode

        /// Creates options; every argument has the default named on its property.
        public init(
            maxWidth: Double? = nil, lineLimit: Int? = nil, alignment: Alignment = .leading,
            monospacedDigits: Bool = false, kerning: Bool = true, lineSpacing: Double = 0,
            tracking: Double = 0, truncationMode: TruncationMode = .tail
        ) {
            self.maxWidth = maxWidth
            self.lineLimit = lineLimit
            self.alignment = alignment
            self.monospacedDigits = monospacedDigits
            self.kerning = kerning
            self.lineSpacing = lineSpacing
            self.tracking = tracking
            self.truncationMode = truncationMode
        }
    }

    /// Where a cut line loses characters: its end ("Dentist appoint…"), its start
    /// ("…at the new place") or its middle ("Dentist…new place").
    public enum TruncationMode: Hashable, Sendable {
        /// The start of the cut line's paragraph is replaced by the ellipsis.
        case head
        /// The middle is replaced: the start and end that fit around the ellipsis stay.
        case middle
        /// The end is replaced. Default.
        case tail
    }
}
