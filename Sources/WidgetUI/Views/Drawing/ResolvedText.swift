import Foundation
import Raster

extension GraphicsContext {
    /// Text resolved under the context's environment, to measure before it is drawn.
    ///
    /// ```swift
    /// Canvas { context, size in
    ///     var label = context.resolve(Text("12°").font(.caption))
    ///     label.shading = .color(.orange)
    ///     let width = label.measure(in: size).width
    ///     context.draw(label, at: CGPoint(x: size.width - width, y: 0), anchor: .topLeading)
    /// }
    /// ```
    public struct ResolvedText {
        let text: Text
        let environment: EnvironmentValues
        /// What fills the text where it has no color of its own: the foreground style by
        /// default.
        public var shading: Shading

        /// The size the text takes in a size proposed to it (wrapped to its width).
        public func measure(in size: CGSize) -> CGSize {
            CGSize(
                node(in: Raster.Rect(x: 0, y: 0, width: 0, height: 0))
                    .sizeThatFits(ProposedViewSize(size)))
        }

        /// The text's view under its shading, resolved against the bounds it is drawn in.
        func node(in bounds: Raster.Rect) -> LayoutNode {
            var environment = environment
            environment.foregroundShading = shading.resolved(in: environment, bounds: bounds)
            return text.resolveSingle(in: environment)
        }
    }

    /// Resolves text under this context's environment, to measure it or draw it.
    public func resolve(_ text: Text) -> ResolvedText {
        ResolvedText(text: text, environment: environment, shading: .style(.foreground))
    }

    /// Draws resolved text at a point: its `anchor` unit point goes there.
    public func draw(_ text: ResolvedText, at point: CGPoint, anchor: UnitPoint = .center) {
        let size = text.node(in: Raster.Rect(x: 0, y: 0, width: 0, height: 0))
            .sizeThatFits(.unspecified)
        let origin = Raster.Point(
            x: Double(point.x) - anchor.x * size.width, y: Double(point.y) - anchor.y * size.height)
        let rect = Raster.Rect(origin: origin, size: size)
        draw(text.node(in: rect), in: rect, proposal: .unspecified)
    }

    /// Draws resolved text wrapped to a rectangle, from its top-leading corner.
    public func draw(_ text: ResolvedText, in rect: CGRect) {
        let rect = Raster.Rect(rect)
        let proposal = ProposedViewSize(rect.size)
        let node = text.node(in: rect)
        draw(
            node, in: Raster.Rect(origin: rect.origin, size: node.sizeThatFits(proposal)),
            proposal: proposal)
    }
}
