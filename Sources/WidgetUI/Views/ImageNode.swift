import Raster

/// The layout node of an ``Image``: a natural size, kept or (when resizable) replaced by the
/// proposal, and a drawing that fills whatever frame the image gets.
final class ImageNode: LayoutNode {
    /// The size when not resizable, and for unspecified sides when resizable.
    let naturalSize: Size
    let isResizable: Bool
    /// The text baseline's distance from the top at the natural size; nil for the bottom edge.
    let baseline: Double?
    let draw: (Rect) -> [DisplayList.Item]

    init(
        naturalSize: Size, isResizable: Bool, baseline: Double?,
        draw: @escaping (Rect) -> [DisplayList.Item]
    ) {
        self.naturalSize = naturalSize
        self.isResizable = isResizable
        self.baseline = baseline
        self.draw = draw
        super.init(kind: "Image")
    }

    override func computeSize(_ proposal: ProposedViewSize) -> Size {
        isResizable ? proposal.filled(by: naturalSize) : naturalSize
    }

    override func place(in bounds: Rect, proposal: ProposedViewSize) -> PlacedView {
        PlacedView(kind: kind, frame: bounds, drawing: draw(bounds))
    }

    /// Text baselines sit where the image's own baseline is, scaled with a resized image.
    override func alignmentGuide(_ alignment: AxisAlignment, in size: Size) -> Double {
        guard case .vertical = alignment, alignment.fraction == nil, let baseline,
            naturalSize.height > 0
        else { return super.alignmentGuide(alignment, in: size) }
        return baseline * size.height / naturalSize.height
    }

    /// The transform that maps the unit square (0…1 both ways) onto `rect`.
    static func unitSquare(to rect: Rect) -> Transform {
        Transform(a: rect.width, b: 0, c: 0, d: rect.height, tx: rect.minX, ty: rect.minY)
    }
}

/// A bitmap stretched over a rectangle (points), for the display list.
struct ImageRun: Equatable {
    /// The decoded picture, shared with the renderer's ``ImageCache``.
    let bitmap: Bitmap
    /// Where the whole bitmap lands, in points.
    let rect: Rect

    static func == (a: ImageRun, b: ImageRun) -> Bool {
        a.bitmap === b.bitmap && a.rect == b.rect
    }
}
