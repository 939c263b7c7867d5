/// One side of a rectangle.
///
/// ```swift
/// Text("Hi").padding(.horizontal, 12)
/// ```
public enum Edge: Int8, Hashable, Sendable, CaseIterable {
    /// The top side.
    case top
    /// The left side.
    case leading
    /// The bottom side.
    case bottom
    /// The right side.
    case trailing

    /// A set of sides, for modifiers such as `padding(_:_:)`.
    public struct Set: OptionSet, Hashable, Sendable {
        /// The bits of the set.
        public let rawValue: Int8

        /// Creates a set from its bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }

        /// A set of one side.
        public init(_ edge: Edge) { self.init(rawValue: 1 << edge.rawValue) }

        /// The top side.
        public static let top = Set(.top)
        /// The left side.
        public static let leading = Set(.leading)
        /// The bottom side.
        public static let bottom = Set(.bottom)
        /// The right side.
        public static let trailing = Set(.trailing)
        /// Left and right.
        public static let horizontal: Set = [.leading, .trailing]
        /// Top and bottom.
        public static let vertical: Set = [.top, .bottom]
        /// All four sides.
        public static let all: Set = [.horizontal, .vertical]
    }
}
