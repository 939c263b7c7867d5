import Ambient
import FoundationEssentials
import Raster
import WidgetUI
import Widgets

/// Draws the slots onto the screen's canvas: each shown widget in its slot, in the frame
/// style, with the environment a StandBy widget sees, and only the slots whose drawing would
/// change.
///
/// A slot is drawn again when its widget, its entry, or its live text changes (the renderer
/// reports when: `nextChange`), when the ambient reading it showed moves noticeably, when the
/// style changes (``invalidate()``), and everything when the burn-in offset moves.
final class SlotPainter {
    /// What was last drawn in a slot, to tell whether it must be drawn again.
    private struct Drawn {
        var instance: Int
        var entry: any TimelineEntry
        var isPlaceholder: Bool
        var timelineGeneration: Int
        var nextChange: Date?
        /// The ambient reading the drawing showed; nil when it did not read it.
        var reading: AmbientReading?
        /// Where the widget was drawn, in pixels of the screen, and its scale (pixels per
        /// point).
        var frame = IntRect.zero
        var scale = 1.0
        /// Where taps on it lead (its links and widget URL, in its points).
        var report = RenderReport(nextChange: nil)

        /// Whether `other` draws the same: same widget, and the same entry (equal, when the
        /// entry type is `Equatable`; else from the same timeline).
        func drawsSame(as other: Drawn) -> Bool {
            guard instance == other.instance, isPlaceholder == other.isPlaceholder,
                entry.date == other.entry.date
            else { return false }
            if let equal = entriesEqual(entry, other.entry) { return equal }
            return timelineGeneration == other.timelineGeneration
        }
    }

    /// The screen as last drawn.
    let canvas: Canvas
    /// Where the slots are.
    private(set) var layout: SceneLayout
    /// How the picture moves against burn-in.
    private(set) var burnIn: BurnIn
    /// Whether widgets keep their container backgrounds (`[layout] tiles`).
    private var tiles: Bool
    /// The accented rendering mode's color (`[layout] accent`).
    private var accent: RGBA
    let fonts: FontDatabase?
    /// One image cache for the life of the host: PNGs decode once, problems log once.
    private let images = ImageCache()
    /// Likewise one cache of laid-out text: unchanged text is not laid out again each frame.
    private let textLayouts = TextLayoutCache()
    private var drawn: [Drawn?]
    private var offset: (x: Int, y: Int)?

    /// A painter drawing on `canvas` (the screen) laid out by `layout` with `count` slots.
    init(canvas: Canvas, layout: LayoutConfiguration, count: Int, fonts: FontDatabase?) {
        self.canvas = canvas
        self.layout = SceneLayout(
            screen: canvas.size, layout: layout, count: count, direction: Self.direction)
        burnIn = BurnIn(layout)
        tiles = layout.tiles
        accent = layout.accent
        self.fonts = fonts
        drawn = Array(repeating: nil, count: count)
    }

    /// The display language's direction: the slots' order mirrors for Arabic and Hebrew.
    private static var direction: LayoutDirection {
        EnvironmentValues().layoutDirection
    }

    /// Lays the screen out anew (a reloaded configuration): every slot is drawn again.
    func relayout(_ layout: LayoutConfiguration, count: Int) {
        self.layout = SceneLayout(
            screen: canvas.size, layout: layout, count: count, direction: Self.direction)
        burnIn = BurnIn(layout)
        tiles = layout.tiles
        accent = layout.accent
        drawn = Array(repeating: nil, count: count)
        offset = nil
    }

    /// Forgets what was drawn: every slot is drawn again on the next turn (a new style).
    func invalidate() {
        drawn = Array(repeating: nil, count: drawn.count)
    }

    /// Forgets the whole screen (another view or a moving frame showed there): the next
    /// turn clears it and draws every slot.
    func invalidateScreen() {
        invalidate()
        offset = nil
    }

    /// Where slot `index` is on the screen at `now`, burn-in offset included.
    func slotRect(_ index: Int, at now: Date) -> IntRect {
        let shift = burnIn.offset(at: now.timeIntervalSince1970)
        return layout.slots[index].offsetBy(dx: shift.x, dy: shift.y)
    }

    /// A picture of `runtime`'s widget as slot `index` shows it at `now`, the slot's size:
    /// a page of a stack in motion.
    func picture(
        of runtime: WidgetRuntime, slot index: Int, at now: Date, style: FrameStyle,
        reading: AmbientReading
    ) -> Bitmap {
        let size = layout.slots[index].size
        let scratch = Canvas(size: size)
        scratch.clear(.black)
        let (entry, isPlaceholder) = runtime.entry(at: now)
        _ = draw(
            runtime, entry: entry, isPlaceholder: isPlaceholder, in: IntRect(size: size),
            on: scratch, at: now, style: style, reading: reading)
        return Bitmap(copying: scratch)
    }

