import Foundation
import Raster

/// Lays out a view in a size and draws it on a canvas, as vector drawing at a scale.
///
/// This is how the host draws a widget into its slot, and how tests render views: the view is
/// resolved under `environment` (its `displayScale` is set to `scale`), proposed `size` in points
/// and centered in it, and drawn with its top-left corner at the canvas's current origin,
/// `scale` pixels per point. Nothing is cleared first; the canvas's transform and clip apply.
/// Pass the renderer's `fonts` so that faces and glyphs are loaded once, not per frame.
///
/// ```swift
/// let canvas = Canvas(width: 340, height: 340)
/// canvas.clear(.black)
/// render(MyWidgetView(entry: entry), size: Size(width: 170, height: 170),
///        environment: EnvironmentValues(), fonts: fonts, on: canvas, scale: 2)
/// ```
@discardableResult
public func render(
    _ view: some View, size: Size, environment: EnvironmentValues = EnvironmentValues(),
    fonts: FontDatabase? = nil, now: Date = Date(), on canvas: Canvas, scale: Double
) -> RenderReport {
    var environment = environment
    environment.displayScale = scale
    if let fonts { environment.fontDatabase = fonts }
    let placed = RootLayout.layout(view, size: size, environment: environment)
    DisplayListRecorder.record(placed).draw(on: canvas, scale: scale)
    return RenderReport(nextChange: nil)
}

/// What a render learned about a frame besides its pixels.
public struct RenderReport: Hashable, Sendable {
    /// The earliest instant after `now` at which anything drawn would look different, or nil.
    public var nextChange: Date?

    /// Creates a report.
    public init(nextChange: Date?) {
        self.nextChange = nextChange
    }
}
