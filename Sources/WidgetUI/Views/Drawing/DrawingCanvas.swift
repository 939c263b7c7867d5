import Foundation
import Raster

/// A view that draws with code: SwiftUI's `Canvas`, which NightstandKit exports under that
/// name (here it is `DrawingCanvas`, as WidgetUI also sees Raster's `Canvas`).
///
/// The view takes the space offered (10 points on a side left unspecified, as a shape) and
/// calls `renderer` once per frame with a ``GraphicsContext`` whose origin is its top-leading
/// corner, and its size. What the renderer draws is recorded and drawn by Raster as the other
/// views are, anti-aliased, at the display's scale, tinted red at night.
///
/// ```swift
/// Canvas { context, size in
///     for (i, value) in entry.samples.enumerated() {
///         let x = size.width * CGFloat(i) / CGFloat(entry.samples.count)
///         let bar = CGRect(x: x, y: size.height * (1 - value), width: 4,
///                          height: size.height * value)
///         context.fill(Path(roundedRect: bar, cornerRadius: 2), with: .color(.green))
///     }
/// }
/// .frame(height: 60)
/// ```
///
/// ## Differences from SwiftUI
///
/// `opaque`, `colorMode` and `rendersAsynchronously` are accepted and change nothing; there
/// are no symbols (the `symbols:` form).
public struct DrawingCanvas: View {
    let renderer: (inout GraphicsContext, CGSize) -> Void

    /// Creates a canvas that draws with `renderer`.
    public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear,
        rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) {
        self.renderer = renderer
    }
}

/// How a canvas's colors are stored; accepted for source compatibility.
public enum ColorRenderingMode: Hashable, Sendable {
    /// sRGB, gamma-encoded.
    case nonLinear
    /// Linear sRGB.
    case linear
    /// Extended linear sRGB.
    case extendedLinear
}

extension DrawingCanvas: PrimitiveView {
    func makeNodes(in environment: EnvironmentValues, into nodes: inout [LayoutNode]) {
        nodes.append(CanvasNode(renderer: renderer, environment: environment))
    }
}

/// Takes the space proposed and draws what its renderer records for its frame.
final class CanvasNode: LayoutNode {
    let renderer: (inout GraphicsContext, CGSize) -> Void
    let environment: EnvironmentValues

    init(
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void,
        environment: EnvironmentValues
    ) {
        self.renderer = renderer
        self.environment = environment
        super.init(kind: "Canvas")
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        Size(proposal.replacingUnspecifiedDimensions())
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        let recorder = DrawingRecorder()
        var context = GraphicsContext(
            recorder: recorder, origin: bounds.origin, environment: environment)
        renderer(&context, CGSize(bounds.size))
        return PlacedView(kind: kind, frame: bounds, drawing: recorder.items)
    }
}
