import Ambient
import FoundationEssentials
import Raster
import StandbyViews

/// The verbs of the host: everything an event may ask of it.
///
/// `nightstand mode` and `reload` over the control socket, SIGHUP, and every input to come
/// (touches, keys, MQTT commands, HTTP requests) end in these calls, on the loop's thread, so
/// they behave the same whichever way they came. ``StandbyHost`` implements them; a source's
/// tests may implement them on a stand-in. A new verb is a new requirement here and its
/// implementation in the host: the loop does not change.
///
/// ```swift
/// let swipeUp = HostEvent("swipe up") { control in control.setMode(.night) }
/// ```
public protocol HostControl: AnyObject {
    /// Holds an appearance (`day`, `dim`, `night`, `off`) whatever the sensor and the
    /// schedule say, or hands the choice back (``ModeOverride/auto``).
    func setMode(_ mode: ModeOverride)

    /// Asks the providers of every widget of `kind` (nil: of every widget) for a new
    /// timeline on this turn.
    func reloadTimelines(ofKind kind: String?)

    /// Reads the configuration file again and, when it is valid, applies it without
    /// restarting: a summary of what changed, or the error that refused the file (the
    /// running configuration stays).
    func reloadConfiguration() -> Result<String, ConfigurationError>

    /// Turns at the display's pace until `date`, presenting every frame that changes: for
    /// something that moves. The display paces it (a DRM sink waits for the page flip); at
    /// most ``StandbyHost/frameInterval`` apart.
    func animate(until date: Date)

    /// Shows the view named `name` (`widgets`, `photos`, `clock`), sliding it in; false when
    /// it is not one of `[layout] views`.
    @discardableResult
    func showView(named name: String) -> Bool

    /// Shows the view `delta` (±1) away, going round past the ends (a key's `view next`).
    func stepView(by delta: Int)

    /// A finger drags the views sideways: they follow it, then settle on a view
    /// (``StandbyViews/PagerDrag``, in pixels, positive to the right).
    func dragViews(_ phase: PagerDrag)

    /// Steps the stack of `slot` (0 from the left) to the widget `delta` (±1) away, sliding it
    /// in, and pauses the stack's rotation for a while (``SlotStacks/pause``).
    func stepStack(slot: Int, by delta: Int)

    /// A finger drags the stack of `slot` up or down: its widgets follow it, then settle
    /// (positive down); settling on another widget pauses the stack's rotation.
    func dragStack(slot: Int, _ phase: PagerDrag)

    /// Gives the display up: the console is switching to another VT.
    func releaseDisplay()

    /// Takes the display back and presents the whole frame: the console switched back.
    func acquireDisplay()

    /// Lights the panel for `seconds`, then lets it go back: a panel the appearance keeps dark
    /// (`off`, by the schedule or `nightstand mode off`) shows `night` meanwhile, at night's
    /// brightness; one off for idleness shows the appearance decided. A later wake extends it.
    func wake(for seconds: TimeInterval)

    /// Turns the panel off for lack of anyone there (`true`), or back on. The appearance
    /// policy (sensor, schedule, mode) goes on deciding meanwhile; a wake lights it still.
    func setIdle(_ idle: Bool)

    /// The appearance on the panel now: the one decided, or what a wake or idleness makes of
    /// it (`off` while the panel is dark).
    var shownAppearance: Appearance { get }

    /// The slot (0 from the left) whose rectangle holds `point` (pixels of the picture) while
    /// the widgets view shows at rest; nil elsewhere (a margin, another view, motion): where a
    /// vertical drag or a tap lands.
    func slot(at point: Point) -> Int?

    /// Where a tap at `point` (pixels of the picture) leads: the front-most `Link` of the
    /// widget shown there, else its `widgetURL`; nil when it has neither, or no widget shows
    /// there.
    func link(at point: Point) -> URL?

    /// Finishes this turn and returns from the run loop.
    func stop()
}
