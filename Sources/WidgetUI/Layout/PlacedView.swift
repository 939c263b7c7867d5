import Raster

/// A node after layout: its frame in absolute points, what it draws, and its children.
///
/// This is the boundary between layout and rendering. ``DisplayListRecorder`` walks it in order
/// (a node's effect wraps its own drawing and its children; drawing comes before children), and
/// tests read frames from it.
struct PlacedView {
    /// What the node is ("Color", "HStack", "padding", …).
    var kind: String
    /// The node's frame in points, in the root's coordinate space.
    var frame: Rect
    /// What the node draws, in the root's coordinates, before its children.
    var drawing: [DisplayList.Item] = []
    /// An effect around the drawing and the children (opacity, clip, transform, color), if any.
    var effect: Effect? = nil
    /// The children, back to front.
    var children: [PlacedView] = []
    /// What the accessibility modifiers said about this subtree, if any.
    var accessibility: AccessibilityInfo? = nil

    /// An effect that applies to a whole subtree.
    enum Effect: Equatable {
        /// Draws the subtree in a layer composited at this opacity, 0…1.
        case opacity(Double)
        /// Clips the subtree to the inside of a path (anti-aliased), by a fill rule.
        case clip(Raster.Path, FillRule = .nonZero)
        /// Draws the subtree through an affine transform, applied before the current one
        /// (points of the root's coordinate space in, points out).
        case transform(Transform)
        /// Paints the subtree through a color transform, replacing the current one (the
        /// rendering modes: the accent group and the rest get different ones).
        case colorTransform(ColorTransform)
        /// Draws the subtree over its drop shadow: its coverage blurred (a Gaussian of
        /// deviation `radius / 2` points), moved by `offset` points, in `color`.
        case shadow(color: RGBA, radius: Double, offset: Point)
        /// Draws the subtree blurred: a Gaussian of standard deviation `radius` points over
        /// every channel.
        case blur(radius: Double)
    }

    /// The nodes without children, depth first, back to front: the primitives as laid out.
    var leaves: [PlacedView] {
        children.isEmpty ? [self] : children.flatMap(\.leaves)
    }

    /// Every node of a kind, depth first.
    func all(_ kind: String) -> [PlacedView] {
        (self.kind == kind ? [self] : []) + children.flatMap { $0.all(kind) }
    }
}
