import DisplayCommands
import FoundationEssentials
import SystemSupport

/// A display's state document: what it publishes, retained, on `<root>/<id>/state`, and what
/// `nightstand fleet list` reads.
///
/// ```json
/// {"appearance":"night","candidate":"0.2.0","command":{"done":true,"id":"4f1c",
///  "message":"mode night"},"groups":["bedrooms"],"id":"room-204","lux":0.4,"mode":"night",
///  "program":"0.1.0","started":1795900000,"updated":1795903600,"version":1,"view":"clock"}
/// ```
///
/// It is published again only when something in it changed (a new mode, view, light level
/// beyond the MQTT sensor's step, a command applied or refused, a new version apt would
/// install); `updated` is when.
public struct FleetState: Codable, Equatable, Sendable {
    /// What came of the last command with an id.
    public struct Answer: Codable, Equatable, Sendable {
        /// The command's id.
        public var id: String
        /// Whether it was applied.
        public var done: Bool
        /// What the display said: what it did, or why not.
        public var message: String

        /// An answer.
        public init(id: String, done: Bool, message: String) {
            self.id = id
            self.done = done
            self.message = message
        }
    }

    /// What a display made of the configuration documents from the broker.
    public struct Config: Codable, Equatable, Sendable {
        /// The revision of each document applied, by layer (`all`, `group/<g>`, `device`).
        public var layers: [String: String]
        /// The last document refused, and why; nil when the last one was applied.
        public var refused: Refusal?

        /// A report.
        public init(layers: [String: String], refused: Refusal? = nil) {
            self.layers = layers
            self.refused = refused
        }
    }

    /// A configuration document refused.
    public struct Refusal: Codable, Equatable, Sendable {
        /// Its layer: `all`, `group/<g>`, `device`.
        public var layer: String
        /// Its revision.
        public var revision: String
        /// Why, as `check-config` says it, naming the document and the line.
        public var error: String

        /// A refusal.
        public init(layer: String, revision: String, error: String) {
            self.layer = layer
            self.revision = revision
            self.error = error
        }
    }

    /// The document's version: 1.
    public var version = 1
    /// The display's id.
    public var id: String
    /// Its groups.
    public var groups: [String]
    /// The version of the installed `nightstand` package, nil when not installed as one.
    public var program: String?
    /// The version apt would install (`apt-cache policy`'s candidate, from apt's own cache),
    /// when it knows one that is not ``program``; nil otherwise.
    public var candidate: String?
    /// The mode (``DisplayMode``'s raw value).
    public var mode: String
    /// The appearance drawn: `day`, `dim`, `night` or `off`.
    public var appearance: String
    /// The view shown; nil on a display with one view.
    public var view: String?
    /// The light level in lux; nil without a sensor.
    public var lux: Double?
    /// When the display started, in seconds since 1970.
    public var started: Int
    /// When this document was published, in seconds since 1970.
    public var updated: Int
    /// The last command refused or ignored, and why; nil when none was.
    public var error: String?
    /// What came of the last command with an id.
    public var command: Answer?
    /// The configuration from the broker; nil when the display takes none.
    public var config: Config?

    /// The largest document a reader takes, in bytes.
    public static let limit = 16384

    /// The document as one JSON object, keys sorted.
    public var json: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data())
    }

    /// The document in `json`; nil when it is over ``limit`` or not one.
    public init?(json: [UInt8]) {
        guard json.count <= Self.limit,
            let state = try? JSONDecoder().decode(FleetState.self, from: Data(json)),
            state.version == 1
        else { return nil }
        self = state
    }

    /// A document.
    public init(
        id: String, groups: [String], program: String?, candidate: String? = nil,
        state: DisplayState, lux: Double?, started: Int, updated: Int, error: String? = nil,
        command: Answer? = nil, config: Config? = nil
    ) {
        self.id = id
        self.groups = groups
        self.program = program
        self.candidate = candidate == program ? nil : candidate
        mode = state.mode.rawValue
        appearance = state.appearance
        view = state.views.isEmpty ? nil : state.view
        self.lux = lux
        self.started = started
        self.updated = updated
        self.error = error
        self.command = command
        self.config = config
    }
}
