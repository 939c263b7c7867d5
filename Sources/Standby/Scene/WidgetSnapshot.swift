import Foundation
import Raster
import WidgetUI
import Widgets

/// How a widget is shown for a snapshot: its family, the instant, the display's appearance
/// and rendering mode, whether its background shows, and the picture's size.
///
/// The defaults are StandBy's: the small family, its container background removed, drawn on
/// black at twice its size in points (340 × 340 pixels), in the day appearance, in English
/// (US) and UTC so that a snapshot reads the same on every machine.
///
/// ```swift
/// let night = WidgetSnapshot(date: noon, appearance: .night)
/// let homeScreen = WidgetSnapshot(
///     family: .systemMedium, date: noon, showsContainerBackground: true)
/// ```
public struct WidgetSnapshot: Sendable {
    /// The family drawn.
    ///
    /// Default: `.systemSmall`, the family StandBy shows.
    public var family: WidgetFamily
    /// The instant drawn: what live text (timers, relative dates) counts from.
    public var date: Date
    /// The display's appearance: day, dim or night.
    ///
    /// Default: `.day`.
    public var appearance: DisplayAppearance
    /// The rendering mode the widget sees; `nil` for the appearance's (full color by day and
    /// dim, vibrant at night).
    ///
    /// Default: `nil`.
    public var renderingMode: WidgetRenderingMode?
    /// Whether the widget's container background is drawn.
    ///
    /// StandBy removes it (unless the widget said it can't be removed); a home-screen tile
    /// shows it.
    ///
    /// Default: `false`.
    public var showsContainerBackground: Bool
    /// The picture's size in pixels.
    ///
    /// The widget is drawn as large as fits, centered, as in a display's slot; `nil` for twice
    /// the family's size in points.
    ///
    /// Default: `nil`.
    public var size: PixelSize?
    /// The locale of dates, numbers and units.
    ///
    /// Default: `en_US`.
    public var locale: Locale
    /// The time zone of dates and times (the calendar is Gregorian in it).
    ///
    /// Default: UTC.
    public var timeZone: TimeZone
    /// The accent group's color in the accented rendering mode.
    ///
    /// Default: system blue, as the host's.
    public var accent: Color
    /// Whether the entry is drawn as a placeholder: text as rounded bars.
    ///
    /// Default: `false`.
    public var isPlaceholder: Bool

    /// Creates a snapshot setting.
    public init(
        family: WidgetFamily = .systemSmall, date: Date, appearance: DisplayAppearance = .day,
        renderingMode: WidgetRenderingMode? = nil, showsContainerBackground: Bool = false,
        size: PixelSize? = nil, locale: Locale = Locale(identifier: "en_US"),
        timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current, accent: Color = .blue,
        isPlaceholder: Bool = false
    ) {
        self.family = family
        self.date = date
        self.appearance = appearance
        self.renderingMode = renderingMode
        self.showsContainerBackground = showsContainerBackground
        self.size = size
        self.locale = locale
        self.timeZone = timeZone
        self.accent = accent
        self.isPlaceholder = isPlaceholder
    }

    /// The picture's size in pixels: `size`, or twice the family's points.
    public var pixelSize: PixelSize {
        size
            ?? PixelSize(
                width: Int(family.size.width * 2), height: Int(family.size.height * 2))
    }
}

/// The display's appearance in a snapshot, as the host draws it.
///
/// ```swift
/// WidgetSnapshot(date: now, appearance: .night)                  // monochrome red
/// WidgetSnapshot(date: now, appearance: .dim(brightness: 0.5))    // pixels at half
/// ```
public struct DisplayAppearance: Hashable, Sendable {
    /// The rendering mode, luminance and color transform the host draws with.
    package let style: FrameStyle

    /// Day: full color, as drawn.
    public static let day = DisplayAppearance(style: .day)
    /// Dim: full color with luminance reduced (`isLuminanceReduced`), the pixels as drawn, as
    /// where a backlight does the dimming.
    public static let dim = DisplayAppearance(style: .dim(brightness: 1))
    /// Night: vibrant, luminance reduced, monochrome red at full red, as where a backlight does
    /// the dimming: nothing green or blue reaches the panel.
    public static let night = DisplayAppearance(style: .night(ceiling: 1))

    /// Dim with the pixels themselves dimmed to `brightness` (0…1), as on a panel without a
    /// backlight.
    public static func dim(brightness: Float) -> DisplayAppearance {
        DisplayAppearance(style: .dim(brightness: brightness))
    }

    /// Night with its brightest red at `red` (0…1), as the configuration's `night_red`.
    public static func night(red: Float) -> DisplayAppearance {
        DisplayAppearance(style: .night(ceiling: red))
    }
}

extension WidgetDescriptor {
    /// Draws an entry as this widget would show on a display: on black, scaled to fit the
    /// snapshot's size, in its appearance (what NightstandTesting's `renderWidget` and the
    /// `previews` command draw).
    ///
    /// ```swift
    /// let canvas = WidgetDescriptor(Tides()).picture(
    ///     entry: entry, WidgetSnapshot(date: entry.date, appearance: .night))
    /// ```
    public func picture(
        entry: any TimelineEntry, _ snapshot: WidgetSnapshot, fonts: FontDatabase? = nil
    ) -> Canvas {
        let pixels = snapshot.pixelSize
        let canvas = Canvas(width: pixels.width, height: pixels.height)
        canvas.clear(.black)
        let style = snapshot.appearance.style
        let (frame, scale) = SceneLayout.widgetFrame(
            in: IntRect(x: 0, y: 0, width: pixels.width, height: pixels.height),
            points: snapshot.family.size)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = snapshot.timeZone
        calendar.locale = snapshot.locale
        var environment = EnvironmentValues()
        environment.locale = snapshot.locale
        environment.timeZone = snapshot.timeZone
        environment.calendar = calendar
        environment.widgetRenderingMode = snapshot.renderingMode ?? style.renderingMode
        environment.isLuminanceReduced = style.isLuminanceReduced
        environment.showsWidgetContainerBackground =
            snapshot.showsContainerBackground || !isContainerBackgroundRemovable
        environment.widgetAccentTint = snapshot.accent
        if snapshot.isPlaceholder { environment.redactionReasons = .placeholder }
        canvas.withSavedState {
            canvas.colorTransform = style.colorTransform
            canvas.concatenate(Transform(translationX: Double(frame.x), y: Double(frame.y)))
            render(
                entry: entry, family: snapshot.family, environment: environment, fonts: fonts,
                now: snapshot.date, on: canvas, scale: scale)
        }
        return canvas
    }
}
