import Ambient
import Display
import DisplayCommands
import EventCore
import FoundationEssentials
import Raster
import SystemSupport
import WidgetUI
import Widgets

/// The host: keeps every slot's widget current and hands changed pixels to the display.
///
/// It is a small event-driven core (`Core/`: ``run(until:)``, ``HostEvent``, ``EventSource``)
/// around named parts, each in a file of its own: the widgets' timelines and stacks
/// (`WidgetSet`, `WidgetRuntime`, `SlotStacks`), the screen and its views (`Screen/`), the
/// appearance (``AppearanceDirector``, `AmbientInput`, `PanelState`), the display
/// (`StandbyHost+Display`), the deadlines (`StandbyHost+Deadlines`), the commands
/// (`StandbyHost+Commands`), live reload (`StandbyHost+Reload`) and systemd
/// (`SystemdSession`) and the alarms (`HostAlarms`, `StandbyHost+Alarms`). `HostAssembly` makes the widgets and the screen from a configuration,
/// the one path for starting, a reload and a new display.
///
/// Each turn it draws only what changed (a slot whose widget, entry, or live text changed),
/// presents only those rectangles, and then sleeps until the earliest deadline or event.
/// Providers run on their own threads with a timeout; a provider that throws or hangs keeps
/// its widget on its last entry.
///
/// ```swift
/// let host = try StandbyHost(configuration: config, registry: registry, sink: sink, clock: SystemClock())
/// host.add(SensorHotplug())
/// host.run()
/// ```
public final class StandbyHost {
    /// Counts of what the loop did, for tests and `nightstand status`.
    public struct Statistics: Equatable, Sendable {
        /// Frames handed to the display.
        public var frames = 0
        /// Widgets drawn, by instance id.
        public var draws: [String: Int] = [:]
        /// Times the loop woke up.
        public var wakeups = 0
    }

    /// The configuration running; a live reload replaces it.
    var configuration: Configuration
    /// How the widgets and the screen are made from a configuration.
    let assembly: HostAssembly
    /// The widgets' timelines and the slots' stacks.
    var widgets: WidgetSet
    /// StandBy's views on the screen: which shows, how they move, the canvas.
    var views: Screen
    /// Where frames go, and how it is doing.
    var output: DisplayOutput
    /// The host's time and its one wait.
    let clock: any HostClock
    let log: Logger
    /// What systemd hears: ready, the watchdog, stopping.
    var systemd: SystemdSession
    /// The loop's one wait: the mailbox, the sources' descriptors.
    let loop = EventLoop()
    /// Where events for the loop go, from any thread: provider results, control requests,
    /// signals, and every source's events.
    public let events: Mailbox<HostEvent>
    /// The sources started with the loop, and the wakes they asked for.
    let sources = SourceSet()
    /// The alarms: ringing, snoozes, the wake-up light.
    let alarms: HostAlarms
    /// Whether ``stop()`` ended the loop.
    var stopped = false
    /// How the display looks: the appearance, its style and any fade.
    var director: AppearanceDirector
    /// What the panel shows of the decided appearance: woken, or off for idleness.
    var panel = PanelState()
    /// The sensor, schedule, mode and backlight, and the reading widgets see.
    var ambient: AmbientInput
    /// What the loop did so far.
    public internal(set) var statistics = Statistics()
    /// What the host shows and plans, published at the end of each turn, readable from any
    /// thread (the control server answers `nightstand status` from it).
    public let status: HostStatusBoard
    /// The frames presented, and the frame on the panel, for observers on other threads.
    public let frames: FrameFeed
    /// The states of the services the sources run (MQTT, HTTP), in the status.
    public let services: ServiceStates

    /// Makes every widget of the configuration and lays out the screen.
    ///
    /// `reloader` reads the configuration again on a live reload (nil: none). Throws ``Settings/ConfigurationError`` for an unknown widget kind, a
    /// bad option, or a layout that leaves nothing to see on the sink's screen.
    public init(
        configuration: Configuration, registry: WidgetRegistry, sink: any FrameSink,
        clock: any HostClock, fonts: FontDatabase? = nil, center: WidgetCenter = .shared,
        providerTimeout: TimeInterval = 10, log: Logger = Logger(label: "nightstand"),
        notifier: SystemdNotifier = SystemdNotifier(environment: [:]),
        ambient: AmbientController? = nil, events: Mailbox<HostEvent>? = nil,
        reloader: ConfigurationReloader? = nil
    ) throws {
        let mailbox = try events ?? Mailbox()
        self.events = mailbox
        // The controls commands chose (`idle-off`, `night-red`, `photos-interval`) over the file's.
        let configuration = configuration.controlled(
            by: KeptNumbers.controls(directory: configuration.stateDirectory, log: log).load())
        self.configuration = configuration
        assembly = HostAssembly(
            registry: registry, reloader: reloader, fonts: fonts ?? (try? FontDatabase()),
            events: mailbox, log: log)
        let now = clock.now
        widgets = try assembly.widgets(
            for: configuration, on: sink.size, at: now, keeping: nil, center: center,
            providerTimeout: providerTimeout
        ).widgets
        views = assembly.screen(for: configuration, on: sink.size, widgets: widgets, keeping: nil)
        output = DisplayOutput(sink: sink)
        self.clock = clock
        self.log = log
        systemd = SystemdSession(notifier: notifier)
        self.ambient = AmbientInput(controller: ambient, configuration: configuration.ambient)
        alarms = HostAlarms(configuration, log: log, at: now)
        director = AppearanceDirector(
            settings: configuration.appearance, levels: configuration.ambient,
            backlightDims: ambient.map { !$0.dimsPixels } ?? false)
        status = HostStatusBoard(
            HostStatus(time: now, appearance: "", mode: "", slots: [], widgets: [], frames: 0))
        frames = FrameFeed(events: mailbox)
        services = ServiceStates(events: mailbox)
        let kept = levels(configuration.ambient)
        if kept != configuration.ambient { use(kept, appearance: configuration.appearance) }
        status.publish(currentStatus(at: now))
    }

