/// Where a child sits inside its container, horizontally and vertically.
///
/// ```swift
/// ZStack(alignment: .bottomTrailing) {
///     Color.blue
///     Text("72°").padding(8)
/// }
/// ```
public struct Alignment: Hashable, Sendable {
    /// The horizontal part.
    public var horizontal: HorizontalAlignment
    /// The vertical part.
    public var vertical: VerticalAlignment

    /// Creates an alignment from its parts.
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    /// Centered both ways.
    public static let center = Alignment(horizontal: .center, vertical: .center)
    /// Left edge, centered vertically.
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    /// Right edge, centered vertically.
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    /// Top edge, centered horizontally.
    public static let top = Alignment(horizontal: .center, vertical: .top)
    /// Bottom edge, centered horizontally.
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    /// Top-left corner.
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    /// Top-right corner.
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    /// Bottom-left corner.
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    /// Bottom-right corner.
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)
}

/// A horizontal alignment guide: where children of a `VStack` or a frame line up.
///
/// ```swift
/// VStack(alignment: .leading) { Text("Mon"); Text("Tuesday") }
/// ```
///
/// ## Differences from SwiftUI
///
/// Only the built-in guides exist; custom `AlignmentID`s and `alignmentGuide(_:computeValue:)`
/// are not supported yet.
public struct HorizontalAlignment: Hashable, Sendable {
    /// The guide's position as a fraction of the view's width.
    let fraction: Double

    /// The left edge.
    public static let leading = HorizontalAlignment(fraction: 0)
    /// The middle.
    public static let center = HorizontalAlignment(fraction: 0.5)
    /// The right edge.
    public static let trailing = HorizontalAlignment(fraction: 1)
}

/// A vertical alignment guide: where children of an `HStack` or a frame line up.
///
/// ```swift
/// HStack(alignment: .firstTextBaseline) { Text("72").font(.largeTitle); Text("°F") }
/// ```
///
/// ## Differences from SwiftUI
///
/// Only the built-in guides exist; custom `AlignmentID`s are not supported yet.
public struct VerticalAlignment: Hashable, Sendable {
    enum Guide: Hashable, Sendable {
        case fraction(Double)
        case firstTextBaseline
        case lastTextBaseline
    }

    let guide: Guide

    /// The top edge.
    public static let top = VerticalAlignment(guide: .fraction(0))
    /// The middle.
    public static let center = VerticalAlignment(guide: .fraction(0.5))
    /// The bottom edge.
    public static let bottom = VerticalAlignment(guide: .fraction(1))
    /// The baseline of the first line of text; the bottom edge of views without text.
    public static let firstTextBaseline = VerticalAlignment(guide: .firstTextBaseline)
    /// The baseline of the last line of text; the bottom edge of views without text.
    public static let lastTextBaseline = VerticalAlignment(guide: .lastTextBaseline)
}

/// An alignment along one axis, as the stack and frame algorithms see it.
enum AxisAlignment: Hashable {
    case horizontal(HorizontalAlignment)
    case vertical(VerticalAlignment)

    /// The part of an ``Alignment`` along an axis.
    init(_ alignment: Alignment, along axis: Axis) {
        self =
            axis == .horizontal
            ? .horizontal(alignment.horizontal) : .vertical(alignment.vertical)
    }

    /// The fraction of the extent where the guide sits, when it doesn't depend on content.
    var fraction: Double? {
        switch self {
        case .horizontal(let h): h.fraction
        case .vertical(let v):
            if case .fraction(let f) = v.guide { f } else { nil }
        }
    }
}
