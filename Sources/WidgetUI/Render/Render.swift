import Foundation
import Raster

/// Lays out a view in a size and draws it on a canvas as it looks at an instant, as vector
/// drawing at a scale; reports when it next looks different.
///
/// This is how the host draws a widget into its slot, and how tests render views: the view is
/// resolved under `environment` (its `displayScale` is set to `scale`), proposed `size` in points
/// and centered in it, and drawn with its top-left corner at the canvas's current origin,
/// `scale` pixels per point. Nothing is cleared first; the canvas's transform and clip apply.
/// Pass the renderer's `fonts` so that faces and glyphs are loaded once, not per frame.
///
/// Time is an input: text with a date style, a timer or a live format shows itself as at
/// `now`, and the returned ``RenderReport`` says when the drawing would next change, so the
/// host can sleep until then.
///
/// ```swift
/// let canvas = Canvas(width: 340, height: 340)
/// canvas.clear(.black)
/// let report = render(MyWidgetView(entry: entry), size: Size(width: 170, height: 170),
///                     environment: EnvironmentValues(), fonts: fonts, now: now,
///                     on: canvas, scale: 2)
/// report.nextChange   // e.g. the next second, for a Text(date, style: .timer)
/// ```
///
/// - Parameter now: the instant to draw. Default: the current time.
@discardableResult
public func render(
    _ view: some View, size: Raster.Size, environment: EnvironmentValues = EnvironmentValues(),
    fonts: FontDatabase? = nil, now: Date = Date(), on canvas: Canvas, scale: Double
) -> RenderReport {
    var environment = environment
    environment.displayScale = scale
    if let fonts { environment.fontDatabase = fonts }
    let context = RenderContext(now: now)
    environment.renderContext = context
    let placed = RootLayout.layout(view, size: size, environment: environment)
    let list = DisplayListRecorder.record(placed)
    list.draw(on: canvas, scale: scale)
    var report = RenderReport(
        nextChange: context.nextChange, widgetURL: context.widgetURL, links: context.links)
    if environment.reportsTexts { report.texts = list.renderedTexts }
    return report
}

/// What ``render(_:size:environment:fonts:now:on:scale:)`` learned about a frame besides its
/// pixels.
///
/// ```swift
/// let report = render(view, size: size, fonts: fonts, now: now, on: canvas, scale: 2)
/// if let next = report.nextChange { sleep(until: next) }
/// ```
public struct RenderReport: Hashable, Sendable {
    /// The earliest instant after the rendered `now` at which anything drawn would look
    /// different, or nil when the frame stays the same forever (nothing in it depends on the
    /// time).
    ///
    /// A `Text(date, style: .timer)` reports the next second, a `.relative` text the next
    /// change of its smallest unit shown, `Text(.currentDate, format: .dateTime.hour().minute())`
    /// the next minute; the earliest of all wins.
    public var nextChange: Date?
    /// Where a tap on the widget leads: the URL of the outermost `widgetURL(_:)`, or nil.
    public var widgetURL: URL?
    /// The areas the frame's ``Link``s cover, in the order drawn (the front-most last).
    public var links: [LinkArea]
    /// The texts drawn, back to front, when ``EnvironmentValues/reportsTexts`` was on; else
    /// empty.
    public var texts: [RenderedText] = []

    /// Creates a report.
    public init(nextChange: Date?, widgetURL: URL? = nil, links: [LinkArea] = []) {
        self.nextChange = nextChange
        self.widgetURL = widgetURL
        self.links = links
    }

    /// Where a tap at `point` (in points of the rendered view) leads: the front-most ``Link``
    /// whose frame holds it, else the ``widgetURL``; nil when neither.
    ///
    /// ```swift
    /// report.destination(at: Point(x: 40, y: 120))   // lights://kitchen
    /// ```
    public func destination(at point: Raster.Point) -> URL? {
        links.last { $0.frame.contains(point) }?.destination ?? widgetURL
    }
}

/// Where a ``Link`` was drawn, and where it leads.
///
/// ```swift
/// let report = render(view, size: size, on: canvas, scale: 2)
/// let tapped = report.destination(at: point)   // the front-most link there, else widgetURL
/// ```
public struct LinkArea: Hashable, Sendable {
    /// The link's frame, in points of the rendered view.
    public var frame: Raster.Rect
    /// Where the link leads.
    public var destination: URL

    /// Creates a link area.
    public init(frame: Raster.Rect, destination: URL) {
        self.frame = frame
        self.destination = destination
    }
}
