import DisplayCommands
import FoundationEssentials
import SystemSupport

/// Turns the devices' ``InputEvent``s into display commands, and keeps the idle timer.
///
/// - A swipe up or down on a slot steps its stack (up: the next widget); left or right steps
///   the views (left: the next view). Drags drive the motion on their way (the commands
///   `dragStack` and `dragViews`).
/// - A touch on a dark panel (appearance or mode `off`, or off for idleness) only lights it:
///   for ``InputConfiguration/wakeDuration`` when the appearance keeps it dark, for good when
///   it was off for idleness. Nothing else that touch does counts.
/// - While an alarm rings, a tap anywhere snoozes it and a slide sideways dismisses it
///   (a sleepy tap never turns it off); nothing else a touch does counts.
/// - A tap on a link runs the action its scheme maps to (``LinkRunner``); a tap elsewhere at
///   night wakes the panel.
/// - Bound keys do their actions; every touch, key and presence event is activity. After
///   ``InputConfiguration/idleOff`` without any the panel goes off, and the next turns it on.
/// - A presence counts once its key stayed held ``InputConfiguration/presenceMin``; it ends
///   idleness but never lights a panel the appearance keeps dark (the `off` window at 3 am),
///   where a touch or a `wake` key does, for ``InputConfiguration/wakeDuration``.
///
/// The host calls ``handle(_:at:)`` for each event and ``deadlineReached(at:)`` at
/// ``deadline``, on the run loop's thread; time is in seconds of one clock (the host's:
/// `InputSource` passes its `timeIntervalSince1970`, so a simulated clock drives it in tests).
///
/// ```swift
/// let controller = InputController(configuration: input, display: host, now: now)
/// devices.handleReadable { controller.handle($0, at: clock.now) }
/// if let deadline = controller.deadline { loop.wake(at: deadline) }
/// ```
public final class InputController {
    /// The `[input]` section in force.
    public private(set) var configuration: InputConfiguration
    /// The display: the host, which owns the source that owns this controller.
    private unowned let display: any CommandTarget
    private var idle: IdleTimer
    private var links: LinkRunner
    private let logger: Logger
    /// Whether the panel is off for idleness.
    public private(set) var isIdleOff = false
    /// The touch in progress woke the panel: its gestures do nothing else.
    private var swallowing = false
    /// What the drag in progress moves, if anything.
    private var dragTarget: DragTarget?
    /// When a presence key held now counts, if it is held and does not count yet.
    private var presencePending: Double?

    /// A controller sending `display` its commands, counting idleness from `now`.
    public init(
        configuration: InputConfiguration, display: any CommandTarget, now: Double,
        logger: Logger = Logger(label: "nightstand.input")
    ) {
        self.configuration = configuration
        self.display = display
        self.logger = logger
        idle = IdleTimer(idleOff: configuration.idleOff, now: now)
        links = LinkRunner(
            links: configuration.links, timeout: configuration.linkTimeout, logger: logger)
    }

    /// When the panel goes off for idleness if nothing happens; nil: not while it is off, held
    /// presence, or no `idle_off`.
    public var deadline: Double? {
        let idleEnd = isIdleOff ? nil : idle.deadline
        guard let presencePending else { return idleEnd }
        return min(idleEnd ?? presencePending, presencePending)
    }

    /// Takes a new `[input]` section (a reload): the idle time counts on from the last
    /// activity.
    public func update(_ configuration: InputConfiguration) {
        self.configuration = configuration
        idle.idleOff = configuration.idleOff
        links = LinkRunner(
            links: configuration.links, timeout: configuration.linkTimeout, logger: logger)
    }

    /// A deadline came: a presence held long enough counts; the panel goes off if nothing
    /// happened since.
    public func deadlineReached(at now: Double) {
        if let pending = presencePending, now >= pending {
            presencePending = nil
            presence(true, at: now)
        }
        guard !isIdleOff, idle.isIdle(at: now) else { return }
        isIdleOff = true
        logger.info("input: idle for \(configuration.idleOff ?? 0) s; panel off")
        display.apply(.setIdle(true))
    }

