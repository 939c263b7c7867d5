import Ambient
import Display
import FoundationEssentials
import Glibc
import Raster
import SystemSupport
import WidgetUI
import Widgets

/// The run loop: keeps every slot's widget current and hands changed pixels to the display.
///
/// It draws only what changed (a slot whose widget, entry, or live text changed), presents
/// only those rectangles, and sleeps until the earliest deadline: the next entry, a reload, the
/// next instant a live text changes, a stack rotation, a burn-in step. Providers run on their
/// own tasks with a timeout; a provider that throws or hangs keeps its widget on its last entry.
///
/// ```swift
/// let host = try StandbyHost(configuration: config, registry: registry, sink: sink, clock: SystemClock())
/// await host.run()
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

    /// What was last drawn in a slot, to tell whether it must be drawn again.
    private struct Drawn {
        var instance: Int
        var entry: any TimelineEntry
        var isPlaceholder: Bool
        var timelineGeneration: Int
        var nextChange: Date?
        /// The ambient reading the drawing showed; nil when it did not read it.
        var reading: AmbientReading?

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

    private let configuration: Configuration
    let runtimes: [WidgetRuntime]
    let stacks: [Configuration.Slot]
    private var drawn: [Drawn?]
    private let sink: any FrameSink
    private let canvas: Canvas
    private let layout: SceneLayout
    private let clock: any HostClock
    private let fonts: FontDatabase?
    /// One image cache for the life of the host: PNGs decode once, problems log once.
    private let images = ImageCache()
    /// Likewise one cache of laid-out text: unchanged text is not laid out again each frame.
    private let textLayouts = TextLayoutCache()
    private let center: WidgetCenter
    private let log: Logger
    private let notifier: SystemdNotifier
    /// When `WATCHDOG=1` is next due, in system time.
    private var nextWatchdog: Date?
    private var announcedReady = false
    /// Where events for the loop go: provider results, reloads, control commands, signals.
    public let events: EventQueue
    /// When to present the frame again because the display could not show it (see
    /// `FrameSink.retryInterval`).
    private var displayRetry: Date?
    /// The provider timeout, in seconds.
    public let providerTimeout: TimeInterval
    /// The mode `nightstand mode` set; ``ModeOverride/auto`` when none.
    private(set) var mode = ModeOverride.auto
    /// How the display looks: the appearance, its style and any fade.
    private var director: AppearanceDirector
    /// The style the slots on screen were drawn in.
    private var drawnStyle = FrameStyle.day
    /// What widgets see as `ambientReading`: the light level, appearance and thresholds.
    private(set) var ambientReading: AmbientReading
    /// The light sensor, schedule and backlight; nil shows day unless a mode is forced.
    private var ambient: AmbientController?
    private var nextAmbientUpdate: Date?
    private var offset: (x: Int, y: Int)?
    private var stopped = false
    /// What the loop did so far.
    public private(set) var statistics = Statistics()
    /// What the host shows and plans, published at the end of each turn, readable from any
    /// thread (the control server answers `nightstand status` from it).
    public let status: HostStatusBoard

    /// Makes every widget of the configuration and lays out the screen.
    ///
    /// Throws ``ConfigurationError`` for an unknown widget kind or a bad option.
    public init(
        configuration: Configuration, registry: WidgetRegistry, sink: any FrameSink,
        clock: any HostClock, fonts: FontDatabase? = nil, center: WidgetCenter = .shared,
        providerTimeout: TimeInterval = 10, log: Logger = Logger(label: "nightstand"),
        notifier: SystemdNotifier = SystemdNotifier(environment: [:]),
        ambient: AmbientController? = nil, events: EventQueue = EventQueue()
    ) throws {
        self.events = events
        var configuration = configuration
        var family = WidgetFamily.systemSmall
        if configuration.layout.style == .clock {
            // StandBy's clock view: the built-in clock, full screen (a wide digital face, a
            // square analog one), instead of the slots.
            let face = configuration.layout.clockFace
            configuration.widgets = [
                .init(
                    id: "clock", kind: "clock",
                    options: WidgetOptions(["style": .string(face.rawValue)]))
            ]
            configuration.slots = [.init(widgets: ["clock"], rotation: .off)]
            family = face == .digital ? .systemMedium : .systemSmall
        }
        self.configuration = configuration
        let descriptors = try registry.makeWidgets(for: configuration)
        let now = clock.now
        runtimes = zip(configuration.widgets, descriptors).map { instance, descriptor in
            WidgetRuntime(id: instance.id, descriptor: descriptor, family: family, now: now)
        }
        stacks = configuration.slots
        drawn = Array(repeating: nil, count: configuration.slots.count)
        self.sink = sink
        canvas = Canvas(size: sink.size)
        canvas.clear(.black)
        layout = SceneLayout(
            screen: sink.size, layout: configuration.layout, count: configuration.slots.count)
        self.clock = clock
        // One database for the life of the host: faces and glyphs load once.
        self.fonts = fonts ?? (try? FontDatabase())
        self.center = center
        self.providerTimeout = providerTimeout
        self.log = log
        self.notifier = notifier
        try configuration.checkLayout(on: sink.size)
        self.ambient = ambient
        director = AppearanceDirector(
            settings: configuration.appearance, levels: configuration.ambient,
            backlightDims: ambient.map { !$0.dimsPixels } ?? false)
        ambientReading = AmbientReading(
            .day, source: .schedule, sensorName: nil, configuration: configuration.ambient)
        status = HostStatusBoard(
            HostStatus(time: now, appearance: "", mode: "", slots: [], widgets: [], frames: 0))
        status.publish(currentStatus(at: now))
    }

    /// The screen as last drawn.
    public var screen: Canvas { canvas }

    /// Asks the loop to finish its turn and return (from any thread: post ``HostEvent/stop``).
    public func stop() {
        events.post(.stop)
    }

    /// Runs until stopped (``stop()``, SIGINT/SIGTERM through ``events``), or until the clock
    /// reaches `end`.
    public func run(until end: Date? = nil) async {
        center.onReloadRequest { [events] in events.post(.reloadRequested) }
        defer {
            center.onReloadRequest(nil)
            for runtime in runtimes { runtime.cancelFetch() }
            notifier.notify("STOPPING=1")
        }
        while !stopped {
            let now = clock.now
            if let end, now >= end { break }
            turn(at: now)
            pingWatchdog()
            var deadline = nextDeadline(after: now)
            if let step = director.nextFrame(after: now) {
                deadline = min(deadline ?? step, step)
            }
            if let ambientDue = nextAmbientUpdate {
                deadline = min(deadline ?? ambientDue, ambientDue)
            }
            if let ping = nextWatchdog {
                // The watchdog is due on the system's time; convert to the display's clock.
                let due = now.addingTimeInterval(max(0, ping.timeIntervalSinceNow))
                deadline = min(deadline ?? due, due)
            }
            if let end { deadline = min(deadline ?? end, end) }
            let busy = runtimes.contains { $0.fetch != nil }
            let arrived = await clock.wait(until: deadline, events: events, busy: busy)
            statistics.wakeups += 1
            for event in arrived { handle(event) }
        }
    }

    /// The appearance shown (or fading in).
    var appearance: Appearance { director.appearance }

    /// The style frames are drawn in now.
    var style: FrameStyle { director.style }

    /// The style of an appearance once a fade is over.
    func style(for appearance: Appearance) -> FrameStyle { director.style(for: appearance) }

    /// Draws one frame at the clock's time once every provider answered or timed out.
    ///
    /// This is what `nightstand snapshot` shows. It waits real time, at most the provider
    /// timeout.
    public func drawSettledFrame() async {
        let now = clock.now
        turn(at: now)
        let giveUp = Date().addingTimeInterval(providerTimeout)
        while runtimes.contains(where: { $0.fetch != nil }) {
            let remaining = giveUp.timeIntervalSinceNow
            let arrived = await events.next(timeout: max(remaining, 0))
            for event in arrived { handle(event) }
            if remaining <= 0 {
                // Time out every fetch still running, at the host's deadline.
                for runtime in runtimes {
                    if let change = runtime.timeOutFetch(
                        now: .distantFuture, timeout: providerTimeout)
                    {
                        report(change, of: runtime)
                    }
                }
            }
        }
        drawChanges(at: now)
    }

    /// One turn of the loop at `now`: fetches due, timeouts, and drawing what changed.
    func turn(at now: Date) {
        applyReloadRequests(now: now)
        for (index, runtime) in runtimes.enumerated() {
            if let change = runtime.timeOutFetch(now: now, timeout: providerTimeout) {
                report(change, of: runtime)
            }
            if let reload = runtime.nextReload, reload <= now {
                runtime.startFetch(index: index, now: now, timeout: providerTimeout, events: events)
            }
        }
        updateAppearance(at: now)
        if director.style != drawnStyle {
            // Every slot is drawn again in the new style.
            drawnStyle = director.style
            drawn = Array(repeating: nil, count: stacks.count)
        }
        if appearance != .off { drawChanges(at: now) }
        if let retry = displayRetry, now >= retry { present([canvas.bounds], at: now) }
        status.publish(currentStatus(at: now))
    }

    // MARK: Appearance

    /// Asks the ambient controller when due, and moves a fade along.
    private func updateAppearance(at now: Date) {
        if var controller = ambient, nextAmbientUpdate.map({ now >= $0 }) ?? true {
            let decision = controller.update(at: now)
            ambient = controller
            nextAmbientUpdate = decision.nextEvaluation
            note(decision.appearance, source: decision.source, sensorName: controller.sensorName)
            // The first appearance shows at once: the display starts as it should look.
            show(decision.appearance, at: now, fading: statistics.frames > 0)
        }
        director.advance(to: now)
    }

    /// Shows an appearance immediately, without a fade: what `nightstand snapshot` draws.
    ///
    /// `source` is what chose it, as widgets see it in `ambientReading` (a sensor decision
    /// carries the light level) and `sensorName` the sensor that measured it. Default: a
    /// manual override, no sensor.
    public func setAppearance(
        _ appearance: Appearance, source: AmbientSource = .override, sensorName: String? = nil
    ) {
        note(appearance, source: source, sensorName: sensorName)
        show(appearance, at: clock.now, fading: false)
    }

    /// Keeps what widgets see as `ambientReading`.
    private func note(_ appearance: Appearance, source: AmbientSource, sensorName: String?) {
        ambientReading = AmbientReading(
            appearance, source: source, sensorName: sensorName,
            configuration: configuration.ambient)
    }

    /// Changes the appearance: blanks for `off`, fades between the others.
    private func show(_ new: Appearance, at now: Date, fading: Bool) {
        let old = director.appearance
        director.backlightDims = ambient.map { !$0.dimsPixels } ?? false
        let panel = director.show(new, at: now, fading: fading)
        guard new != old else { return }
        log.info("appearance \(old) → \(new)")
        guard panel != .unchanged else { return }
        do {
            try sink.blank(panel == .blank)
        } catch {
            log.error("display: \(panel == .blank ? "blanking" : "unblanking"): \(error)")
        }
        displayRetry = sink.retryInterval.map { now.addingTimeInterval($0) }
    }

    /// Sends `WATCHDOG=1` when it is due.
    ///
    /// The watchdog runs on the system's time: a simulated or shifted display clock must not
    /// starve it.
    private func pingWatchdog() {
        guard let interval = notifier.watchdogInterval else { return }
        let now = Date()
        if let due = nextWatchdog, now < due { return }
        notifier.notify("WATCHDOG=1")
        nextWatchdog = now.addingTimeInterval(interval)
    }

    // MARK: Events

    private func handle(_ event: HostEvent) {
        switch event {
        case .timeline(let index, let generation, let result):
            guard runtimes.indices.contains(index) else { return }
            let runtime = runtimes[index]
            if let change = runtime.finishFetch(
                generation: generation, result: result, now: clock.now)
            {
                report(change, of: runtime)
            }
        case .reloadRequested:
            break  // taken at the start of the next turn
        case .control(.reload(let kind)):
            if let kind {
                center.reloadTimelines(ofKind: kind)
            } else {
                center.reloadAllTimelines()
            }
        case .control(.mode(let mode)):
            apply(mode)
        case .stop:
            stopped = true
        case .releaseDisplay:
            log.info("display released: the console switched to another VT")
            sink.releaseDisplay()
            displayRetry = nil
        case .acquireDisplay:
            log.info("display back: the console switched back to our VT")
            sink.acquireDisplay()
            present([canvas.bounds], at: clock.now)
        }
    }

    /// Applies `nightstand mode`: `day`, `dim`, `night` and `off` override the light sensor and
    /// the schedule until `auto`.
    private func apply(_ mode: ModeOverride) {
        self.mode = mode
        log.info("mode \(mode.rawValue)")
        let forced = Appearance(rawValue: mode.rawValue)
        if var controller = ambient {
            controller.manualOverride = forced
            ambient = controller
            nextAmbientUpdate = nil  // decide on the next turn
        } else {
            note(forced ?? .day, source: forced == nil ? .schedule : .override, sensorName: nil)
            show(forced ?? .day, at: clock.now, fading: true)
        }
    }

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

    private func report(_ change: WidgetRuntime.StateChange, of runtime: WidgetRuntime) {
        switch change {
        case .failed(let message):
            log.warning(
                "widget \(runtime.id): \(message); keeping its last entry",
                metadata: ["kind": "\(runtime.descriptor.kind)"])
        case .recovered:
            log.info("widget \(runtime.id): provider recovered")
        }
    }

    // MARK: Drawing

    /// The instance a stack shows at `now`.
    func shownInstance(ofSlot slot: Int, at now: Date) -> Int {
        let ids = stacks[slot].widgets
        let members = ids.compactMap { id in runtimes.firstIndex { $0.id == id } }
        guard members.count > 1 else { return members.first ?? 0 }
        let interval: TimeInterval?
        switch stacks[slot].rotation {
        case .off: return members[0]
        case .every(let seconds): interval = seconds
        case .smart(let seconds):
            let scores = members.map { runtimes[$0].relevance(at: now).score }
            if let best = scores.max(), best > 0, let first = scores.firstIndex(of: best) {
                return members[first]
            }
            interval = seconds
        }
        guard let interval else { return members[0] }
        let step = Int((now.timeIntervalSince1970 / interval).rounded(.down))
        return members[step % members.count]
    }

    private func drawChanges(at now: Date) {
        let newOffset = SceneLayout.burnInOffset(
            at: now.timeIntervalSince1970, layout: configuration.layout)
        var damage: [IntRect] = []
        if offset.map({ $0 != newOffset }) ?? true {
            offset = newOffset
            canvas.clear(.black)
            drawn = Array(repeating: nil, count: stacks.count)
            damage.append(canvas.bounds)
        }
        for slot in stacks.indices {
            let index = shownInstance(ofSlot: slot, at: now)
            let runtime = runtimes[index]
            let (entry, isPlaceholder) = runtime.entry(at: now)
            var state = Drawn(
                instance: index, entry: entry, isPlaceholder: isPlaceholder,
                timelineGeneration: runtime.timelineGeneration, nextChange: nil)
            if let last = drawn[slot] {
                let due = last.nextChange.map { now >= $0 } ?? false
                let stale = last.reading.map { ambientReading.differsNoticeably(from: $0) }
                if last.drawsSame(as: state) && !due && stale != true { continue }
            }
            let rect = layout.slots[slot].offsetBy(dx: newOffset.x, dy: newOffset.y)
            (state.nextChange, state.reading) = draw(
                runtime, entry: entry, isPlaceholder: isPlaceholder, in: rect, at: now)
            drawn[slot] = state
            statistics.draws[runtime.id, default: 0] += 1
            damage.append(rect.intersection(canvas.bounds))
        }
        damage.removeAll { $0.isEmpty }
        guard !damage.isEmpty else { return }
        present(damage, at: now)
    }

    /// Hands the canvas's `damage` to the display, and plans a retry when the display could
    /// not show it (master or connector lost).
    private func present(_ damage: [IntRect], at now: Date) {
        do {
            try sink.present(canvas, damage: damage)
            statistics.frames += 1
            if !announcedReady {
                announcedReady = true
                notifier.notify("READY=1")
            }
        } catch {
            log.error("display: \(error)")
        }
        displayRetry = sink.retryInterval.map { now.addingTimeInterval($0) }
    }

    /// Draws a widget into a slot; returns when it next changes by itself, and the ambient
    /// reading if the drawing read it.
    private func draw(
        _ runtime: WidgetRuntime, entry: any TimelineEntry, isPlaceholder: Bool, in slot: IntRect,
        at now: Date
    ) -> (nextChange: Date?, reading: AmbientReading?) {
        let family = runtime.context.family
        let (frame, scale) = SceneLayout.widgetFrame(in: slot, points: family.size)
        var environment = EnvironmentValues()
        environment.showsWidgetContainerBackground =
            configuration.layout.tiles || !runtime.descriptor.isContainerBackgroundRemovable
        let accent = configuration.layout.accent
        environment.widgetAccentTint = Color(
            red: Double(accent.red), green: Double(accent.green), blue: Double(accent.blue))
        environment.imageCache = images
        environment.textLayoutCache = textLayouts
        environment.ambientReading = ambientReading
        if isPlaceholder { environment.redactionReasons = .placeholder }
        let nextChange = canvas.withSavedState {
            canvas.clip(to: slot.rect)
            canvas.fill(slot.rect, with: Paint(color: .black))
            drawnStyle.apply(to: &environment, canvas: canvas)
            canvas.concatenate(Transform(translationX: Double(frame.x), y: Double(frame.y)))
            return runtime.descriptor.render(
                entry: entry, family: family, environment: environment, fonts: fonts, now: now,
                on: canvas, scale: scale
            ).nextChange
        }
        return (nextChange, environment.ambientReadingWasRead ? ambientReading : nil)
    }

    /// The earliest instant after `now` at which something must happen.
    func nextDeadline(after now: Date) -> Date? {
        var deadline: Date?
        func consider(_ date: Date?) {
            guard let date else { return }
            deadline = min(deadline ?? date, date)
        }
        for runtime in runtimes {
            consider(runtime.nextReload)
            consider(runtime.fetch?.deadline)
            consider(runtime.nextEntryDate(after: now))
            consider(runtime.relevance(at: now).until)
        }
        for (slot, state) in drawn.enumerated() {
            consider(state?.nextChange)
            switch stacks[slot].rotation {
            case .every(let interval), .smart(.some(let interval)):
                let t = now.timeIntervalSince1970
                consider(
                    Date(timeIntervalSince1970: ((t / interval).rounded(.down) + 1) * interval))
            case .smart(nil), .off:
                break
            }
        }
        consider(displayRetry)
        consider(
            SceneLayout.nextBurnInChange(
                after: now.timeIntervalSince1970, layout: configuration.layout
            ).map(Date.init(timeIntervalSince1970:)))
        return deadline.map { max($0, now) }
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
