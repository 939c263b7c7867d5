import Foundation
import Raster

/// The size a container offers a child, each side optional.
///
/// A parent proposes, the child chooses its own size, and the parent places it. A `nil` side is
/// "unspecified": the child should use its ideal size there. `0` asks for the minimum and
/// `.infinity` for the maximum, which is how stacks measure a child's flexibility.
///
/// ```swift
/// let proposal = ProposedViewSize(width: 170, height: nil)
/// ```
public struct ProposedViewSize: Hashable, Sendable {
    /// The proposed width in points, or `nil` for the view's ideal width.
    public var width: Double?
    /// The proposed height in points, or `nil` for the view's ideal height.
    public var height: Double?

    /// Creates a proposal from its sides.
    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    /// Proposes a concrete size.
    public init(_ size: CGSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }

    /// Proposes a size laid out in points.
    init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// Both sides zero: asks for the minimum size.
    public static let zero = ProposedViewSize(width: 0, height: 0)
    /// Both sides infinite: asks for the maximum size.
    public static let infinity = ProposedViewSize(width: .infinity, height: .infinity)
    /// Both sides unspecified: asks for the ideal size.
    public static let unspecified = ProposedViewSize(width: nil, height: nil)

    /// This proposal with unspecified sides filled from `size`.
    ///
    /// Default: 10 × 10, SwiftUI's fallback for views without an ideal size (colors, shapes).
    public func replacingUnspecifiedDimensions(
        by size: CGSize = CGSize(width: 10, height: 10)
    ) -> CGSize {
        CGSize(width: width ?? Double(size.width), height: height ?? Double(size.height))
    }

    /// This proposal with unspecified sides filled from `size`, in layout's terms (10 × 10 by
    /// default, as ``replacingUnspecifiedDimensions(by:)``).
    func filled(by size: Size = Size(width: 10, height: 10)) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }
}

extension ProposedViewSize {
    /// The side along an axis.
    subscript(axis: Axis) -> Double? {
        get { axis == .horizontal ? width : height }
        set { if axis == .horizontal { width = newValue } else { height = newValue } }
    }

    /// This proposal with its unspecified sides set to the sides of `size`.
    ///
    /// A container placed at the size it chose for an unspecified side (under `fixedSize`)
    /// proposes that size to its children: a `Color` or a view with `maxHeight: .infinity` in a
    /// fixed-size `HStack` grows to the stack's height, SwiftUI's equal-heights idiom.
    func specified(by size: Size) -> ProposedViewSize {
        ProposedViewSize(width: width ?? size.width, height: height ?? size.height)
    }

    /// A proposal from sides along and across an axis.
    init(main: Double?, cross: Double?, axis: Axis) {
        self =
            axis == .horizontal
            ? ProposedViewSize(width: main, height: cross)
            : ProposedViewSize(width: cross, height: main)
    }
}
