import Raster
import WidgetUI

/// A message's banner: a rounded plate across the top of the screen with the message's text,
/// over whatever view shows (StandBy's notifications).
///
/// White text on dark grey, up to two lines, smaller when it would not fit; the text is
/// accentable, so at night it is as bright as the clock's digits. Drawn in the
/// frame style of the moment through `environment` and the canvas's transform (red at night,
/// dimmed), within the damaged rectangles only, so that what is around its rounded corners
/// stays the view's.
///
/// ```swift
/// let banner = MessageBanner(text: "Laundry done")
/// banner.draw(on: canvas, within: [canvas.bounds], fonts: fonts)
/// ```
public struct MessageBanner: Equatable, Sendable {
    /// What the banner says: plain text on one line (``DisplayCommands/DisplayMessage``).
    public var text: String

    /// The banner saying `text`.
    public init(text: String) {
        self.text = text
    }

    /// Where the banner shows on a screen of `size`: centred at the top, 90 % of the width
    /// (at most 1.6 heights), a fifth of the height (or of 0.6 widths on a tall screen).
    public static func rect(on size: PixelSize) -> IntRect {
        let unit = min(Double(size.height), Double(size.width) * 0.6)
        let width = min(Double(size.width) * 0.9, unit * 1.6).rounded()
        let height = (unit * 0.2).rounded()
        return IntRect(
            x: Int(((Double(size.width) - width) / 2).rounded()), y: Int((unit * 0.04).rounded()),
            width: Int(width), height: Int(height))
    }

    /// Draws the banner on `canvas`, only within `damage` (rectangles of the screen drawn
    /// anew); the rectangles where it drew.
    @discardableResult
    public func draw(
        on canvas: Canvas, within damage: [IntRect], fonts: FontDatabase?,
        environment: EnvironmentValues = EnvironmentValues()
    ) -> [IntRect] {
        let rect = Self.rect(on: canvas.size)
        let parts = damage.map { $0.intersection(rect) }.filter { !$0.isEmpty }
        for part in parts {
            canvas.withSavedState {
                canvas.clip(to: part.rect)
                canvas.concatenate(Transform(translationX: Double(rect.x), y: Double(rect.y)))
                render(
                    body(width: Double(rect.width), height: Double(rect.height)),
                    size: Size(width: Double(rect.width), height: Double(rect.height)),
                    environment: environment, fonts: fonts, on: canvas, scale: 1)
            }
        }
        return parts
    }

    /// The plate and its text, `width` by `height` pixels.
    private func body(width: Double, height: Double) -> some View {
        Text(verbatim: text)
            .font(.system(size: height * 0.3, weight: .semibold))
            .foregroundStyle(.white)
            .widgetAccentable()
            .multilineTextAlignment(.center)
            .lineLimit(2)
            .minimumScaleFactor(0.6)
            .padding(.horizontal, height * 0.3)
            .padding(.vertical, height * 0.08)
            .frame(width: width, height: height)
            .background(RoundedRectangle(cornerRadius: height * 0.3).fill(Color(white: 0.2)))
    }
}
