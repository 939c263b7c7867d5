import Raster

extension LeafNode {
    /// A leaf that takes the space proposed (10 points for an unspecified side) and fills it:
    /// a ``Color`` or a gradient used as a view.
    ///
    /// A gradient resolves its unit points against the leaf's frame.
    static func filling(kind: String, with shading: Shading) -> LeafNode {
        LeafNode(kind: kind) { proposal in
            proposal.replacingUnspecifiedDimensions()
        } draw: { bounds in
            [.fill(Path(bounds), shading.placed(in: bounds))]
        }
    }
}
