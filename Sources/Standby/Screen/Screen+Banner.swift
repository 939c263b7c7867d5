import DisplayCommands
import FoundationEssentials
import Raster
import StandbyViews
import WidgetUI

extension Screen {
    /// Draws what changed at `now`; the rectangles drawn and the ids of the widgets drawn.
    ///
    /// The views first (``drawViews(_:at:)``), then the message's banner over them where they
    /// were drawn. The host presents what was drawn.
    ///
    /// A banner whose time is over goes first, and the view is drawn anew under it. While an
    /// alarm rings, its view covers the banner, which shows again after it if its time is not
    /// over.
    func drawChanges(_ content: ViewContent, at now: Date) -> (damage: [IntRect], drawn: [String]) {
        if let banner, banner.until <= now {
            self.banner = nil
            redrawAll()
        }
        let (damage, drawn) = drawViews(content, at: now)
        guard let banner, alarm == nil, !damage.isEmpty else { return (damage, drawn) }
        canvas.withSavedState {
            var environment = EnvironmentValues()
            content.style.apply(to: &environment, canvas: canvas)
            banner.face.draw(
                on: canvas, within: damage, fonts: painter.fonts, environment: environment)
        }
        return (damage, drawn)
    }

    /// Shows `message` over the views from `now` for its time, replacing any banner: the
    /// view is drawn anew on the next turn, the banner over it.
    func show(_ message: DisplayMessage, at now: Date) {
        banner = (MessageBanner(text: message.text), now + message.seconds)
        redrawAll()
    }

    /// Takes the banner away before its time, the view drawn anew under it; false when none
    /// showed.
    @discardableResult
    func dismissBanner() -> Bool {
        guard banner != nil else { return false }
        banner = nil
        redrawAll()
        return true
    }

    /// The text of the banner showing at `now`; nil without one.
    func message(at now: Date) -> String? {
        banner.flatMap { $0.until > now ? $0.face.text : nil }
    }
}
