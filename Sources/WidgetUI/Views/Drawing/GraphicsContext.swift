import Foundation
import Raster

/// What a ``DrawingCanvas`` (`Canvas` in NightstandKit) draws with: paths filled and stroked,
/// text and images, under a transform, an opacity and clips of its own.
///
/// ```swift
/// Canvas { context, size in
///     let bar = Path(roundedRect: CGRect(x: 0, y: 0, width: size.width, height: 8),
///                    cornerRadius: 4)
///     context.fill(bar, with: .color(.gray.opacity(0.3)))
///     context.opacity = 0.8
///     context.translateBy(x: 0, y: 12)
///     context.stroke(Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 20)),
///                    with: .color(.orange), lineWidth: 3)
///     context.draw(Text("72°"), at: CGPoint(x: size.width / 2, y: 40))
/// }
/// ```
///
/// A context is a value: a copy has its own transform, opacity and clip and draws into the
/// same canvas, as in SwiftUI. Drawing goes through Raster as a view's shapes and text do,
/// with the same anti-aliasing.
///
/// ## Differences from SwiftUI
///
/// There are no blend modes, filters, layers drawn with `drawLayer`, symbols or resolved
/// images; `Shading` has colors, gradients and `ShapeStyle`s.
public struct GraphicsContext {
    /// Where the drawing commands go, shared by the context's copies.
    let recorder: DrawingRecorder
    /// Maps this context's coordinates to the root view's points.
    var ctm: Raster.Transform
    /// Clip paths, in the root view's points, each with its fill rule.
    var clips: [(path: Raster.Path, rule: FillRule)] = []

    /// The environment of the canvas view: fonts, colors, the widget's family.
    public let environment: EnvironmentValues

    /// The opacity of what is drawn next, 0…1, multiplied into every shading.
    ///
    /// Default: 1.
    public var opacity: Double = 1

    init(recorder: DrawingRecorder, origin: Raster.Point, environment: EnvironmentValues) {
        self.recorder = recorder
        self.ctm = Raster.Transform(translationX: origin.x, y: origin.y)
        self.environment = environment
    }

    /// Moves the origin of what is drawn next.
    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        ctm = ctm.translatedBy(x: Double(x), y: Double(y))
    }

    /// Scales what is drawn next about the origin.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) {
        ctm = ctm.scaledBy(x: Double(x), y: Double(y))
    }

    /// Rotates what is drawn next about the origin, clockwise on screen.
    public mutating func rotate(by angle: Angle) {
        ctm = ctm.rotated(by: angle.radians)
    }

    /// Narrows what is drawn next to the inside of a path, with anti-aliased edges.
    public mutating func clip(to path: Path, style: FillStyle = FillStyle()) {
        clips.append((path.storage.applying(ctm), style.rule))
    }

    /// Fills a path.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        let resolved = shading.resolved(in: environment, bounds: path.storage.boundingRect)
            .opacity(Float(opacity))
        record(style.isEOFilled ? .eoFill(path.storage, resolved) : .fill(path.storage, resolved))
    }

    /// Strokes a path's outline with a line width.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes a path's outline in a stroke style (caps, joins, dashes).
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        let resolved = shading.resolved(in: environment, bounds: path.storage.boundingRect)
            .opacity(Float(opacity))
        record(.stroke(path.storage, resolved, style))
    }

    /// Draws text at a point: the text's `anchor` unit point goes there (its center by
    /// default), on one line per paragraph.
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        let node = text.resolveSingle(in: environment)
        let size = node.sizeThatFits(.unspecified)
        let origin = Raster.Point(
            x: Double(point.x) - anchor.x * size.width, y: Double(point.y) - anchor.y * size.height)
        draw(node, in: Raster.Rect(origin: origin, size: size), proposal: .unspecified)
    }

    /// Draws text wrapped to a rectangle, from its top-leading corner.
    public func draw(_ text: Text, in rect: CGRect) {
        let rect = Raster.Rect(rect)
        let node = text.resolveSingle(in: environment)
        let proposal = ProposedViewSize(rect.size)
        let size = node.sizeThatFits(proposal)
        draw(node, in: Raster.Rect(origin: rect.origin, size: size), proposal: proposal)
    }

    /// Draws an image stretched over a rectangle.
    public func draw(_ image: Image, in rect: CGRect) {
        let rect = Raster.Rect(rect)
        draw(
            image.resizable().resolveSingle(in: environment), in: rect,
            proposal: ProposedViewSize(rect.size))
    }

    /// Places a resolved view in a rectangle of this context's coordinates and records what
    /// it draws.
    func draw(_ node: LayoutNode, in rect: Raster.Rect, proposal: ProposedViewSize) {
        let placed = node.place(in: rect, proposal: proposal)
        let items = DisplayListRecorder.record(placed).items
        guard !items.isEmpty else { return }
        record(items, layered: opacity < 1)
    }

    /// Records one item under this context's transform, clips and (for a layer) opacity.
    private func record(_ item: DisplayList.Item) {
        record([item], layered: false)
    }

    private func record(_ items: [DisplayList.Item], layered: Bool) {
        var effects: [PlacedView.Effect] = clips.map { .clip($0.path, $0.rule) }
        if layered { effects.append(.opacity(max(0, min(opacity, 1)))) }
        effects.append(.transform(ctm))
        for effect in effects { recorder.items.append(.push(effect)) }
        recorder.items += items
        for _ in effects { recorder.items.append(.pop) }
    }
}

