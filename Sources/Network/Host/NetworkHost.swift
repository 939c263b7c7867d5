import Raster

/// What the network side may ask of the display and learn from it: the one seam between
/// ``MQTTBridge`` or ``HTTPServer`` and the host.
///
/// The verbs post to the host's event queue and return at once; the queries read what the
/// host published last. Every requirement may be called from any thread (the MQTT client's,
/// the HTTP server's), so an implementation never touches the run loop's state directly.
///
/// ```swift
/// struct Host: NetworkHost {
///     let modes = ["auto", "day", "dim", "night", "off"]
///     func setMode(_ mode: String) { events.post(.mode(mode)) }
///     …
/// }
/// ```
public protocol NetworkHost: Sendable {
    /// The modes ``setMode(_:)`` takes, in the order people see them: `auto`, `day`, `dim`,
    /// `night`, `off`.
    var modes: [String] { get }

    /// Sets the mode override, as `nightstand mode` does; `mode` is one of ``modes``.
    func setMode(_ mode: String)

    /// Reloads every widget's timeline, as `nightstand reload` does.
    func reload()

    /// Shows the view named `name`, one of ``DisplayState/views``, or steps to the `next` or
    /// `previous` one, as `nightstand view` does.
    func showView(_ name: String)

    /// What MQTT publishes and the web page shows: mode, appearance, light, views.
    func state() -> DisplayState

    /// The host's status as `nightstand status --json` prints it: a JSON object.
    func statusJSON() -> [UInt8]

    /// A copy of the frame the panel shows now, exactly its pixels; nil before the first.
    func frame() -> Bitmap?
}

/// The part of the host's state that MQTT publishes and the web page shows.
///
/// Values are strings so that the network side passes on what a newer host says without
/// knowing it.
public struct DisplayState: Codable, Equatable, Sendable {
    /// The mode override in force: `auto`, `day`, `dim`, `night` or `off`.
    public var mode: String
    /// What the frames look like now: `day`, `dim`, `night`, or `off` while blanked.
    public var appearance: String
    /// The light level the night mode compares with its thresholds, in lux; nil without a
    /// working sensor.
    public var lux: Double?
    /// The view shown now; nil on a host without a choice of views.
    public var view: String?
    /// The views the host can switch between, left to right; empty when it shows only one.
    public var views: [String]

    /// The words that step through the views instead of naming one, as `nightstand view`
    /// takes them.
    public static let viewSteps = ["next", "previous"]

    /// Creates a state.
    public init(
        mode: String, appearance: String, lux: Double? = nil, view: String? = nil,
        views: [String] = []
    ) {
        self.mode = mode
        self.appearance = appearance
        self.lux = lux
        self.view = view
        self.views = views
    }
}
