import Raster
import Testing

@testable import WidgetUI

/// Lays out a view in a size (points) under the default environment.
func layout(
    _ view: some View, in size: Size, environment: EnvironmentValues = EnvironmentValues()
) -> PlacedView {
    RootLayout.layout(view, size: size, environment: environment)
}

/// The frames of the placed primitives, back to front, as `(kind, rect)`.
func leafFrames(_ placed: PlacedView) -> [(String, Rect)] {
    placed.leaves.map { ($0.kind, $0.frame) }
}

/// A rectangle from numbers, for readable expectations.
func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}
