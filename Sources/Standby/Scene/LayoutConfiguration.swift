import FoundationEssentials
import Raster
import Settings
import StandbyViews

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

    /// What fills the screen when ``views`` is not given: `clock` is `views = ["clock"]`.
    ///
    /// Default: `.widgets`.
    public var style: Style = .widgets
    /// StandBy's views, left to right, switched by swipes, keys and `nightstand view`; the
    /// first shows at start.
    ///
    /// Default: the ``style``'s one view (`["widgets"]`).
    public var views: [ViewName] = [.widgets]
    /// Views shown at times of day (`["07:00 widgets", "22:30 clock"]`).
    ///
    /// Default: none.
    public var viewSchedule: [ViewSchedule.Entry] = []
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

extension LayoutConfiguration: ConfigurationSection {
    /// `[layout]`.
    public static let sectionName = "layout"

    /// The keys of `[layout]`.
    public static let keys = [
        "style", "views", "view_schedule", "clock", "margin", "gap", "tiles", "burn_in_shift",
        "burn_in_interval", "accent",
    ]

    /// A margin or gap: up to 4096 pixels (whether the slots keep room is checked against
    /// the screen, ``SceneLayout/check(_:screen:count:)``).
    public static let spacing = NumberRange(0...4096, "pixels")
    /// The burn-in shift: up to 256 pixels.
    public static let burnInShifts = NumberRange(0...256, "pixels")
    /// How long the picture stays at each burn-in offset: from ten seconds to a day (each step
    /// redraws the whole screen).
    public static let burnInIntervals = NumberRange.duration(10...86_400)

    /// Reads `[layout]`, each key checked where it is read.
    ///
    /// ```toml
    /// [layout]
    /// margin = 16
    /// burn_in_interval = "5m"
    /// ```
    public init(section: SettingsTable) throws(ConfigurationError) {
        self.init()
        style =
            try section.parsed("style", expected: "\"widgets\" or \"clock\"") {
                Style(rawValue: $0)
            } ?? style
        views = [style == .clock ? .clock : .widgets]
        if let names = try section.strings("views") {
            let known = ViewName.allCases.map { "\"\($0)\"" }.joined(separator: ", ")
            var chosen: [ViewName] = []
            for name in names {
                guard let view = ViewName(rawValue: name) else {
                    throw section.error(
                        "views", "expected views among \(known), found \"\(name)\"")
                }
                guard !chosen.contains(view) else {
                    throw section.error("views", "expected each view once, found \"\(name)\" twice")
                }
                chosen.append(view)
            }
            guard !chosen.isEmpty else {
                throw section.error("views", "expected at least one of \(known), found []")
            }
            views = chosen
        }
        if let entries = try section.strings("view_schedule") {
            viewSchedule = try entries.map { text throws(ConfigurationError) in
                guard let entry = ViewSchedule.Entry(parsing: text) else {
                    throw section.error(
                        "view_schedule",
                        "expected entries such as \"22:30 clock\" or \"sat,sun 09:00 photos\" "
                            + "(days if not every day, a 24-hour time and a view), "
                            + "found \"\(text)\"")
                }
                guard views.contains(entry.view) else {
                    throw section.error(
                        "view_schedule",
                        "expected views listed in views, found \"\(entry.view)\" in \"\(text)\"")
                }
                return entry
            }
        }
        clockFace =
            try section.parsed("clock", expected: "\"digital\" or \"analog\"") {
                ClockFace(rawValue: $0)
            } ?? clockFace
        margin = try section.int("margin", in: Self.spacing) ?? margin
        gap = try section.int("gap", in: Self.spacing) ?? gap
        tiles = try section.bool("tiles") ?? tiles
        burnInShift = try section.int("burn_in_shift", in: Self.burnInShifts) ?? burnInShift
        burnInInterval =
            try section.duration("burn_in_interval", in: Self.burnInIntervals) ?? burnInInterval
        accent =
            try section.parsed("accent", expected: "a color such as \"#0A84FF\"") {
                RGBA(hexString: $0)
            } ?? accent
    }
}
