/// What a ``Canvas`` applies to every drawing call: transform, clip, color transform.
///
/// ``Canvas/save()`` pushes a copy and ``Canvas/restore()`` pops it, as in CoreGraphics.
struct DrawState {
    /// Maps drawing coordinates to canvas pixels.
    var transform: Transform = .identity
    /// Pixels outside this rectangle are never touched (canvas coordinates, within bounds).
    var clipBounds: IntRect
    /// Optional coverage inside ``clipBounds``; nil means fully open.
    var clipMask: ClipMask?
    /// Applied to every paint's source colors.
    var colorTransform: ColorTransform = .identity
}
