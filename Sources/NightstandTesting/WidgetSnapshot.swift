import Raster
import Standby
import Testing
import Widgets

/// How a widget is shown for a snapshot (Standby's, so that a program's `previews` command
/// draws what the tests draw): see ``Standby/WidgetSnapshot``.
public typealias WidgetSnapshot = Standby.WidgetSnapshot

/// The display's appearance in a snapshot: day, dim or night (``Standby/DisplayAppearance``).
public typealias DisplayAppearance = Standby.DisplayAppearance

/// Draws an entry as a widget would show on a display: on black, scaled to fit the snapshot's
/// size, in its appearance.
///
/// ```swift
/// let canvas = renderWidget(WeatherWidget(), entry: .sample,
///                           WidgetSnapshot(date: noon, appearance: .night))
/// try PNGEncoder.write(canvas, to: "/tmp/weather-night.png")
/// ```
///
/// Pass `fonts` to share one font database between many snapshots (each makes its own
/// otherwise).
public func renderWidget<W: Widget>(
    _ widget: W, entry: any TimelineEntry, _ snapshot: WidgetSnapshot,
    fonts: FontDatabase? = nil
) -> Canvas {
    renderWidget(WidgetDescriptor(widget), entry: entry, snapshot, fonts: fonts)
}

/// Draws an entry as the widget a descriptor describes would show on a display.
public func renderWidget(
    _ widget: WidgetDescriptor, entry: any TimelineEntry, _ snapshot: WidgetSnapshot,
    fonts: FontDatabase? = nil
) -> Canvas {
    widget.picture(entry: entry, snapshot, fonts: fonts)
}

/// Checks a widget's snapshot against its golden PNG, or records it: ``renderWidget(_:entry:_:fonts:)``
/// then ``assertGolden(_:named:folder:tolerance:maxDifferingPixels:filePath:line:sourceLocation:)``.
///
/// ```swift
/// @Test func forecastAtNight() {
///     assertWidgetSnapshot(
///         of: ForecastWidget(), entry: ForecastEntry.sample,
///         as: WidgetSnapshot(date: .sampleDate, appearance: .night), named: "forecast-night")
/// }
/// ```
///
/// The golden is `Tests/<Target>/Goldens/<TestFile>/<name>.png` (`folder` replaces
/// `<TestFile>`). A missing golden fails with
/// the command that records it (`NIGHTSTAND_RECORD_GOLDENS=1 swift test --filter …`); a
/// mismatch fails with the count of differing pixels and writes the rendered image and a
/// picture of the differences under `.build/golden-failures/`. Works under swift-testing and
/// XCTest.
///
/// - Parameters:
///   - tolerance: The largest per-channel difference that still matches. Default: 1, enough
///     for the glyph edges of another FreeType release.
///   - maxDifferingPixels: How many pixels may differ beyond `tolerance`. Default: 0.
public func assertWidgetSnapshot<W: Widget>(
    of widget: W, entry: any TimelineEntry, as snapshot: WidgetSnapshot, named name: String,
    folder: String? = nil, fonts: FontDatabase? = nil, tolerance: UInt8 = 1,
    maxDifferingPixels: Int = 0,
    filePath: StaticString = #filePath, line: UInt = #line,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    assertGolden(
        renderWidget(widget, entry: entry, snapshot, fonts: fonts), named: name, folder: folder,
        tolerance: tolerance, maxDifferingPixels: maxDifferingPixels, filePath: filePath,
        line: line, sourceLocation: sourceLocation)
}