    /// The screen as last drawn.
    public var screen: Canvas { views.canvas }

    /// The provider timeout, in seconds.
    public var providerTimeout: TimeInterval { widgets.providerTimeout }

    /// Where frames go.
    var sink: any FrameSink { output.sink }

    /// The widget instances, in configuration order.
    var runtimes: [WidgetRuntime] { widgets.runtimes }

    /// The appearance shown (or fading in).
    var appearance: Appearance { director.appearance }

    /// The style frames are drawn in now.
    var style: FrameStyle { director.style }

    /// The style of an appearance once a fade is over.
    func style(for appearance: Appearance) -> FrameStyle { director.style(for: appearance) }

    /// What the views draw from now.
    var viewContent: ViewContent {
        ViewContent(
            widgets: widgets, style: views.style, reading: ambient.reading,
            isNight: appearance == .night, nextAlarm: alarms.nextRing(at: clock.now))
    }

    /// One turn of the loop at `now`: fetches due, timeouts, the appearance, and drawing
    /// what changed.
    func turn(at now: Date) {
        applyReloadRequests(now: now)
        for runtime in runtimes {
            if let change = runtime.timeOutFetch(now: now, timeout: providerTimeout) {
                report(change, of: runtime)
            }
            if let reload = runtime.nextReload, reload <= now {
                runtime.startFetch(now: now, timeout: providerTimeout, events: events)
            }
        }
        updateAppearance(at: now)
        advanceAlarms(at: now)
        if director.style != views.style {
            // The view on screen is drawn again in the new style.
            views.style = director.style
            views.redrawAll()
        }
        if appearance != .off {
            views.waitForFrameSlot(at: now, on: sink)
            drawChanges(at: now)
        }
        if let retry = output.retry, now >= retry { present([screen.bounds], at: now) }
        status.publish(currentStatus(at: now))
        frames.deliverLoans(self, presented: false)
    }

    /// Draws what changed on the screen at `now` and presents it.
    func drawChanges(at now: Date) {
        frames.willDraw()
        let (damage, ids) = views.drawChanges(viewContent, at: now)
        for id in ids { statistics.draws[id, default: 0] += 1 }
        guard !damage.isEmpty else { return }
        present(damage, at: now)
    }

    // MARK: Timelines

    /// Takes `WidgetCenter`'s reload requests: the widgets asked for fetch on this turn.
    private func applyReloadRequests(now: Date) {
        let request = widgets.center.takeReloadRequest()
        guard !request.isEmpty else { return }
        for runtime in runtimes where request.includes(runtime.descriptor.kind) {
            if runtime.fetch == nil { runtime.nextReload = now }
        }
        log.info(
            "reload requested: \(request.all ? "all" : request.kinds.sorted().joined(separator: ", "))"
        )
    }

    /// Takes a provider's answer for the runtime numbered `serial` (an event from its fetch's
    /// thread); a runtime a reload dropped meanwhile is gone, and so is its answer.
    func finishFetch(
        serial: Int, generation: Int, result: Result<AnyTimeline, TimelineFailure>
    ) {
        guard let runtime = runtimes.first(where: { $0.serial == serial }) else { return }
        if let change = runtime.finishFetch(generation: generation, result: result, now: clock.now)
        {
            report(change, of: runtime)
        }
    }

    /// Logs a change of a widget's error state.
    func report(_ change: WidgetRuntime.StateChange, of runtime: WidgetRuntime) {
        switch change {
        case .failed(let message):
            log.warning(
                "widget \(runtime.id): \(message); keeping its last entry",
                metadata: ["kind": "\(runtime.descriptor.kind)"])
        case .recovered:
            log.info("widget \(runtime.id): provider recovered")
        }
    }
}
