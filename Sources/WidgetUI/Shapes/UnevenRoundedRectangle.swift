import Foundation
import Raster

/// The radii of a rectangle's four corners, named by the layout's leading and trailing
/// edges (left and right: layout here always runs left to right).
///
/// ```swift
/// RectangleCornerRadii(topLeading: 16, bottomTrailing: 16)
/// ```
public struct RectangleCornerRadii: Hashable, Sendable {
    /// The top left corner's radius.
    public var topLeading: CGFloat
    /// The bottom left corner's radius.
    public var bottomLeading: CGFloat
    /// The bottom right corner's radius.
    public var bottomTrailing: CGFloat
    /// The top right corner's radius.
    public var topTrailing: CGFloat

    /// Corners of these radii; zero leaves a corner square.
    public init(
        topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0,
        topTrailing: CGFloat = 0
    ) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }

    /// The corners as Raster rounds them.
    var sizes: CornerSizes {
        func size(_ radius: CGFloat) -> Size { Size(width: Double(radius), height: Double(radius)) }
        return CornerSizes(
            topLeft: size(topLeading), topRight: size(topTrailing),
            bottomRight: size(bottomTrailing), bottomLeft: size(bottomLeading))
    }
}

/// A rectangle whose corners are rounded each by its own radius, filling its frame.
///
/// ```swift
/// UnevenRoundedRectangle(topLeadingRadius: 20, bottomTrailingRadius: 20)
///     .fill(.orange)
/// ```
///
/// Each radius is clamped to half the rectangle's shorter side.
public struct UnevenRoundedRectangle: Shape {
    /// The four corners' radii.
    public var cornerRadii: RectangleCornerRadii
    /// Circular arcs or continuous curves.
    ///
    /// Default: `.continuous`, as in SwiftUI.
    public var style: RoundedCornerStyle

    /// Creates the rectangle with these corners.
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous) {
        self.cornerRadii = cornerRadii
        self.style = style
    }

    /// Creates the rectangle with these corner radii (zero: square).
    public init(
        topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0,
        bottomTrailingRadius: CGFloat = 0, topTrailingRadius: CGFloat = 0,
        style: RoundedCornerStyle = .continuous
    ) {
        self.init(
            cornerRadii: RectangleCornerRadii(
                topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius,
                bottomTrailing: bottomTrailingRadius, topTrailing: topTrailingRadius),
            style: style)
    }

    /// The frame with its corners rounded.
    public func path(in rect: CGRect) -> Path {
        Path(roundedRect: rect, cornerRadii: cornerRadii, style: style)
    }
}

extension Path {
    /// A path holding a rectangle whose corners are rounded each by its own radius.
    ///
    /// ```swift
    /// Path(roundedRect: rect, cornerRadii: .init(topLeading: 12, topTrailing: 12))
    /// ```
    public init(
        roundedRect rect: CGRect, cornerRadii: RectangleCornerRadii,
        style: RoundedCornerStyle = .continuous
    ) {
        self.init()
        addRoundedRect(in: rect, cornerRadii: cornerRadii, style: style)
    }

    /// Adds a rectangle whose corners are rounded each by its own radius, as a closed subpath.
    public mutating func addRoundedRect(
        in rect: CGRect, cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous
    ) {
        storage.addRoundedRect(in: Rect(rect), corners: cornerRadii.sizes, style: style)
    }
}

extension Shape where Self == UnevenRoundedRectangle {
    /// A rectangle with its own radius at each corner: `.clipShape(.rect(topLeadingRadius: 8))`.
    public static func rect(
        topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0,
        bottomTrailingRadius: CGFloat = 0, topTrailingRadius: CGFloat = 0,
        style: RoundedCornerStyle = .continuous
    ) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(
            topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius,
            bottomTrailingRadius: bottomTrailingRadius, topTrailingRadius: topTrailingRadius,
            style: style)
    }

    /// A rectangle with these corner radii.
    public static func rect(
        cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .continuous
    ) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(cornerRadii: cornerRadii, style: style)
    }
}
