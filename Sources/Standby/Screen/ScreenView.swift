import Ambient
import FoundationEssentials
import Raster

/// What the views draw from on a turn: the widgets, the style frames are drawn in, the
/// light widgets see, and whether it is night (the photos give way to the clock then).
struct ViewContent {
    /// The widgets' timelines and the slots' stacks.
    let widgets: WidgetSet
    /// The style the view is drawn in.
    let style: FrameStyle
    /// What widgets see as `ambientReading`.
    let reading: AmbientReading
    /// Whether the panel shows night.
    let isNight: Bool
    /// When the next alarm rings (the clock view shows it); nil when none will.
    var nextAlarm: Date? = nil
}

/// One of StandBy's full-screen views as the ``Screen`` drives it: the widgets, the clock,
/// the photos.
///
/// A view draws on the screen's canvas only what changed since it last drew there, says when
/// it next changes by itself, draws a picture of itself on another canvas for a moving frame,
/// and says where a tap leads.
protocol ScreenView: AnyObject {
    /// Draws what changed at `now` on the screen's canvas; the rectangles drawn and the ids
    /// of the widgets drawn.
    func drawChanges(_ content: ViewContent, at now: Date) -> (damage: [IntRect], drawn: [String])

    /// The view comes on the screen at `now`, which showed something else: the next drawing
    /// covers all of it.
    func comesOnScreen(at now: Date)

    /// Draws the whole view at `now` on `canvas` (the screen's size), leaving what the screen
    /// shows alone: a page of a moving frame.
    func drawPicture(on canvas: Canvas, _ content: ViewContent, at now: Date)

    /// When what the view shows next changes by itself after `now` (a live text, the minute,
    /// the next photo); nil when nothing will.
    func nextChange(after now: Date) -> Date?

    /// Whether the view moves by itself at `now` (a photo fading into the next).
    func isMoving(at now: Date) -> Bool

    /// Where a tap at `point` (screen pixels) leads; nil where nothing does.
    func destination(at point: Point) -> URL?

    /// Whether the view's first picture is still on its way (a photo being decoded).
    var isLoading: Bool { get }

    /// Takes the work its threads finished at `now`: on screen (`shown`), to show it; hidden
    /// behind another view, letting go of what it need not hold meanwhile.
    func prepare(at now: Date, shown: Bool)
}

extension ScreenView {
    /// Nothing moves by itself.
    func isMoving(at now: Date) -> Bool { false }

    /// Nothing is on its way.
    var isLoading: Bool { false }

    /// No work of its own.
    func prepare(at now: Date, shown: Bool) {}
}
