import Display
import FoundationEssentials
import Raster
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
/// The configuration reference in the README lists every key with its default.
public struct Configuration: Sendable {
    /// The file it was read from, or `nil` for the built-in defaults.
    public var file: String?
    /// Which display to open and how (`[display]`).
    public var display: DisplayConfiguration
    /// How the screen is divided (`[layout]`).
    public var layout: LayoutConfiguration
    /// The `[ambient]` table as written; the night-mode settings read it.
    public var ambient: WidgetOptions
    /// The widget instances (`[[widget]]`), in file order.
    public var widgets: [WidgetInstance]
    /// The slots (`[[slot]]`), left to right.
    public var slots: [Slot]
    /// Where each key was written, for messages about values that turn out to be unusable
    /// later (an unknown widget kind).
    let locator: KeyLocator?

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
    public static let `default` = Configuration(
        file: nil, display: DisplayConfiguration(), layout: LayoutConfiguration(),
        ambient: WidgetOptions(),
        widgets: [
            WidgetInstance(id: "clock", kind: "clock"), WidgetInstance(id: "date", kind: "date"),
        ],
        slots: [Slot(widgets: ["clock"]), Slot(widgets: ["date"])], locator: nil)

    /// The canvas size this configuration draws at, as far as the file tells: the `[display]`
    /// mode turned by the rotation, else the headless size. (A DRM display without a mode
    /// uses its panel's preferred mode, known only once opened.)
    public var expectedScreenSize: PixelSize {
        guard let mode = display.mode else { return display.headlessSize }
        let panel = PixelSize(width: mode.width, height: mode.height)
        return display.rotation.swapsAxes
            ? PixelSize(width: panel.height, height: panel.width) : panel
    }

    /// An error about a key of this configuration, located in its file.
    func error(at path: String, key: String?, _ message: String) -> ConfigurationError {
        ConfigurationError(
            file: file ?? "<defaults>", line: locator?.line(of: path), key: key,
            message: message)
    }

    /// An error about one `[[widget]]`'s key.
    func error(widget: WidgetInstance, key: String, _ message: String) -> ConfigurationError {
        error(
            at: "widget.\(widget.index).\(key)", key: "[[widget]] \(widget.id) \(key)", message)
    }
}

/// How the screen is divided and decorated: the `[layout]` table.
public struct LayoutConfiguration: Sendable, Equatable {
    /// What fills the screen.
    public enum Style: String, Sendable, CaseIterable {
        /// The slots, side by side (StandBy's widgets view).
        case widgets
        /// One full-screen clock (StandBy's clock view).
        case clock
    }

    /// The full-screen clock's face.
    public enum ClockFace: String, Sendable, CaseIterable {
        /// Large digits.
        case digital
        /// Hands on a dial.
        case analog
    }

    /// What fills the screen.
    ///
    /// Default: `.widgets`.
    public var style: Style = .widgets
    /// The face of the full-screen clock.
    ///
    /// Default: `.digital`.
    public var clockFace: ClockFace = .digital
    /// Space around the slots, in pixels.
    ///
    /// Default: 24.
    public var margin: Int = 24
    /// Space between slots, in pixels.
    ///
    /// Default: 24.
    public var gap: Int = 24
    /// Whether widgets keep their container backgrounds (tiles) instead of StandBy's removed backgrounds.
    ///
    /// Default: `false`.
    public var tiles: Bool = false
    /// The farthest the whole picture moves from its place against burn-in, in pixels; 0 turns it off.
    ///
    /// Default: 4.
    public var burnInShift: Int = 4
    /// How long the picture stays at each burn-in offset, in seconds.
    ///
    /// Default: 600.
    public var burnInInterval: TimeInterval = 600
    /// The accent group's color in the accented rendering mode.
    ///
    /// Default: system blue.
    public var accent: RGBA = .systemBlue

    /// Creates the default layout.
    public init() {}
}
