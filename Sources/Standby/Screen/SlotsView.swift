import FoundationEssentials
import Raster
import WidgetUI

/// A view of widgets in slots: the widgets view (each slot shows its stack's widget) or the
/// full-screen clock (one slot showing the clock's instance).
final class SlotsView: ScreenView {
    /// Draws the slots on the screen's canvas.
    let painter: SlotPainter
    /// The one instance shown, for the clock; nil: each slot shows its stack.
    private let instance: Int?
    private let layout: LayoutConfiguration
    private let fonts: FontDatabase?

    /// The widgets view on `canvas`, with `count` slots laid out by `layout`.
    init(canvas: Canvas, layout: LayoutConfiguration, count: Int, fonts: FontDatabase?) {
        painter = SlotPainter(canvas: canvas, layout: layout, count: count, fonts: fonts)
        instance = nil
        self.layout = layout
        self.fonts = fonts
    }

    /// The full-screen clock on `canvas`: one slot showing the instance numbered `instance`.
    init(canvas: Canvas, layout: LayoutConfiguration, clock instance: Int, fonts: FontDatabase?) {
        painter = SlotPainter(canvas: canvas, layout: layout, count: 1, fonts: fonts)
        self.instance = instance
        self.layout = layout
        self.fonts = fonts
    }

    /// The instance each slot shows at `now`.
    private func shown(_ content: ViewContent, at now: Date) -> [Int] {
        instance.map { [$0] } ?? content.widgets.shown(at: now)
    }

    func drawChanges(_ content: ViewContent, at now: Date) -> (damage: [IntRect], drawn: [String]) {
        painter.drawChanges(
            at: now, shown: shown(content, at: now), runtimes: content.widgets.runtimes,
            style: content.style, reading: content.reading)
    }

    func comesOnScreen(at now: Date) {
        painter.invalidateScreen()
    }

    func drawPicture(on canvas: Canvas, _ content: ViewContent, at now: Date) {
        let shown = shown(content, at: now)
        let scratch = SlotPainter(canvas: canvas, layout: layout, count: shown.count, fonts: fonts)
        _ = scratch.drawChanges(
            at: now, shown: shown, runtimes: content.widgets.runtimes, style: content.style,
            reading: content.reading)
    }

    func nextChange(after now: Date) -> Date? {
        painter.nextChange
    }

    func destination(at point: Point) -> URL? {
        painter.destination(at: point)
    }
}
