import Raster
import Testing

@testable import WidgetUI

/// Renders a view on a black canvas of `size` points at `scale` (2 by default, so that
/// anti-aliasing shows in the goldens), with a font database of its own (tests run in
/// parallel, and a database is not shared across threads).
func renderSheet(
    _ view: some View, size: Size, scale: Double = 2,
    environment: EnvironmentValues = EnvironmentValues()
) -> Canvas {
    let canvas = Canvas(
        width: Int((size.width * scale).rounded()), height: Int((size.height * scale).rounded()))
    canvas.clear(.black)
    render(view, size: size, environment: environment, on: canvas, scale: scale)
    return canvas
}
