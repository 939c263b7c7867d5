import FoundationEssentials
import Glibc

/// An affine transform mapping (x, y) to (a·x + c·y + tx, b·x + d·y + ty).
///
/// The layout of the six coefficients is CoreGraphics' `CGAffineTransform`. Raster applies a
/// transform to path points before scan conversion, so scaled drawing is vector drawing: a
/// 170-point widget drawn at scale 3.5 is as crisp as one laid out at 595 points.
public struct Transform: Hashable, Sendable {
    /// x scale / rotation coefficient.
    public var a: Double
    /// y shear / rotation coefficient of x.
    public var b: Double
    /// x shear / rotation coefficient of y.
    public var c: Double
    /// y scale / rotation coefficient.
    public var d: Double
    /// x translation.
    public var tx: Double
    /// y translation.
    public var ty: Double

    /// Creates a transform from its coefficients.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// The transform that changes nothing.
    public static let identity = Transform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A translation.
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A scale about the origin.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A rotation about the origin by `radians`, clockwise on screen (y grows downward).
    public init(rotation radians: Double) {
        let (s, co) = (sin(radians), cos(radians))
        self.init(a: co, b: s, c: -s, d: co, tx: 0, ty: 0)
    }

    /// `self` followed by `next`: the point is mapped by `self` first.
    public func concatenating(_ next: Transform) -> Transform {
        Transform(
            a: a * next.a + b * next.c, b: a * next.b + b * next.d,
            c: c * next.a + d * next.c, d: c * next.b + d * next.d,
            tx: tx * next.a + ty * next.c + next.tx, ty: tx * next.b + ty * next.d + next.ty)
    }

    /// This transform preceded by a translation (the translation is applied first).
    public func translatedBy(x: Double, y: Double) -> Transform {
        Transform(translationX: x, y: y).concatenating(self)
    }

    /// This transform preceded by a scale (the scale is applied first).
    public func scaledBy(x: Double, y: Double) -> Transform {
        Transform(scaleX: x, y: y).concatenating(self)
    }

    /// This transform preceded by a rotation (the rotation is applied first).
    public func rotated(by radians: Double) -> Transform {
        Transform(rotation: radians).concatenating(self)
    }

    /// The inverse, or nil when the transform collapses the plane (determinant 0).
    public var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return Transform(
            a: ia, b: ib, c: ic, d: id, tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
    }

    /// Whether the transform only translates.
    public var isTranslate: Bool { a == 1 && b == 0 && c == 0 && d == 1 }

    /// Whether the transform only scales (one positive factor on both axes) and translates.
    ///
    /// No rotation, shear, flip or stretch: text through such a transform draws upright glyphs
    /// rendered at a pixel size; through any other, glyphs are filled as outlines.
    public var isUniformScaleAndTranslate: Bool { b == 0 && c == 0 && a == d && a > 0 }

    /// The factor by which lengths grow on average (the square root of |det|); stroke widths and
    /// flattening tolerances use it.
    public var meanScale: Double { abs(a * d - b * c).squareRoot() }

    /// Maps a point.
    @inlinable
    public func apply(_ p: Point) -> Point {
        Point(x: a * p.x + c * p.y + tx, y: b * p.x + d * p.y + ty)
    }

    /// Maps a rectangle and returns the bounds of the result.
    public func apply(_ r: Rect) -> Rect {
        let ps = [
            apply(Point(x: r.minX, y: r.minY)), apply(Point(x: r.maxX, y: r.minY)),
            apply(Point(x: r.minX, y: r.maxY)), apply(Point(x: r.maxX, y: r.maxY)),
        ]
        let xs = ps.map(\.x)
        let ys = ps.map(\.y)
        let x0 = xs.min() ?? 0
        let y0 = ys.min() ?? 0
        return Rect(x: x0, y: y0, width: (xs.max() ?? 0) - x0, height: (ys.max() ?? 0) - y0)
    }
}