    /// Acts on one event that came at `now`.
    public func handle(_ event: InputEvent, at now: Double) {
        switch event {
        case .presence(true) where configuration.presenceMin > 0:
            presencePending = presencePending ?? now + configuration.presenceMin
        case .presence(false) where presencePending != nil:
            // A blip shorter than presence_min: nobody was there.
            presencePending = nil
        case .presence(let held):
            presence(held, at: now)
        case .activity:
            idle.noteActivity(at: now)
            lightAfterIdle()
        case .action(let action):
            idle.noteActivity(at: now)
            lightAfterIdle()
            perform(action)
        case .gesture(let gesture):
            handle(gesture, at: now)
        }
    }

    private func handle(_ gesture: Gesture, at now: Double) {
        switch gesture {
        case .touchDown:
            idle.noteActivity(at: now)
            if display.state.ringingAlarm != nil {
                // The alarm lit the panel: the touch counts (a tap snoozes).
                lightAfterIdle()
            } else if isIdleOff {
                lightAfterIdle()
                swallowing = true
            } else if display.state.isDark {
                display.apply(.wake(seconds: configuration.wakeDuration))
                swallowing = true
            }
            return
        case .touchUp:
            swallowing = false
            dragTarget = nil
            return
        default:
            break
        }
        guard !swallowing else { return }
        switch gesture {
        case .tap where display.state.ringingAlarm != nil:
            display.apply(.alarm(.snooze))
        case .dragBegan(let drag) where display.state.ringingAlarm != nil:
            // Only a slide sideways dismisses a ringing alarm; nothing else moves under it.
            dragTarget = drag.axis == .horizontal ? .alarm : nil
        case .dragEnded(_, let swipe?) where dragTarget == .alarm:
            if swipe == .left || swipe == .right { display.apply(.alarm(.dismiss)) }
            dragTarget = nil
        case .tap where display.state.message != nil:
            display.apply(.dismissMessage)
        case .tap(let point):
            let info = display.info(atX: point.x, y: point.y)
            if let url = info.link, links.open(url) != .unmapped { return }
            if display.state.isNight { display.apply(.wake(seconds: configuration.wakeDuration)) }
        case .dragBegan(let drag):
            dragTarget =
                drag.axis == .horizontal
                ? .views
                : display.info(atX: drag.start.x, y: drag.start.y).slot.map { .stack(slot: $0) }
            if let dragTarget { self.drag(.began, of: dragTarget) }
        case .dragChanged(let drag):
            if let dragTarget {
                self.drag(
                    .changed(translation: drag.distance, velocity: drag.speed), of: dragTarget)
            }
        case .dragEnded(let drag, let swipe):
            if let dragTarget {
                let step: Int
                switch swipe {
                case .up?, .left?: step = 1
                case .down?, .right?: step = -1
                case nil: step = 0
                }
                self.drag(
                    .ended(translation: drag.distance, velocity: drag.speed, direction: step),
                    of: dragTarget)
            }
            dragTarget = nil
        case .dragCancelled:
            if let dragTarget { self.drag(.cancelled, of: dragTarget) }
            dragTarget = nil
        case .swipe, .touchDown, .touchUp:
            // A swipe ends a drag, which carried it; touches were handled above.
            break
        }
    }

    /// A presence that counts: someone is there (`held`) or went away.
    private func presence(_ held: Bool, at now: Double) {
        idle.presence(held, at: now)
        display.apply(.setPresence(held))
        if held { lightAfterIdle() }
    }

    /// The panel comes back on if it went off for idleness.
    private func lightAfterIdle() {
        guard isIdleOff else { return }
        isIdleOff = false
        logger.info("input: activity; panel on")
        display.apply(.setIdle(false))
    }

    private func perform(_ action: InputAction) {
        switch action {
        case .command(let command): display.apply(command)
        case .wake: display.apply(.wake(seconds: configuration.wakeDuration))
        case .presence, .none:
            // The interpreter turns these into presence events, or nothing.
            break
        }
    }

    /// A drag of a stack or of the views, as the display's command.
    private func drag(_ phase: PagerDrag, of target: DragTarget) {
        switch target {
        case .stack(let slot): display.apply(.dragStack(slot: slot, phase))
        case .views: display.apply(.dragViews(phase))
        case .alarm: break
        }
    }
}

/// What a drag moves: the stack of the slot it started on (vertical drags) or the views
/// (horizontal ones).
enum DragTarget: Sendable, Equatable {
    /// A slot's stack, 0 from the left.
    case stack(slot: Int)
    /// The views.
    case views
    /// The ringing alarm: a slide sideways dismisses it.
    case alarm
}
