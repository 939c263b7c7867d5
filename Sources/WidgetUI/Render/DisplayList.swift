import Raster

/// What a laid-out view tree draws, in order, in points: the seam between WidgetUI and Raster.
///
/// ``DisplayListRecorder`` makes one from a ``PlacedView``; ``draw(on:scale:)`` replays it on a
/// canvas at any scale as vector drawing. Pushes and pops always come in nested pairs.
struct DisplayList: Equatable {
    /// One drawing command, in the root view's coordinates (points).
    enum Item: Equatable {
        /// Fills a path with a paint (non-zero winding).
        case fill(Raster.Path, Shading)
        /// Fills a path with a paint by the even-odd rule (`fill(_:style:)` with `eoFill`).
        case eoFill(Raster.Path, Shading)
        /// Strokes a path's outline with a paint.
        case stroke(Raster.Path, Shading, StrokeStyle)
        /// Draws laid-out text, each run with its own paint.
        case text(TextRun)
        /// Draws a bitmap stretched over a rectangle, filtered bilinearly.
        case image(ImageRun)
        /// Applies an effect to what follows, up to the matching ``pop``.
        case push(PlacedView.Effect)
        /// Ends the innermost ``push(_:)``.
        case pop
    }

    /// The commands, back to front.
    var items: [Item] = []
}

/// How a fill or stroke is colored, resolved from a ``ShapeStyle`` under its environment.
enum Shading: Hashable, Sendable {
    /// One color.
    case color(RGBA)
    /// A gradient, in unit points of the filled view's frame (see ``GradientShading``).
    case gradient(GradientShading)
    /// A shading casting a shadow (``ShapeStyle/shadow(_:)``), drawn with it.
    indirect case shadowed(Shading, ShadowShading)

    /// The Raster paint for this shading; a gradient without a frame of its own resolves
    /// against `bounds`, the bounds of what is drawn.
    func paint(in bounds: Rect) -> Paint {
        switch self {
        case .color(let color): Paint(color: color)
        case .gradient(let gradient): Paint(shader: gradient.shader(fallback: bounds))
        case .shadowed(let base, _): base.paint(in: bounds)
        }
    }

    /// This shading resolved against a view's frame (colors are unchanged).
    func placed(in frame: Rect) -> Shading {
        switch self {
        case .color: self
        case .gradient(let gradient): .gradient(gradient.placed(in: frame))
        case .shadowed(let base, let shadow): .shadowed(base.placed(in: frame), shadow)
        }
    }

    /// This shading with its opacity multiplied by `opacity`.
    func opacity(_ opacity: Float) -> Shading {
        switch self {
        case .color(let color): .color(color.opacity(opacity))
        case .gradient(let gradient): .gradient(gradient.opacity(opacity))
        case .shadowed(let base, let shadow):
            .shadowed(base.opacity(opacity), shadow.opacity(opacity))
        }
    }
}
