import Ambient
import FoundationEssentials
import Raster
import StandbyViews

/// What the input asks of the display, and what it needs to know about it: the host's verbs
/// as ``InputController`` uses them.
///
/// The host implements it with the verbs its control socket, keys and network commands use
/// too, so a swipe, a key and `nightstand view clock` behave alike. Every call comes on the
/// run loop's thread.
public protocol InputVerbs: AnyObject {
    /// Whether the panel shows nothing now: the appearance or the mode is `off`, or it went
    /// off for idleness. A touch then only wakes it.
    var panelIsDark: Bool { get }
    /// Whether the night appearance shows: a tap that is not on a link wakes the panel.
    var isNight: Bool { get }
    /// The slot (0 from the left) whose frame holds `point`, in picture pixels; nil outside the
    /// slots (a margin, a view without slots).
    func slot(at point: Point) -> Int?
    /// Where a tap at `point` leads: the link or widget URL of the widget shown there, if any.
    func link(at point: Point) -> URL?
    /// Steps a slot's stack by `delta` (±1), pausing its Smart Rotate for a while.
    func stepStack(slot: Int, by delta: Int)
    /// Shows the view `delta` (±1) away from the current one.
    func stepView(by delta: Int)
    /// Shows the view of this name.
    func showView(named name: String)
    /// Sets the mode: nil for automatic, else the appearance to keep.
    func setMode(_ appearance: Appearance?)
    /// Lights the panel for `seconds` at the current appearance's brightness, then lets it go
    /// back (dark again if it was).
    func wake(for seconds: Double)
    /// Reloads the widgets' timelines.
    func reload()
    /// Turns the panel off for idleness (`true`) or back on.
    func setIdle(_ idle: Bool)
    /// A drag moves a stack or the views: follow it, and settle when it ends (on the page its
    /// `ended` phase's direction names: the recognizer's swipe decides).
    ///
    /// The default steps when a drag ends with a swipe, for a host that does not animate.
    func drag(_ phase: PagerDrag, of target: DragTarget)
}

extension InputVerbs {
    /// Steps the stack or the views when the drag ends as a swipe; nothing moves meanwhile.
    public func drag(_ phase: PagerDrag, of target: DragTarget) {
        guard case .ended(_, _, let step?) = phase, step != 0 else { return }
        switch target {
        case .stack(let slot): stepStack(slot: slot, by: step)
        case .views: stepView(by: step)
        }
    }
}

/// What a drag moves: the stack of the slot it started on (vertical drags) or the views
/// (horizontal ones).
public enum DragTarget: Sendable, Equatable {
    /// A slot's stack, 0 from the left.
    case stack(slot: Int)
    /// The views.
    case views
}
