import CFreeType

/// Glyph outlines as vector paths, for glyphs drawn as shapes rather than as text: icon-font
/// symbols that stretch, rotate or clip like any other shape.
///
/// Technical notes: the glyph loads unscaled and unhinted (`FT_LOAD_NO_SCALE`), so the path is
/// the design itself in font units; `FT_Outline_Decompose` walks its contours as moves, lines,
/// conic (quadratic, TrueType) and cubic (CFF) Bézier segments, which map one to one onto
/// ``Path`` elements. Font units grow upward, paths downward, so y is negated. TrueType and CFF
/// outlines are filled with the non-zero winding rule, which is ``FillRule/nonZero``.
extension FontFace {
    /// The outline of `glyph` at `size` (the em size, in any unit), with the pen's origin on
    /// the baseline at (0, 0) and y growing downward; nil when the face has no outline for it
    /// (a color-bitmap face, a glyph FreeType cannot load).
    ///
    /// A glyph without contours (a space) gives an empty path.
    ///
    /// ```swift
    /// let star = try fonts.face(family: "Material Icons")
    /// if let gid = star.glyphIndex(for: "\u{E838}"), let path = star.outline(glyph: gid, size: 48) {
    ///     canvas.fill(path.applying(Transform(translationX: 10, y: 58)),
    ///                 with: Paint(color: .systemYellow))
    /// }
    /// ```
    public func outline(glyph: UInt32, size: Double) -> Path? {
        guard !isColorBitmap, FT_Load_Glyph(handle, glyph, Self.loadNoScale) == 0,
            let slot = handle.pointee.glyph, slot.pointee.format == FT_GLYPH_FORMAT_OUTLINE
        else { return nil }
        var builder = OutlineBuilder(scale: size / Double(unitsPerEm))
        var funcs = FT_Outline_Funcs(
            move_to: { to, user in
                OutlineBuilder.with(user) {
                    // FreeType's contours are implicitly closed; a path's are not.
                    $0.path.closeSubpath()
                    $0.path.move(to: $0.point(to))
                }
            },
            line_to: { to, user in
                OutlineBuilder.with(user) { $0.path.addLine(to: $0.point(to)) }
            },
            conic_to: { control, to, user in
                OutlineBuilder.with(user) {
                    $0.path.addQuadCurve(to: $0.point(to), control: $0.point(control))
                }
            },
            cubic_to: { c1, c2, to, user in
                OutlineBuilder.with(user) {
                    $0.path.addCurve(
                        to: $0.point(to), control1: $0.point(c1), control2: $0.point(c2))
                }
            },
            shift: 0, delta: 0)
        let error = withUnsafeMutablePointer(to: &builder) { pointer in
            FT_Outline_Decompose(&slot.pointee.outline, &funcs, pointer)
        }
        guard error == 0 else { return nil }
        builder.path.closeSubpath()
        return builder.path
    }
}

/// The state `FT_Outline_Decompose`'s callbacks build a path in.
private struct OutlineBuilder {
    /// Path units per font unit.
    let scale: Double
    var path = Path()

    /// A FreeType point in font units as a path point: scaled, y flipped.
    func point(_ v: UnsafePointer<FT_Vector>?) -> Point {
        guard let v else { return .zero }
        return Point(x: Double(v.pointee.x) * scale, y: -Double(v.pointee.y) * scale)
    }

    /// Runs `body` on the builder behind a callback's user pointer; 0 is FreeType's "go on".
    static func with(
        _ user: UnsafeMutableRawPointer?, _ body: (inout OutlineBuilder) -> Void
    ) -> Int32 {
        guard let user else { return 1 }
        body(&user.assumingMemoryBound(to: OutlineBuilder.self).pointee)
        return 0
    }
}
