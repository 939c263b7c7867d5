import Raster

/// The shape of the container a view is drawn in: what ``ContainerRelativeShape`` takes the
/// shape of.
///
/// A container is a rounded rectangle: a widget's tile (continuous corners), an accessory
/// widget's circle (a circular corner of half its side). A view inside it at an inset `d` from
/// the container's nearest edge takes the concentric corner radius `max(R − d, 0)`.
///
/// WidgetUI never sets a radius itself: the default is a 0-radius rectangle. The host that
/// draws a widget sets its family's shape for the whole frame:
///
/// ```swift
/// var environment = EnvironmentValues()
/// environment.containerShape = ContainerShape(cornerRadius: 21.67, style: .continuous)
/// render(view, size: Size(width: 170, height: 170), environment: environment,
///        on: canvas, scale: 2)
/// ```
///
/// ## Differences from SwiftUI
///
/// There is no `containerShape(_:)` modifier: the only container is the one the host sets,
/// and only rounded rectangles (and circles) are supported.
public struct ContainerShape: Hashable, Sendable {
    /// The container's frame in the root view's points, or `nil` for the whole frame being
    /// rendered (``render(_:size:environment:fonts:on:scale:)`` fills it in).
    ///
    /// Default: `nil`.
    public var frame: Raster.Rect?
    /// The container's corner radius, in points.
    ///
    /// Default: 0, a rectangle.
    public var cornerRadius: Double
    /// The container's corner style.
    ///
    /// Default: `.continuous`, as widgets. A circular container needs `.circular`.
    public var style: RoundedCornerStyle

    /// Creates a container shape.
    public init(
        frame: Raster.Rect? = nil, cornerRadius: Double = 0, style: RoundedCornerStyle = .continuous
    ) {
        self.frame = frame
        self.cornerRadius = cornerRadius
        self.style = style
    }

    /// The corner radius concentric with the container for a rectangle inside it: the
    /// container's radius less the rectangle's smallest inset from the container's edges,
    /// never negative.
    ///
    /// A rectangle reaching past an edge counts as inset 0 there.
    public func cornerRadius(for rect: Raster.Rect) -> Double {
        guard let frame else { return max(cornerRadius, 0) }
        let inset = min(
            rect.minX - frame.minX, rect.minY - frame.minY, frame.maxX - rect.maxX,
            frame.maxY - rect.maxY)
        return max(cornerRadius - max(inset, 0), 0)
    }

    /// The container's shape for a rectangle inside it: the rectangle with concentric corners.
    public func path(in rect: Raster.Rect) -> Raster.Path {
        Raster.Path(roundedRect: rect, cornerRadius: cornerRadius(for: rect), style: style)
    }
}

extension EnvironmentValues {
    /// The shape of the container views are drawn in, for ``ContainerRelativeShape``.
    ///
    /// Default: a rectangle (radius 0) as large as the rendered frame. The host sets the
    /// widget family's shape here.
    ///
    /// ```swift
    /// environment.containerShape = ContainerShape(cornerRadius: 38, style: .circular)
    /// ```
    public var containerShape: ContainerShape {
        get { self[ContainerShapeKey.self] }
        set { self[ContainerShapeKey.self] = newValue }
    }
}

private struct ContainerShapeKey: EnvironmentKey {
    static let defaultValue = ContainerShape()
}
