import Raster

/// The horizontal or vertical dimension.
///
/// ```swift
/// Text(entry.title).fixedSize(horizontal: true, vertical: false)
/// ```
public enum Axis: Hashable, Sendable, CaseIterable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical

    /// A set of axes, for modifiers such as `fixedSize(horizontal:vertical:)`.
    public struct Set: OptionSet, Hashable, Sendable {
        /// The bits of the set.
        public let rawValue: Int8

        /// Creates a set from its bits.
        public init(rawValue: Int8) { self.rawValue = rawValue }

        /// The horizontal axis.
        public static let horizontal = Set(rawValue: 1)
        /// The vertical axis.
        public static let vertical = Set(rawValue: 2)
    }

    /// The other axis.
    var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

extension Size {
    /// The side along an axis.
    subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// A size from sides along and across an axis.
    init(main: Double, cross: Double, axis: Axis) {
        self =
            axis == .horizontal
            ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
}

extension Point {
    /// The coordinate along an axis.
    subscript(axis: Axis) -> Double {
        get { axis == .horizontal ? x : y }
        set { if axis == .horizontal { x = newValue } else { y = newValue } }
    }
}
