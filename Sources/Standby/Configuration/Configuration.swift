import Ambient
import Display
import DisplayCommands
import FoundationEssentials
import Raster
import Settings
import StandbyViews
import Widgets

/// Everything one configuration file says: the display, the layout, the ambient settings,
/// the widget instances and the slots that show them.
///
/// ```toml
/// [display]
/// backend = "auto"
///
/// [layout]
/// margin = 24
///
/// [[widget]]
/// kind = "clock"
///
/// [[slot]]
/// widgets = ["clock"]
/// ```
///
/// ``Configuration/default`` is what runs with no file: a clock and a date side by side.
/// docs/configuration.md lists every key with its default.
///
/// Each section is typed and read by the module that owns it (``Settings/ConfigurationSection``):
/// `[display]` by `Display.DisplayConfiguration`, `[ambient]` by `Ambient.AmbientConfiguration`
/// and ``AppearanceSettings``, `[layout]` by ``LayoutConfiguration``, `[photos]` by
/// `StandbyViews.PhotosConfiguration`; a section another module
/// adds is read when its type is passed to ``load(file:sections:)`` and found with
/// ``section(_:)``.
public struct Configuration: Sendable {
    /// The file it was read from, or `nil` for the built-in defaults.
    public var file: String?
    /// Which display to open and how (`[display]`).
    public var display: DisplayConfiguration
    /// How the screen is divided (`[layout]`).
    public var layout: LayoutConfiguration
    /// The light sensor, thresholds, schedule and backlight levels (`[ambient]`).
    public var ambient: AmbientConfiguration
    /// How appearance changes look: the fade and night's red (`[ambient]`).
    public var appearance: AppearanceSettings
    /// The widget instances (`[[widget]]`), in file order.
    public var widgets: [WidgetInstance]
    /// The slots (`[[slot]]`), left to right.
    public var slots: [Slot]
    /// The photos view's folder and slideshow (`[photos]`).
    public var photos = PhotosConfiguration()
    /// Where the display keeps what it remembers across restarts (the view a user chose):
    /// systemd's `$STATE_DIRECTORY`, `/var/lib/nightstand` for the unit's
    /// `StateDirectory=nightstand`; nil (nothing kept) where it is unset.
    public var stateDirectory: String? = ViewMemory.environmentDirectory
    /// Where each key was written, for messages about values that turn out to be unusable
    /// later (an unknown widget kind).
    let locator: KeyLocator?
    /// The file's values of the controls that commands set over them
    /// (``controlled(by:)``), for going back to them.
    var controlBase: [DisplayControl: Double] = [:]
    /// The sections other modules added, by their type.
    var extraSections: [ObjectIdentifier: any ConfigurationSection] = [:]

    /// A `[[widget]]`: an instance of a widget kind with its options.
    public struct WidgetInstance: Sendable, Equatable {
        /// The name slots use for it; default: its kind (unique per file).
        public var id: String
        /// The widget kind: a built-in one or one of the bundle's.
        public var kind: String
        /// Its options: every other key of its table.
        public var options: WidgetOptions
        /// Its index among the `[[widget]]` tables, for messages.
        let index: Int

        /// Creates an instance.
        public init(id: String, kind: String, options: WidgetOptions = WidgetOptions()) {
            self.init(id: id, kind: kind, options: options, index: 0)
        }

        init(id: String, kind: String, options: WidgetOptions, index: Int) {
            self.id = id
            self.kind = kind
            self.options = options
            self.index = index
        }

        /// Whether two instances have the same id, kind and options.
        public static func == (a: WidgetInstance, b: WidgetInstance) -> Bool {
            a.id == b.id && a.kind == b.kind && a.options.values == b.options.values
        }
    }

    /// A `[[slot]]`: a stack of widget instances shown one at a time.
    public struct Slot: Sendable, Equatable {
        /// The instances' ids, in stack order (ties in relevance go to the first).
        public var widgets: [String]
        /// How the stack picks the widget it shows.
        public var rotation: Rotation

        /// Creates a slot.
        public init(widgets: [String], rotation: Rotation = .smart(every: nil)) {
            self.widgets = widgets
            self.rotation = rotation
        }

        /// How a stack picks the widget it shows.
        public enum Rotation: Sendable, Equatable {
            /// Smart Rotate: the widget whose current entry is most relevant; without any
            /// relevance, rotate every interval if one is given, else stay on the first.
            case smart(every: TimeInterval?)
            /// The next widget every interval, whatever the relevance.
            case every(TimeInterval)
            /// Always the first widget.
            case off
        }
    }

    /// The built-in defaults: auto display, a clock and a date side by side.
    public static var `default`: Configuration {
        Configuration(
            file: nil, display: DisplayConfiguration(), layout: LayoutConfiguration(),
            ambient: .defaults, appearance: AppearanceSettings(),
            widgets: [
                WidgetInstance(id: "clock", kind: "clock"),
                WidgetInstance(id: "date", kind: "date"),
            ],
            slots: [Slot(widgets: ["clock"]), Slot(widgets: ["date"])], locator: nil)
    }

    /// The section of `type` (its defaults when the file leaves its table out); nil when the
    /// configuration was read without that type (``load(file:sections:)``).
    ///
    /// ```swift
    /// let configuration = try Configuration.load(file: path, sections: [MQTTSettings.self])
    /// let mqtt = configuration.section(MQTTSettings.self)
    /// ```
    public func section<S: ConfigurationSection>(_ type: S.Type) -> S? {
        extraSections[ObjectIdentifier(type)] as? S
    }

    /// The canvas size this configuration draws at, as far as the file tells: the `[display]`
    /// mode turned by the rotation, else the headless size. (A DRM display without a mode
    /// uses its panel's preferred mode, known only once opened.)
    public var expectedScreenSize: PixelSize {
        guard let mode = display.mode else { return display.headlessSize }
        let panel = PixelSize(width: mode.width, height: mode.height)
        return display.rotation.swapsAxes
            ? PixelSize(width: panel.height, height: panel.width) : panel
    }

    /// An error about a key of this configuration, located in its file: `path` is the key's
    /// dotted path (`"http.token_file"`), `key` as messages name it (`"[http] token_file"`).
    public func error(at path: String, key: String?, _ message: String) -> ConfigurationError {
        ConfigurationError(
            file: file ?? "<defaults>", line: locator?.line(of: path), key: key,
            message: message)
    }

    /// An error about one `[[widget]]`'s key.
    public func error(widget: WidgetInstance, key: String, _ message: String) -> ConfigurationError
    {
        error(
            at: "widget.\(widget.index).\(key)", key: "[[widget]] \(widget.id) \(key)", message)
    }
}
