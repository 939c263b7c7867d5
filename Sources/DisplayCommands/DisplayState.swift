import FoundationEssentials

/// What a display shows now, as whoever sends it commands reads it: the mode, the appearance,
/// the light, the views and what each slot shows.
///
/// MQTT publishes it, the web page shows it, the input reads it (a touch on a dark panel only
/// wakes it). Strings where a newer display may say more than this one knows (an appearance,
/// a view), so a channel passes on what it does not understand.
public struct DisplayState: Codable, Equatable, Sendable {
    /// The mode in force: `auto`, or the appearance held.
    public var mode: DisplayMode
    /// What the frames look like now: `day`, `dim`, `night`, or `off` while the panel is dark.
    public var appearance: String
    /// The light level the night mode compares with its thresholds, in lux; nil without a
    /// working sensor.
    public var lux: Double?
    /// The view shown now; nil on a display without a choice of views.
    public var view: String?
    /// The views the display can switch between, left to right; empty when it shows only one.
    public var views: [String]
    /// The widget each slot shows, left to right (its `id`); nil where it is not known.
    public var slots: [String]?
    /// Whether someone is there, as a presence key says (held `[input] presence_min`); nil
    /// until one has said (a display without one).
    public var presence: Bool?
    /// The alarms (`[[alarm]]`), in configuration order; nil on a display without any.
    public var alarms: [AlarmSummary]?
    /// The message the banner shows; nil without one.
    ///
    /// A ``DisplayMessage``'s text; a tap dismisses it.
    public var message: String?
    /// The brightness of each appearance in percent (`day`, `dim`, `night`), as the
    /// configuration and `brightness` commands set it; nil from a display that did not say.
    public var brightness: [String: Double]?
    /// The value of each ``DisplayControl`` by its words (`idle-off`: seconds, 0 for never;
    /// `night-red`: percent; `photos-interval`: seconds), as the configuration and commands
    /// set it; nil from a display that did not say.
    public var controls: [String: Double]?

    /// Creates a state.
    public init(
        mode: DisplayMode, appearance: String, lux: Double? = nil, view: String? = nil,
        views: [String] = [], slots: [String]? = nil, presence: Bool? = nil,
        alarms: [AlarmSummary]? = nil, message: String? = nil,
        brightness: [String: Double]? = nil, controls: [String: Double]? = nil
    ) {
        self.mode = mode
        self.appearance = appearance
        self.lux = lux
        self.view = view
        self.views = views
        self.slots = slots
        self.presence = presence
        self.alarms = alarms
        self.message = message
        self.brightness = brightness
        self.controls = controls
    }

    /// The words that step through the views instead of naming one: `view next`,
    /// `view previous`.
    public static let viewSteps = ["next", "previous"]

    /// Whether the panel shows nothing now: a touch then only wakes it.
    public var isDark: Bool { appearance == "off" }

    /// Whether the night appearance shows.
    public var isNight: Bool { appearance == "night" }

    /// The alarm ringing now (not snoozed); a tap then snoozes it and a slide dismisses it.
    public var ringingAlarm: AlarmSummary? { alarms?.first { $0.phase == .ringing } }

    /// The next alarm to ring, the earliest ``AlarmSummary/next``.
    public var nextAlarm: AlarmSummary? { alarms?.nextToRing }
}

/// What a point of the screen shows: the slot there and where a tap there leads.
public struct PointInfo: Equatable, Sendable {
    /// The slot (0 from the left) whose rectangle holds the point while the widgets view
    /// shows at rest; nil elsewhere (a margin, another view, motion).
    public var slot: Int?
    /// Where a tap leads: the front-most `Link` of the widget there, else its `widgetURL`.
    public var link: URL?

    /// Creates a point's information.
    public init(slot: Int? = nil, link: URL? = nil) {
        self.slot = slot
        self.link = link
    }
}

/// What applies commands and says what it shows: the display's host, or a stand-in in tests.
///
/// Every call comes on the display's loop thread; from other threads, post the command to the
/// host's event queue instead.
public protocol CommandTarget: AnyObject {
    /// Applies `command`: the one place a display acts on what it is asked.
    @discardableResult
    func apply(_ command: DisplayCommand) -> CommandResult

    /// What the display shows now.
    var state: DisplayState { get }

    /// What the point (`x`, `y`: pixels of the picture) of the screen shows now.
    func info(atX x: Double, y: Double) -> PointInfo
}