    /// When a drawn slot next changes by itself (a live text's next second or minute).
    var nextChange: Date? {
        drawn.compactMap { $0?.nextChange }.min()
    }

    /// Draws each slot whose drawing changed at `now`; returns the rectangles and the widget
    /// ids drawn.
    ///
    /// Slot `i` shows runtime `shown[i]`.
    func drawChanges(
        at now: Date, shown: [Int], runtimes: [WidgetRuntime], style: FrameStyle,
        reading: AmbientReading
    ) -> (damage: [IntRect], drawn: [String]) {
        let newOffset = burnIn.offset(at: now.timeIntervalSince1970)
        var damage: [IntRect] = []
        var ids: [String] = []
        if offset.map({ $0 != newOffset }) ?? true {
            offset = newOffset
            canvas.clear(.black)
            invalidate()
            damage.append(canvas.bounds)
        }
        for (slot, index) in shown.enumerated() where drawn.indices.contains(slot) {
            let runtime = runtimes[index]
            let (entry, isPlaceholder) = runtime.entry(at: now)
            var state = Drawn(
                instance: index, entry: entry, isPlaceholder: isPlaceholder,
                timelineGeneration: runtime.timelineGeneration, nextChange: nil)
            if let last = drawn[slot] {
                let due = last.nextChange.map { now >= $0 } ?? false
                let stale = last.reading.map { reading.differsNoticeably(from: $0) }
                if last.drawsSame(as: state) && !due && stale != true { continue }
            }
            let rect = layout.slots[slot].offsetBy(dx: newOffset.x, dy: newOffset.y)
            (state.report, state.reading, state.frame, state.scale) = draw(
                runtime, entry: entry, isPlaceholder: isPlaceholder, in: rect, on: canvas,
                at: now, style: style, reading: reading)
            state.nextChange = state.report.nextChange
            drawn[slot] = state
            ids.append(runtime.id)
            damage.append(rect.intersection(canvas.bounds))
        }
        damage.removeAll { $0.isEmpty }
        return (damage, ids)
    }

    // MARK: What is where

    /// Where a tap at `point` (pixels of the screen) leads: the front-most link of the widget
    /// drawn there, else its widget URL; nil outside the widgets or when it has neither.
    func destination(at point: Point) -> URL? {
        for case let state? in drawn where state.frame.rect.contains(point) {
            return state.report.destination(
                at: Point(
                    x: (point.x - Double(state.frame.x)) / state.scale,
                    y: (point.y - Double(state.frame.y)) / state.scale))
        }
        return nil
    }

    // MARK: Drawing a widget

    /// Draws a widget into a slot; returns its render report (when it next changes by itself,
    /// where taps lead), the ambient reading if the drawing read it, and where it was drawn
    /// and at what scale.
    private func draw(
        _ runtime: WidgetRuntime, entry: any TimelineEntry, isPlaceholder: Bool, in slot: IntRect,
        on canvas: Canvas, at now: Date, style: FrameStyle, reading: AmbientReading
    ) -> (report: RenderReport, reading: AmbientReading?, frame: IntRect, scale: Double) {
        let family = runtime.context.family
        let (frame, scale) = SceneLayout.widgetFrame(in: slot, points: family.size)
        var environment = EnvironmentValues()
        environment.showsWidgetContainerBackground =
            tiles || !runtime.descriptor.isContainerBackgroundRemovable
        environment.widgetAccentTint = Color(
            red: Double(accent.red), green: Double(accent.green), blue: Double(accent.blue))
        environment.imageCache = images
        environment.textLayoutCache = textLayouts
        environment.ambientReading = reading
        if isPlaceholder { environment.redactionReasons = .placeholder }
        let report = canvas.withSavedState {
            canvas.clip(to: slot.rect)
            canvas.fill(slot.rect, with: Paint(color: .black))
            style.apply(to: &environment, canvas: canvas)
            canvas.concatenate(Transform(translationX: Double(frame.x), y: Double(frame.y)))
            return runtime.descriptor.render(
                entry: entry, family: family, environment: environment, fonts: fonts, now: now,
                on: canvas, scale: scale)
        }
        return (report, environment.ambientReadingWasRead ? reading : nil, frame, scale)
    }
}

/// Whether two entries are equal, when their type is `Equatable`; `nil` when it can't tell.
private func entriesEqual(_ a: any TimelineEntry, _ b: any TimelineEntry) -> Bool? {
    guard let a = a as? any Equatable else { return nil }
    return isEqual(a, b)
}

private func isEqual<T: Equatable>(_ a: T, _ b: Any) -> Bool {
    (b as? T) == a
}
