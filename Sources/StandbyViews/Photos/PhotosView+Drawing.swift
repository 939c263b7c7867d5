import FoundationEssentials
import Raster
import WidgetUI

extension PhotosView {
    /// Whether a cross-fade is under way at `now`.
    public func isMoving(at now: Date) -> Bool {
        guard let fading else { return false }
        return now.timeIntervalSince(fading.since) < configuration.fade
    }

    /// Forgets what was drawn: the next ``draw(on:at:colorTransform:)`` draws the whole
    /// screen (the canvas showed something else meanwhile, such as another view).
    public func invalidate() {
        drawn = nil
    }

    /// Whether the picture at `now` differs from the last one drawn through `colorTransform`.
    public func needsDrawing(at now: Date, colorTransform: ColorTransform) -> Bool {
        guard let drawn else { return true }
        return isMoving(at: now) || drawn.photo !== current?.slide || drawn.problem != problem
            || drawn.minute != minute(of: now) || drawn.transform != colorTransform
    }

    /// Draws the view at `now` on `canvas` (the whole screen) through `colorTransform`, and
    /// returns the rectangles that changed: only the time's band when only the minute did.
    @discardableResult
    public func draw(on canvas: Canvas, at now: Date, colorTransform: ColorTransform) -> [IntRect] {
        let minute = minute(of: now)
        let moving = isMoving(at: now)
        var area = canvas.bounds
        if let drawn, !moving, drawn.photo === current?.slide, drawn.problem == problem,
            drawn.transform == colorTransform
        {
            area = overlay.band(screen: canvas.size)
        }
        drawn = (current?.slide, problem, minute, colorTransform)
        if let current, let fading, moving {
            let t = min(1, max(0, now.timeIntervalSince(fading.since) / configuration.fade))
            let pair = finished(fading.slide, current.slide, minute: minute, colorTransform)
            // Smoothstep: the fade starts and ends gently.
            canvas.crossFade(from: pair.from, to: pair.to, progress: t * t * (3 - 2 * t), in: area)
            return [area]
        }
        finishedPair = nil
        if let current {
            canvas.copy(current.slide, to: (0, 0), clippedTo: area)
        } else {
            canvas.withSavedState {
                canvas.clip(to: area.rect)
                canvas.fill(area.rect, with: Paint(color: RGBA(red: 0, green: 0, blue: 0)))
            }
            if let problem { drawProblem(problem, on: canvas) }
        }
        finish(canvas, area: area, minute: minute, colorTransform)
        return [area]
    }

    /// Lays the color transform and the time of `minute` over `area` of a drawn photo.
    private func finish(
        _ canvas: Canvas, area: IntRect, minute: Date, _ colorTransform: ColorTransform
    ) {
        canvas.apply(colorTransform, in: area)
        if let layer = textLayer(minute: minute, colorTransform: colorTransform) {
            canvas.composite(layer.picture, to: layer.origin, clippedTo: area)
        }
    }

    /// The two photos of a fade as the screen shows them (color transform and time laid
    /// over), made on its first frame and again only if the minute or the transform changes:
    /// each frame of the fade is then one blend and nothing else.
    private func finished(
        _ from: Bitmap, _ to: Bitmap, minute: Date, _ colorTransform: ColorTransform
    ) -> (from: Bitmap, to: Bitmap) {
        if let pair = finishedPair, pair.source.from === from, pair.source.to === to,
            pair.minute == minute, pair.transform == colorTransform
        {
            return (pair.from, pair.to)
        }
        let made = [from, to].map { slide in
            let scratch = Canvas(size: slide.size)
            scratch.copy(slide, to: (0, 0))
            finish(scratch, area: scratch.bounds, minute: minute, colorTransform)
            return Bitmap(copying: scratch)
        }
        finishedPair = ((from, to), made[0], made[1], minute, colorTransform)
        return (made[0], made[1])
    }

    /// The time and date for `minute`, laid out once and kept for the frames of that minute
    /// (the photos under them are shaded already).
    private func textLayer(minute: Date, colorTransform: ColorTransform) -> (
        picture: Bitmap, origin: (x: Int, y: Int)
    )? {
        if let text, text.minute == minute, text.transform == colorTransform { return text.layer }
        let layer = overlay.textLayer(
            screen: screen, at: minute, fonts: fonts, colorTransform: colorTransform)
        text = (minute, colorTransform, layer)
        return layer
    }

    /// The minute `now` lies in (what the time shows).
    func minute(of now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60)
    }

    /// A line in the middle of the black screen saying why no photo shows (the color
    /// transform applies to the whole frame afterwards).
    private func drawProblem(_ text: String, on canvas: Canvas) {
        let h = Double(canvas.height)
        render(
            Text(text)
                .font(.system(size: h * 0.045, weight: .medium))
                .foregroundStyle(Color(white: 0.6))
                .multilineTextAlignment(.center)
                .padding(h * 0.05),
            size: Size(width: Double(canvas.width), height: h), fonts: fonts, on: canvas,
            scale: 1)
    }
}
