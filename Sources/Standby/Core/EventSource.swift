import Alarms
import Display
import EventCore
import FoundationEssentials
import Raster
import SystemSupport

/// Something that produces events for the host: a kernel socket, an input device, a network
/// client.
///
/// A source is started when the run loop starts and stopped when it ends. It either
///
/// - watches file descriptors on the loop (``SourceContext/watch(_:_:)``): its handler runs on
///   the loop's thread when the descriptor is readable, and must read without blocking and
///   do a bounded amount of work (libinput's fd, a netlink socket); or
/// - runs a thread of its own and posts events (``SourceContext/events``) from it (an MQTT
///   client's network thread, an HTTP server).
///
/// Either way it acts through events and their verbs (``HostEvent``, ``HostControl``). It may
/// also ask to be woken at an instant of the host's clock (``SourceContext/wake(at:_:)``)
/// instead of keeping a timer thread. Adding a source is writing it and adding it where the
/// program assembles the host (``StandbyHost/add(_:)``): the loop does not change.
///
/// ```swift
/// final class LidSwitch: EventSource {
///     private var watch: FileWatch?
///     func start(_ context: SourceContext) throws {
///         let fd = try openLidDevice()
///         watch = context.watch(fd) { control in
///             if readLid(fd) == .closed { control.setMode(.off) }
///         }
///     }
///     func stop() { watch?.cancel() }
/// }
///
/// host.add(LidSwitch())
/// ```
public protocol EventSource: AnyObject {
    /// Starts producing events, as the loop starts, on the loop's thread.
    ///
    /// A source that cannot start throws; the host logs why and runs without it.
    func start(_ context: SourceContext) throws

    /// Stops, as the loop ends, on the loop's thread: cancel what was registered, end any
    /// thread.
    func stop()

    /// The configuration was reloaded and is now `configuration`: read your section again.
    /// Default: nothing.
    func configurationChanged(_ configuration: Configuration)

    /// Whether the source starts after the loop's first turn (the first frame drawn) rather
    /// than before it: a source whose start loads much that the first frame does not need
    /// (the network: libmosquitto, OpenSSL, their threads) then neither delays the first frame
    /// nor adds to the resident set of start-up. Default: false.
    var startsAfterFirstTurn: Bool { get }
}

extension EventSource {
    /// Does nothing: the source has no section.
    public func configurationChanged(_ configuration: Configuration) {}

    /// Starts before the first turn.
    public var startsAfterFirstTurn: Bool { false }
}

/// What a started source may use: the loop's wait, its timers, and the host's events.
///
/// Everything here is for the loop's thread, except ``events``, which any thread may post to.
public final class SourceContext {
    /// The host, for the host's own sources.
    unowned let host: StandbyHost

    init(host: StandbyHost) {
        self.host = host
    }

    /// Where a thread of the source posts its events.
    public var events: Mailbox<HostEvent> { host.events }

    /// The host's clock's time now.
    public var now: Date { host.clock.now }

    /// The configuration the host runs.
    public var configuration: Configuration { host.configuration }

    /// The host's log.
    public var log: Logger { host.log }

    /// What the host shows and plans, readable from any thread, with a notification when it
    /// changes.
    public var status: HostStatusBoard { host.status }

    /// The frames presented, and a copy of the one on the panel when asked.
    public var frames: FrameFeed { host.frames }

    /// Where a source says how its service is doing, for `nightstand status` (any thread).
    public var services: ServiceStates { host.services }

    /// What plays the alarms' rings (nil: they ring on the screen only); a source that owns
    /// a sound player sets it.
    public var alarmSound: (any AlarmSound)? {
        get { host.alarms.sound }
        set { host.alarms.sound = newValue }
    }

    /// The host's verbs, for a source that keeps an adapter over them (an input controller):
    /// call them on the loop's thread only, and not after ``EventSource/stop()``.
    public var control: any HostControl { host }

    /// The picture's size in pixels, upright as the viewer sees it (the canvas).
    public var pictureSize: PixelSize { host.screen.size }

    /// How the display turns the picture onto its panel (`[display] rotation`): a
    /// touchscreen glued to the panel reports in the panel's axes.
    public var rotation: Display.Rotation { host.sink.rotation }

    /// Runs `handler` with the host's verbs whenever `fd` is readable.
    ///
    /// Until the watch is cancelled (keep it; releasing it cancels too). The source keeps
    /// owning `fd`.
    public func watch(_ fd: Int32, _ handler: @escaping (any HostControl) -> Void) -> FileWatch {
        host.loop.watch(fd) { [unowned host] in handler(host) }
    }

    /// Runs `action` with the host's verbs once the host's clock reaches `date` (not before;
    /// on the first turn after it), unless the wake is cancelled first.
    public func wake(at date: Date, _ action: @escaping (any HostControl) -> Void)
        -> ScheduledWake
    {
        host.sources.timers.schedule(at: date) { [unowned host] in action(host) }
    }

    /// Applies `event` now (a handler on the loop's thread need not post).
    public func apply(_ event: HostEvent) {
        event.apply(host)
    }
}

/// The sources added to a host, and what they were started with while the loop runs.
///
/// A class: a source starting may ask for a wake (``SourceContext/wake(at:_:)``), which reaches
/// ``timers`` while ``start(_:)`` runs.
final class SourceSet {
    /// The sources, in the order added.
    private(set) var sources: [any EventSource] = []
    /// The wakes sources asked for (``SourceContext/wake(at:_:)``).
    let timers = LoopTimers()
    /// What the sources were started with, kept while the loop runs.
    private var context: SourceContext?

    /// Adds a source, started with the next run of the loop.
    func add(_ source: any EventSource) {
        sources.append(source)
    }

    /// Starts the sources that start before the first turn, or (`afterFirstTurn`) the others,
    /// with `host`'s context; one that cannot start is logged and left.
    func start(_ host: StandbyHost, afterFirstTurn: Bool = false) {
        let context = self.context ?? SourceContext(host: host)
        self.context = context
        for source in sources where source.startsAfterFirstTurn == afterFirstTurn {
            do {
                try source.start(context)
            } catch {
                host.log.warning("\(type(of: source)): not started: \(error)")
            }
        }
    }

    /// Stops every source.
    func stop() {
        for source in sources { source.stop() }
        context = nil
    }

    /// Tells every source the configuration is now `configuration`.
    func configurationChanged(_ configuration: Configuration) {
        for source in sources { source.configurationChanged(configuration) }
    }
}
