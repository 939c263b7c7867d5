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
/// around named parts, each in a file of its own (`Host/`): the widgets' timelines
/// (`WidgetRuntime`), the stacks and Smart Rotate (`SlotStacks`), drawing the slots
/// (`SlotPainter`) with burn-in protection (``BurnIn``), the appearance
/// (``AppearanceDirector``, `AmbientInput`), the display (`StandbyHost+Display`), the
/// deadlines (`StandbyHost+Deadlines`), the verbs (`StandbyHost+Verbs`), live reload
/// (`StandbyHost+Reload`) and systemd's watchdog (`Watchdog`).
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
    /// The kinds a configuration may name (a reload makes its widgets from them).
    let registry: WidgetRegistry
    /// How to read the configuration again (nil: it cannot be reloaded).
    let reloader: ConfigurationReloader?
    /// The widget instances, in configuration order.
    var runtimes: [WidgetRuntime]
    /// The slots' stacks.
    var stacks: SlotStacks
    /// The widgets view's painter, on the screen's canvas.
    var painter: SlotPainter
    /// StandBy's views: which shows, the clock's painter, the photos view, motion.
    var views: ViewStage
    /// Where frames go.
    var sink: any FrameSink
    /// The host's time and its one wait.
    let clock: any HostClock
    let fonts: FontDatabase?
    let center: WidgetCenter
    let log: Logger
    var watchdog: Watchdog
    let notifier: SystemdNotifier
    var announcedReady = false

    /// The loop's one wait: the mailbox, the sources' descriptors.
    let loop = EventLoop()
    /// Where events for the loop go, from any thread: provider results, control requests,
    /// signals, and every source's events.
    public let events: Mailbox<HostEvent>
    /// The wakes sources asked for.
    let timers = LoopTimers()
    /// The sources started with the loop.
    var sources: [any EventSource] = []
    /// What the sources were started with, kept while the loop runs.
    var sourceContext: SourceContext?
    /// When to present the frame again because the display could not show it (see
    /// `FrameSink.retryInterval`).
    var displayRetry: Date?
    /// Whether the last present failed: a failing display is logged when it starts failing
    /// and when it recovers, not at every frame.
    var displayFailing = false
    /// Until when the loop turns at the display's pace (``HostControl/animate(until:)``).
    var animationEnd: Date?
    /// Whether ``stop()`` ended the loop.
    var stopped = false

    /// The provider timeout, in seconds.
    public let providerTimeout: TimeInterval
    /// The mode `nightstand mode` set; ``DisplayMode/auto`` when none.
    var mode = DisplayMode.auto
    /// How the display looks: the appearance, its style and any fade.
    var director: AppearanceDirector
    /// What the panel shows of the decided appearance: woken, or off for idleness.
    var panel = PanelState()
    /// The style the slots on screen were drawn in.
    var drawnStyle = FrameStyle.day
    /// The sensor, schedule and backlight, and the reading widgets see.
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
        let fonts = fonts ?? (try? FontDatabase())
        self.events = mailbox
        self.configuration = configuration
        self.registry = registry
        self.reloader = reloader
        let scene = Scene(configuration)
        try scene.configuration.checkLayout(on: sink.size)
        let descriptors = try registry.makeWidgets(for: scene.configuration)
        let now = clock.now
        runtimes = zip(scene.configuration.widgets, descriptors).enumerated().map {
            index, pair in
            WidgetRuntime(
                id: pair.0.id, descriptor: pair.1, family: scene.families[index], now: now)
        }
        stacks = SlotStacks(scene.configuration.slots, ids: runtimes.map(\.id))
        self.sink = sink
        // One database for the life of the host: faces and glyphs load once.
        self.fonts = fonts
        let canvas = Canvas(size: sink.size)
        canvas.clear(.black)
        painter = SlotPainter(
            canvas: canvas, layout: configuration.layout, count: stacks.count, fonts: fonts)
        views = ViewStage.make(
            configuration, canvas: canvas, clockRuntime: ViewStage.clockRuntime(in: runtimes),
            fonts: fonts, events: mailbox)
        self.clock = clock
        self.center = center
        self.providerTimeout = providerTimeout
        self.log = log
        self.notifier = notifier
        watchdog = Watchdog(notifier: notifier)
        self.ambient = AmbientInput(controller: ambient, configuration: configuration.ambient)
        director = AppearanceDirector(
            settings: configuration.appearance, levels: configuration.ambient,
            backlightDims: ambient.map { !$0.dimsPixels } ?? false)
        status = HostStatusBoard(
            HostStatus(time: now, appearance: "", mode: "", slots: [], widgets: [], frames: 0))
        frames = FrameFeed(events: mailbox)
        services = ServiceStates(events: mailbox)
        status.publish(currentStatus(at: now))
    }

    /// The screen as last drawn.
    public var screen: Canvas { painter.canvas }

    /// The appearance shown (or fading in).
    var appearance: Appearance { director.appearance }

    /// The style frames are drawn in now.
    var style: FrameStyle { director.style }

    /// The style of an appearance once a fade is over.
    func style(for appearance: Appearance) -> FrameStyle { director.style(for: appearance) }

    /// The instance a stack shows at `now`.
    func shownInstance(ofSlot slot: Int, at now: Date) -> Int {
        stacks.shown(ofSlot: slot, at: now) { runtimes[$0].relevance(at: now).score }
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
        if director.style != drawnStyle {
            // The view on screen is drawn again in the new style.
            drawnStyle = director.style
            views.onScreen = nil
        }
        if appearance != .off {
            waitForFrameSlot(at: now)
            drawChanges(at: now)
        }
        if let retry = displayRetry, now >= retry { present([screen.bounds], at: now) }
        status.publish(currentStatus(at: now))
    }

    // MARK: Timelines

    /// Takes `WidgetCenter`'s reload requests: the widgets asked for fetch on this turn.
    private func applyReloadRequests(now: Date) {
        let request = center.takeReloadRequest()
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