/// The drawing commands of one canvas, in the root's points.
final class DrawingRecorder {
    var items: [DisplayList.Item] = []
}

extension GraphicsContext {
    /// How a fill or stroke is colored.
    public struct Shading {
        let resolve: (EnvironmentValues) -> WidgetUI.Shading

        /// A color.
        public static func color(_ color: Color) -> Shading {
            Shading { _ in .color(color.rgba) }
        }

        /// A shape style (a color, a gradient, the foreground style…), as views resolve it.
        public static func style<S: ShapeStyle>(_ style: S) -> Shading {
            Shading { style.resolvedShading(in: $0) }
        }

        /// The environment's foreground style.
        public static var foreground: Shading {
            Shading { $0.foregroundShading }
        }

        /// A linear gradient between two points of the context.
        public static func linearGradient(
            _ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint
        ) -> Shading {
            absolute(gradient, .linear(start: UnitPoint(startPoint), end: UnitPoint(endPoint)))
        }

        /// A radial gradient around a point of the context, between two radii.
        public static func radialGradient(
            _ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat
        ) -> Shading {
            absolute(
                gradient,
                .radial(
                    center: UnitPoint(center), startRadius: Double(startRadius),
                    endRadius: Double(endRadius)))
        }

        /// A conic gradient around a point of the context, from an angle.
        public static func conicGradient(
            _ gradient: Gradient, center: CGPoint, angle: Angle = .zero
        ) -> Shading {
            absolute(
                gradient,
                .angular(
                    center: UnitPoint(center), startAngle: angle.radians,
                    endAngle: angle.radians + 2 * .pi))
        }

        /// A gradient whose unit points are the context's points: resolved against a unit
        /// frame at the origin.
        private static func absolute(
            _ gradient: Gradient, _ geometry: GradientShading.Geometry
        ) -> Shading {
            let shading = GradientShading(
                stops: gradient.rasterStops, geometry: geometry,
                frame: Raster.Rect(x: 0, y: 0, width: 1, height: 1))
            return Shading { _ in .gradient(shading) }
        }

        /// The shading under an environment; a style's gradient without a frame of its own
        /// resolves against `bounds`, the bounds of what is drawn.
        func resolved(in environment: EnvironmentValues, bounds: Raster.Rect) -> WidgetUI.Shading {
            resolve(environment).placed(in: bounds)
        }
    }
}

extension UnitPoint {
    /// A point used as a unit point (for gradients in a unit frame).
    fileprivate init(_ point: CGPoint) {
        self.init(x: Double(point.x), y: Double(point.y))
    }
}
