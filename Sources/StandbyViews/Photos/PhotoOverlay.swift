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
struct PhotoOverlay {
    let corner: PhotosConfiguration.Overlay
    let hour24: Bool
    let timeZone: TimeZone
    let locale: Locale

    /// The band of the screen the overlay draws on (shade and text): what changes each minute.
    func band(screen: PixelSize) -> IntRect {
        guard corner != .none else { return IntRect(x: 0, y: 0, width: 0, height: 0) }
        let h = Double(screen.height)
        let height = min(screen.height, Int((h * 0.42).rounded(.up)))
        let top = corner == .topLeft || corner == .topRight
        return IntRect(
            x: 0, y: top ? 0 : screen.height - height, width: screen.width, height: height)
    }

    /// "21:41" (or "9:41" in 12-hour form) at `now`.
    func timeText(_ now: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: now)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        let shown = hour24 ? hour : (hour + 11) % 12 + 1
        let hourText = hour24 && shown < 10 ? "0\(shown)" : "\(shown)"
        return hourText + (minute < 10 ? ":0\(minute)" : ":\(minute)")
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

    /// Draws the shade and the text at `now` on `canvas` (the whole screen), through
    /// `colorTransform` (night's red).
    func draw(
        on canvas: Canvas, at now: Date, fonts: FontDatabase?, colorTransform: ColorTransform
    ) {
        guard corner != .none else { return }
        let screen = canvas.size
        let band = band(screen: screen)
        let top = corner == .topLeft || corner == .topRight
        let leading = corner == .topLeft || corner == .bottomLeft
        let h = Double(screen.height)
        canvas.withSavedState {
            canvas.colorTransform = colorTransform
            let edge = Double(top ? band.y : band.maxY)
            let inner = Double(top ? band.maxY : band.y)
            canvas.fill(
                band.rect,
                with: Paint(
                    shader: .linearGradient(
                        LinearGradient(
                            stops: [
                                GradientStop(
                                    color: RGBA(red: 0, green: 0, blue: 0, alpha: 0.45), location: 0
                                ),
                                GradientStop(
                                    color: RGBA(red: 0, green: 0, blue: 0, alpha: 0.2),
                                    location: 0.55),
                                GradientStop(
                                    color: RGBA(red: 0, green: 0, blue: 0, alpha: 0), location: 1),
                            ],
                            start: Point(x: 0, y: edge), end: Point(x: 0, y: inner)))))
            let margin = (h * 0.05).rounded()
            let box = Size(
                width: Double(screen.width) - 2 * margin, height: Double(band.height) - margin)
            canvas.concatenate(
                Transform(translationX: margin, y: top ? margin : Double(band.y)))
            var environment = EnvironmentValues()
            environment.timeZone = timeZone
            environment.locale = locale
            let alignment: Alignment =
                top
                ? (leading ? .topLeading : .topTrailing)
                : (leading ? .bottomLeading : .bottomTrailing)
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
}
