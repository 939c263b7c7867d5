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
    /// The alarm the line under the clock shows now (the clock view).
    private var alarmLine: Date?

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
        if instance != nil, content.nextAlarm != alarmLine {
            // The line under the clock changed: the clock is drawn again, then the line.
            painter.invalidateScreen()
        }
        var (damage, drawn) = painter.drawChanges(
            at: now, shown: shown(content, at: now), runtimes: content.widgets.runtimes,
            style: content.style, reading: content.reading)
        if instance != nil, !damage.isEmpty {
            alarmLine = content.nextAlarm
            damage.append(drawAlarmLine(content.nextAlarm, on: painter.canvas, content, at: now))
        }
        return (damage, drawn)
    }

    func comesOnScreen(at now: Date) {
        painter.invalidateScreen()
    }

    /// The next alarm under the clock (`⏰ 7:00 AM`), as StandBy's clock shows it, in the
    /// bottom tenth of `canvas` (black when there is none); the rectangle drawn.
    @discardableResult
    private func drawAlarmLine(
        _ next: Date?, on canvas: Canvas, _ content: ViewContent, at now: Date
    ) -> IntRect {
        let h = Double(canvas.height)
        let band = IntRect(
            x: 0, y: Int(h * 0.87), width: canvas.width, height: Int(h * 0.11))
        canvas.fill(band.rect, with: Paint(color: .black))
        guard let next else { return band }
        canvas.withSavedState {
            var environment = EnvironmentValues()
            content.style.apply(to: &environment, canvas: canvas)
            canvas.concatenate(Transform(translationX: 0, y: Double(band.y)))
            render(
                Label {
                    Text(
                        verbatim: ClockTime(next, timeZone: .current).text(
                            twentyFourHour: true, locale: environment.locale))
                } icon: {
                    Image(systemName: "alarm.fill")
                }
                .font(.system(size: h * 0.045, weight: .semibold))
                .foregroundStyle(Color(white: 0.6)),
                size: Size(width: Double(band.width), height: Double(band.height)),
                environment: environment, fonts: fonts, now: now, on: canvas, scale: 1)
        }
        return band
    }

    func drawPicture(on canvas: Canvas, _ content: ViewContent, at now: Date) {
        let shown = shown(content, at: now)
        let scratch = SlotPainter(canvas: canvas, layout: layout, count: shown.count, fonts: fonts)
        _ = scratch.drawChanges(
            at: now, shown: shown, runtimes: content.widgets.runtimes, style: content.style,
            reading: content.reading)
        if instance != nil { drawAlarmLine(content.nextAlarm, on: canvas, content, at: now) }
    }

    func nextChange(after now: Date) -> Date? {
        painter.nextChange
    }

    func destination(at point: Point) -> URL? {
        painter.destination(at: point)
    }
}
