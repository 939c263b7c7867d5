import Ambient
import FoundationEssentials
import Input
import Raster
import Standby
import StandbyViews

/// The input's verbs (``Input/InputVerbs``) as the host's (``Standby/HostControl``): a swipe,
/// a key, `nightstand view clock` and an MQTT command end in the same calls.
///
/// A vertical drag moves the stack of the slot it started on with the finger (the host pauses
/// that stack's Smart Rotate when it settles on another widget); a horizontal one the views.
/// The panel is dark when it shows `off` (the appearance, the mode, or idleness), and night
/// is the night appearance on the panel.
///
/// ```swift
/// let verbs = HostInputVerbs(context.control)
/// let controller = InputController(configuration: input, verbs: verbs, now: now)
/// ```
final class HostInputVerbs: InputVerbs {
    /// The host's verbs; the source that owns this adapter stops before the host goes.
    private unowned let control: any HostControl

    /// An adapter over `control`.
    init(_ control: any HostControl) {
        self.control = control
    }

    var panelIsDark: Bool { control.shownAppearance == .off }

    var isNight: Bool { control.shownAppearance == .night }

    func slot(at point: Point) -> Int? { control.slot(at: point) }

    func link(at point: Point) -> URL? { control.link(at: point) }

    func stepStack(slot: Int, by delta: Int) { control.stepStack(slot: slot, by: delta) }

    func stepView(by delta: Int) { control.stepView(by: delta) }

    func showView(named name: String) { control.showView(named: name) }

    func setMode(_ appearance: Appearance?) {
        switch appearance {
        case nil: control.setMode(.auto)
        case .day?: control.setMode(.day)
        case .dim?: control.setMode(.dim)
        case .night?: control.setMode(.night)
        case .off?: control.setMode(.off)
        }
    }

    func wake(for seconds: Double) { control.wake(for: seconds) }

    func reload() { control.reloadTimelines(ofKind: nil) }

    func setIdle(_ idle: Bool) { control.setIdle(idle) }

    func drag(_ phase: PagerDrag, of target: DragTarget) {
        switch target {
        case .stack(let slot): control.dragStack(slot: slot, phase)
        case .views: control.dragViews(phase)
        }
    }
}
