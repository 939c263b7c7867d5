import FoundationEssentials
import FoundationInternationalization
import Raster
import WidgetUI

/// The time and date over a photo: the date small above the time, in white, in a corner, on a
/// shade that keeps them readable on a bright sky.
///
/// Sizes follow the screen's height: the time's digits are 17 % of it, the date 5.5 %, a
/// margin of 5 % from the edges; the shade darkens the band from that edge by up to 45 %,
/// fading out past the text.
///
/// ```swift
/// let overlay = PhotoOverlay(corner: .topLeft, hour24: true, timeZone: .current,
///                            locale: Locale(identifier: "en_US"))
/// overlay.shade(photo)                       // once, into the photo
/// if let text = overlay.textLayer(screen: photo.size, at: now, fonts: fonts,
///                                 colorTransform: .identity) {
///     canvas.composite(text.picture, to: text.origin)
/// }
/// ```
public struct PhotoOverlay: Sendable {
    /// Where it goes.
    public let corner: PhotosConfiguration.Overlay
    /// Whether the time shows in 24-hour form.
    public let hour24: Bool
    /// The time zone of the time and date.
    public let timeZone: TimeZone
    /// The language and order of the date's words.
    public let locale: Locale

    /// An overlay in `corner`.
    public init(
        corner: PhotosConfiguration.Overlay, hour24: Bool, timeZone: TimeZone, locale: Locale
    ) {
        self.corner = corner
        self.hour24 = hour24
        self.timeZone = timeZone
        self.locale = locale
    }

    /// The band of the screen the overlay draws on (shade and text): what changes each minute.
    public func band(screen: PixelSize) -> IntRect {
        guard corner != .none else { return IntRect(x: 0, y: 0, width: 0, height: 0) }
        let h = Double(screen.height)
        let height = min(screen.height, Int((h * 0.42).rounded(.up)))
        let top = corner == .topLeft || corner == .topRight
        return IntRect(
            x: 0, y: top ? 0 : screen.height - height, width: screen.width, height: height)
    }

    /// "21:41" (or "9:41" in 12-hour form) at `now`, in the locale's digits.
    func timeText(_ now: Date) -> String {
        ClockTime(now, timeZone: timeZone).text(twentyFourHour: hour24, locale: locale)
    }

    /// "Sat, Nov 21" at `now`, in the locale's words and order.
    func dateText(_ now: Date) -> String {
        var style = Date.FormatStyle(
            date: .omitted, time: .omitted, locale: locale, timeZone: timeZone
        )
        .weekday(.abbreviated).month(.abbreviated).day()
        style.timeZone = timeZone
        return now.formatted(style)
    }

    /// The next instant the overlay's text changes after `now`: the next minute.
    func nextChange(after now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
    }

    /// Darkens the band under the text on `canvas` (the whole screen): black over it, from
    /// 45 % at the screen's edge to nothing past the text.
    ///
    /// The shade does not change with the time: the photos view draws it once into each
    /// photo as it is decoded, so a moving frame does not pay for it.
    public func shade(_ canvas: Canvas) {
        guard corner != .none else { return }
        let band = band(screen: canvas.size)
        let edge = Double(isTop ? band.y : band.maxY)
        let inner = Double(isTop ? band.maxY : band.y)
        func black(_ alpha: Float, _ location: Float) -> GradientStop {
            GradientStop(color: RGBA(red: 0, green: 0, blue: 0, alpha: alpha), location: location)
        }
        let gradient = LinearGradient(
            stops: [black(0.45, 0), black(0.2, 0.55), black(0, 1)],
            start: Point(x: 0, y: edge), end: Point(x: 0, y: inner))
        canvas.fill(band.rect, with: Paint(shader: .linearGradient(gradient)))
    }

    /// The text at `now` drawn once on transparent pixels, cropped to what it covers, and
    /// where that goes on the screen: what a moving frame lays over the photos
    /// (``Raster/Canvas/composite(_:to:clippedTo:)``) instead of laying the text out again.
    public func textLayer(
        screen: PixelSize, at now: Date, fonts: FontDatabase?, colorTransform: ColorTransform
    ) -> (picture: Bitmap, origin: (x: Int, y: Int))? {
        guard corner != .none else { return nil }
        let band = band(screen: screen)
        let layer = Canvas(size: band.size)
        drawText(
            on: layer, screen: screen, shift: (-band.x, -band.y), at: now, fonts: fonts,
            colorTransform: colorTransform)
        guard let covered = layer.paintedBounds else { return nil }
        return (Bitmap(copying: layer, rect: covered), (band.x + covered.x, band.y + covered.y))
    }

    /// Draws the text for a screen of `screen` on `canvas`, moved by `shift` pixels.
    private func drawText(
        on canvas: Canvas, screen: PixelSize, shift: (x: Int, y: Int), at now: Date,
        fonts: FontDatabase?, colorTransform: ColorTransform
    ) {
        guard corner != .none else { return }
        let band = band(screen: screen)
        let leading = corner == .topLeft || corner == .bottomLeft
        let h = Double(screen.height)
        let margin = (h * 0.05).rounded()
        let box = Size(
            width: Double(screen.width) - 2 * margin, height: Double(band.height) - margin)
        var environment = EnvironmentValues()
        environment.timeZone = timeZone
        environment.locale = locale
        let alignment: Alignment =
            isTop
            ? (leading ? .topLeading : .topTrailing)
            : (leading ? .bottomLeading : .bottomTrailing)
        canvas.withSavedState {
            canvas.colorTransform = colorTransform
            canvas.concatenate(
                Transform(
                    translationX: margin + Double(shift.x),
                    y: (isTop ? margin : Double(band.y)) + Double(shift.y)))
            render(
                VStack(alignment: leading ? .leading : .trailing, spacing: 0) {
                    Text(dateText(now))
                        .font(.system(size: h * 0.055, weight: .semibold))
                        .foregroundStyle(Color(white: 1, opacity: 0.85))
                    Text(timeText(now))
                        .font(.system(size: h * 0.17, weight: .semibold, design: .rounded))
                        .foregroundStyle(Color.white)
                        .lineLimit(1)
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: alignment),
                size: box, environment: environment, fonts: fonts, now: now, on: canvas, scale: 1)
        }
    }

    private var isTop: Bool { corner == .topLeft || corner == .topRight }
}
