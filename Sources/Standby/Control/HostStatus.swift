import DisplayCommands
import FoundationEssentials
import Synchronization

/// What a running host shows and plans, as `nightstand status` reports it.
///
/// The run loop publishes one at the end of each turn on ``StandbyHost/status``; the control
/// server answers `status` requests with the latest. Appearance and mode are strings so that
/// a client reads the status of a host that knows more appearances than it does.
public struct HostStatus: Codable, Equatable, Sendable {
    /// One slot: the stack it holds and the widget it shows.
    public struct Slot: Codable, Equatable, Sendable {
        /// The instance id of the widget shown now.
        public var shown: String
        /// The instance ids of the stack, in order.
        public var stack: [String]

        /// Creates a slot's status.
        public init(shown: String, stack: [String]) {
            self.shown = shown
            self.stack = stack
        }
    }

    /// One widget instance: its timeline's age and plans.
    public struct Widget: Codable, Equatable, Sendable {
        /// The instance id (`[[widget]] id`, default its kind).
        public var id: String
        /// The widget kind.
        public var kind: String
        /// When its provider last gave a timeline; `nil`: not yet.
        public var lastUpdate: Date?
        /// When its provider is asked next; `nil`: only on request, or a fetch is in flight.
        public var nextReload: Date?
        /// When its next timeline entry takes over; `nil`: none left.
        public var nextEntry: Date?
        /// Whether a fetch is in flight.
        public var isFetching: Bool
        /// The last fetch's failure; `nil` when it succeeded.
        public var lastError: String?

        /// Creates a widget's status.
        public init(
            id: String, kind: String, lastUpdate: Date? = nil, nextReload: Date? = nil,
            nextEntry: Date? = nil, isFetching: Bool = false, lastError: String? = nil
        ) {
            self.id = id
            self.kind = kind
            self.lastUpdate = lastUpdate
            self.nextReload = nextReload
            self.nextEntry = nextEntry
            self.isFetching = isFetching
            self.lastError = lastError
        }
    }

    /// The host clock's time when this was published.
    public var time: Date
    /// What the frames look like: `day`, `dim`, `night`, or `off` while blanked.
    public var appearance: String
    /// The mode override in force (``DisplayMode``'s raw value; `auto`: none).
    public var mode: String
    /// The slots, left to right.
    public var slots: [Slot]
    /// The widget instances, in configuration order.
    public var widgets: [Widget]
    /// Frames handed to the display so far.
    public var frames: Int
    /// The light level and what chose the appearance, such as `250.0 lx from file lux
    /// (sensor)`; nil from a host that did not say.
    public var light: String?
    /// The view shown, or moving to (`widgets`, `photos`, `clock`); nil from a host that did
    /// not say.
    public var view: String?
    /// The views, left to right (`[layout] views`); nil from a host that did not say.
    public var views: [String]?
    /// The light level the thresholds are compared with, in lux; nil without a reading.
    public var lux: Double?
    /// The state of each service a source runs, by name: `mqtt`: `connected`,
    /// `http`: `listening on 127.0.0.1:8080`; nil without any.
    public var services: [String: String]?
    /// Whether someone is there, as a presence key says; nil until one has said.
    public var presence: Bool?
    /// The alarms (`[[alarm]]`), in configuration order; nil without any.
    public var alarms: [AlarmSummary]?
    /// The message the banner shows (`message TEXT`); nil without one.
    public var message: String?
    /// The brightness of each appearance in percent (`day`, `dim`, `night`).
    public var brightness: [String: Double]?
    /// The controls' values by their words (``DisplayCommands/DisplayControl``).
    public var controls: [String: Double]?

    /// Creates a status.
    public init(
        time: Date, appearance: String, mode: String, slots: [Slot], widgets: [Widget],
        frames: Int, light: String? = nil, view: String? = nil, views: [String]? = nil,
        lux: Double? = nil, services: [String: String]? = nil, presence: Bool? = nil,
        alarms: [AlarmSummary]? = nil, message: String? = nil,
        brightness: [String: Double]? = nil, controls: [String: Double]? = nil
    ) {
        self.time = time
        self.appearance = appearance
        self.mode = mode
        self.slots = slots
        self.widgets = widgets
        self.frames = frames
        self.light = light
        self.view = view
        self.views = views
        self.lux = lux
        self.services = services
        self.presence = presence
        self.alarms = alarms
        self.message = message
        self.brightness = brightness
        self.controls = controls
    }

    /// The status as one line of JSON, as the control socket sends it (sorted keys, ISO 8601
    /// dates): what `GET /api/status` answers.
    public var json: [UInt8] { Array(ControlCoding.line(self)) }
}

/// The latest ``HostStatus``, written by the run loop and read from any thread, with a
/// notification when it changes.
///
/// ```swift
/// let watching = host.status.observe { status in mqtt.publish(status.appearance) }
/// let now = host.status.current   // from any thread
/// ```
public final class HostStatusBoard: Sendable {
    private let latest: Mutex<HostStatus>
    private let observers = Observers<HostStatus>()

    /// A board showing `initial` until the first publication.
    public init(_ initial: HostStatus) {
        latest = Mutex(initial)
    }

    /// The status last published.
    public var current: HostStatus { latest.withLock { $0 } }

    /// Calls `handler` on the loop's thread with each status that changes.
    ///
    /// A status changes when it differs from the one before in more than its time: the
    /// appearance, the mode, a slot, a widget's plans, a frame. Until the observation is
    /// cancelled or released; the handler must return at once.
    public func observe(_ handler: @escaping @Sendable (HostStatus) -> Void) -> Observation {
        observers.add(handler)
    }

    /// Replaces the status, telling the observers when more than its time changed.
    public func publish(_ status: HostStatus) {
        let changed = latest.withLock { latest in
            var previous = latest
            previous.time = status.time
            latest = status
            return previous != status
        }
        if changed { observers.notify(status) }
    }
}
