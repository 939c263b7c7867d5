import StandbyViews
import Widgets

/// What the host runs of a configuration: the widgets view's widgets and slots, and the
/// full-screen clock as a widget of its own where a view shows it (the clock view, and the
/// photos view at night).
///
/// The full-screen clock is the built-in `clock` in the `[layout] clock` face: a wide digital
/// face (the medium family) or a square analog one (small).
struct Scene {
    /// The instance id of the full-screen clock, which no `[[widget]]` can take (ids of
    /// `[[widget]]` tables are checked against it).
    static let clockID = "standby:clock"

    /// The configuration with the widgets to run (the slots' first, then the full-screen
    /// clock) and the widgets view's slots (none without that view).
    let configuration: Configuration
    /// Each widget's family, in the order of `configuration.widgets`.
    let families: [WidgetFamily]
    /// Whether a view shows the full-screen clock.
    let hasClock: Bool

    init(_ configuration: Configuration) {
        var scene = configuration
        let views = configuration.layout.views
        if !views.contains(.widgets) {
            scene.widgets = []
            scene.slots = []
        }
        var families = scene.widgets.map { _ in WidgetFamily.systemSmall }
        hasClock =
            views.contains(.clock)
            || (views.contains(.photos) && configuration.photos.night == .clock)
        if hasClock {
            let face = configuration.layout.clockFace
            scene.widgets.append(
                .init(
                    id: Self.clockID, kind: "clock",
                    options: WidgetOptions(["style": .string(face.rawValue)])))
            families.append(face == .digital ? .systemMedium : .systemSmall)
        }
        self.configuration = scene
        self.families = families
    }
}
