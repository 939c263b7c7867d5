import Foundation
import NightstandTesting
import Raster
import Standby
import SystemSupport
import Testing
import WidgetUI
import Widgets

@testable import BuiltinWidgets

/// How a golden is drawn: the host's appearances (docs/architecture.md, "The appearance
/// model"), as its `FrameStyle`s set them.
///
/// - `day`: full color, with the container background (the board's `tiles`), so the
///   background shows in the golden;
/// - `dim`: full color, luminance reduced (what drops seconds), background removed;
/// - `night`: vibrant, luminance reduced, tinted red, background removed (StandBy at night);
/// - `accented`: the accented rendering mode, background removed.
enum Appearance: String, CaseIterable {
    case day, dim, night, accented

    var style: FrameStyle {
        switch self {
        case .day: .day
        case .dim: .dim(brightness: 1)
        case .night: .night(ceiling: 1)
        case .accented:
            FrameStyle(
                renderingMode: .accented, isLuminanceReduced: false, colorTransform: .identity)
        }
    }
}

/// Renders widgets as the host does, at a fixed instant, locale and time zone, so goldens
/// depend on nothing of the machine but the fonts.
struct WidgetRenderer {
    let fonts: FontDatabase
    /// The zone the widgets' clocks and dates are in.
    var timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    /// Pixels per point: 2, so that anti-aliasing shows.
    var scale = 2.0
    /// The language and formats the widgets are drawn in.
    var locale = Locale(identifier: "en_US")

    init() throws {
        fonts = try FontDatabase()
        fonts.warningHandler = { _ in }
    }

    /// Draws `entry` as `descriptor`'s widget of `family` under an appearance at `now`, with
    /// the host's ambient `reading` if given; returns the canvas and when the drawing next
    /// changes.
    func render(
        _ descriptor: WidgetDescriptor, entry: any TimelineEntry, family: WidgetFamily,
        appearance: Appearance, now: Date, reading: AmbientReading? = nil
    ) -> (canvas: Canvas, nextChange: Date?) {
        let report = draw(
            descriptor, entry: entry, family: family, appearance: appearance, now: now,
            reading: reading)
        return (report.canvas, report.report.nextChange)
    }

    /// The texts `render` draws, each with its frame in points, whether it was cut and how
    /// many of its glyphs are missing.
    func texts(
        _ descriptor: WidgetDescriptor, entry: any TimelineEntry, family: WidgetFamily, now: Date
    ) -> [RenderedText] {
        draw(
            descriptor, entry: entry, family: family, appearance: .day, now: now, reading: nil,
            reportsTexts: true
        ).report.texts
    }

    private func draw(
        _ descriptor: WidgetDescriptor, entry: any TimelineEntry, family: WidgetFamily,
        appearance: Appearance, now: Date, reading: AmbientReading?, reportsTexts: Bool = false
    ) -> (canvas: Canvas, report: RenderReport) {
        let size = family.size
        let canvas = Canvas(
            width: Int(size.width * scale), height: Int(size.height * scale))
        canvas.clear(.black)
        var environment = EnvironmentValues()
        appearance.style.apply(to: &environment, canvas: canvas)
        environment.showsWidgetContainerBackground = appearance == .day
        environment.widgetAccentTint = .orange
        environment.locale = locale
        environment.timeZone = timeZone
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        environment.calendar = calendar
        environment.imageCache = ImageCache()
        environment.ambientReading = reading
        environment.reportsTexts = reportsTexts
        let report = descriptor.render(
            entry: entry, family: family, environment: environment, fonts: fonts, now: now,
            on: canvas, scale: scale)
        return (canvas, report)
    }
}

extension WidgetRenderer {
    /// Draws the entry of `descriptor`'s timeline at `now` and compares it with the calling
    /// suite's golden `name`.
    func assertFirstEntry(
        _ descriptor: WidgetDescriptor, family: WidgetFamily, appearance: Appearance, at now: Date,
        named name: String, filePath: StaticString = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let entry = try await firstEntry(descriptor, family: family, now: now)
        let (canvas, _) = render(
            descriptor, entry: entry, family: family, appearance: appearance, now: now)
        assertGolden(canvas, named: name, filePath: filePath, sourceLocation: sourceLocation)
    }
}

/// An instant given as a wall-clock time in Berlin (the fixtures' zone).
func berlin(
    _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0
) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    return calendar.date(
        from: DateComponents(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        ?? .distantPast
}

/// The first entry of a descriptor's timeline at `now`.
func firstEntry(_ descriptor: WidgetDescriptor, family: WidgetFamily = .systemSmall, now: Date)
    async throws -> any TimelineEntry
{
    let timeline = try await descriptor.provider.timeline(
        in: TimelineProviderContext(family: family, date: now))
    guard let entry = timeline.entry(at: now) else { throw NoEntry() }
    return entry
}

struct NoEntry: Error {}

/// `Tests/BuiltinWidgetsTests/Fixtures/<name>`.
func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").appendingPathComponent(name).path
}

/// A fresh empty directory under the system's temporary directory.
func temporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "nightstand-builtins-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

extension LogRecorder {
    /// A logger under the widgets' label that records into this.
    var logger: Logger { logger(label: "nightstand.widgets") }
}

/// The six families of a phone, which the weather and calendar widgets support.
///
/// Not the iPad's systemExtraLarge. A global: Swift 6.0.3 crashes on a closure in `@Test`'s
/// arguments.
let phoneFamilies = WidgetFamily.allCases.filter { $0 != .systemExtraLarge }
