import Foundation
import Raster

/// A 2D outline that draws as a view, filled with the foreground style by default.
///
/// Write a shape by returning its path in a rectangle; WidgetUI gives it the frame it was laid
/// out in. As a view, a shape takes whatever size is proposed.
///
/// ```swift
/// struct Diamond: Shape {
///     func path(in rect: CGRect) -> Path {
///         Path { p in
///             p.move(to: CGPoint(x: rect.midX, y: rect.minY))
///             p.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
///             p.addLine(to: CGPoint(x: rect.midX, y: rect.maxY))
///             p.addLine(to: CGPoint(x: rect.minX, y: rect.midY))
///             p.closeSubpath()
///         }
///     }
/// }
///
/// Diamond().fill(.yellow).frame(width: 20, height: 20)
/// ```
public protocol Shape: Animatable, View {
    /// The outline of this shape in a rectangle, in the rectangle's coordinates.
    func path(in rect: CGRect) -> Path

    /// The size this shape takes for a proposal. Default: the proposal, 10 points for an
    /// unspecified side.
    func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize
}

extension Shape {
    /// Takes the proposal, 10 points for an unspecified side.
    public func sizeThatFits(_ proposal: ProposedViewSize) -> CGSize {
        proposal.replacingUnspecifiedDimensions()
    }

    /// The outline in a frame laid out in points, as Raster draws it.
    func outline(in rect: Rect) -> Raster.Path {
        path(in: CGRect(rect)).storage
    }

    /// The shape filled with the foreground style.
    public var body: _ShapeView<Self, ForegroundStyle> {
        _ShapeView(shape: self, style: ForegroundStyle())
    }

    /// Fills the shape with a style (the foreground style by default).
    ///
    /// ```swift
    /// Circle().fill(.orange)
    /// ```
    public func fill<S: ShapeStyle>(_ content: S = .foreground) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content)
    }

    /// Fills the shape with a style by a fill rule: `FillStyle(eoFill: true)` leaves holes
    /// where the outline winds an even number of times.
    ///
    /// ```swift
    /// RingShape().fill(.orange, style: FillStyle(eoFill: true))
    /// ```
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle)
        -> _ShapeView<Self, S>
    {
        _ShapeView(shape: self, style: content, isEOFilled: style.isEOFilled)
    }

    /// Strokes the shape's outline, centered on it, with a line width.
    ///
    /// ```swift
    /// Circle().stroke(.blue, lineWidth: 4)
    /// ```
    ///
    /// ## Differences from SwiftUI
    ///
    /// The result is a view, not a shape: it can't be filled again. A filled shape can be
    /// stroked over its fill, as in iOS 17: `Circle().fill(.red).stroke(.white)`.
    public func stroke<S: ShapeStyle>(_ content: S = .foreground, lineWidth: Double = 1)
        -> _ShapeView<Self, S>
    {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes the shape's outline with a stroke style: width, caps, joins, dashes.
    ///
    /// ```swift
    /// Capsule().stroke(.gray, style: StrokeStyle(lineWidth: 2, dash: [4, 2]))
    /// ```
    public func stroke<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle)
        -> _ShapeView<Self, S>
    {
        _ShapeView(shape: self, style: content, strokeStyle: style)
    }
}

/// A shape drawn as a view: filled or stroked with a style.
///
/// You get one from a shape's `body`, `fill(_:)` or `stroke(_:lineWidth:)`.
public struct _ShapeView<Content: Shape, Style: ShapeStyle>: View {
    /// The shape.
    public var shape: Content
    /// What it is filled or stroked with.
    public var style: Style
    var strokeStyle: StrokeStyle?
    var isEOFilled = false

    init(shape: Content, style: Style, strokeStyle: StrokeStyle? = nil, isEOFilled: Bool = false) {
        self.shape = shape
        self.style = style
        self.strokeStyle = strokeStyle
        self.isEOFilled = isEOFilled
    }
}

extension _ShapeView: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(
            ShapeNode(
                kind: "\(Content.self)", shape: shape.resolved(in: environment),
                shading: style.resolvedShading(in: environment), strokeStyle: strokeStyle,
                isEOFilled: isEOFilled))
    }
}
