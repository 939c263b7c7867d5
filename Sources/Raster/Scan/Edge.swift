import CPixelFill

/// One line segment for the scan converter, oriented top to bottom.
///
/// In canvas pixels relative to the fill's left clip column: `x0, y0` to `x1, y1` (`y0` <
/// `y1`) and the winding `direction`, +1 where the original segment ran downward, −1 upward.
/// The C struct, so that `pixel_accumulate` reads the edge list in place.
typealias Edge = pixel_edge

extension Edge {
    /// Adds the segment (a → b) to `edges`, clipped in x to 0…width.
    ///
    /// Left of column 0 a segment still matters (it covers everything to its right), so the
    /// part there is replaced by a vertical segment on x = 0 with the same y extent; right of
    /// `width` nothing visible depends on it, so it becomes vertical on x = width. Horizontal
    /// segments contribute no area and are dropped.
    static func append(
        _ a: Point, _ b: Point, originX: Double, width: Double, to edges: inout [Edge]
    ) {
        var ax = a.x - originX
        var bx = b.x - originX
        let ay = a.y
        let by = b.y
        guard ay != by else { return }
        if ax >= 0, bx >= 0, ax <= width, bx <= width {
            // The common case: wholly inside, no split.
            edges.append(
                ay < by
                    ? Edge(x0: Float(ax), y0: Float(ay), x1: Float(bx), y1: Float(by), direction: 1)
                    : Edge(
                        x0: Float(bx), y0: Float(by), x1: Float(ax), y1: Float(ay), direction: -1))
            return
        }
        // Split at the crossings with x = 0 and x = width.
        var pieces: [(Double, Double, Double, Double)] = []
        var ts: [Double] = []
        for bound in [0.0, width] where (ax < bound) != (bx < bound) && ax != bx {
            ts.append((bound - ax) / (bx - ax))
        }
        ts.sort()
        var t0 = 0.0
        for t1 in ts + [1.0] where t1 > t0 {
            let px0 = ax + (bx - ax) * t0
            let py0 = ay + (by - ay) * t0
            let px1 = ax + (bx - ax) * t1
            let py1 = ay + (by - ay) * t1
            pieces.append((px0, py0, px1, py1))
            t0 = t1
        }
        for (px0, py0, px1, py1) in pieces {
            // A piece lies wholly on one side of each bound, so clamping both ends moves an
            // outside piece onto the bound without changing the inside ones.
            ax = min(max(px0, 0), width)
            bx = min(max(px1, 0), width)
            if py0 < py1 {
                edges.append(
                    Edge(x0: Float(ax), y0: Float(py0), x1: Float(bx), y1: Float(py1), direction: 1)
                )
            } else if py0 > py1 {
                edges.append(
                    Edge(
                        x0: Float(bx), y0: Float(py1), x1: Float(ax), y1: Float(py0), direction: -1)
                )
            }
        }
    }
}
