import EventCore
import FoundationEssentials
import Raster
import SystemSupport
import WidgetUI
import Widgets

/// How the host's parts are made from a configuration: the widgets with their stacks, and the
/// screen with its views.
///
/// It is the one path for starting, a live reload and a new display: each makes the widgets
/// and the screen here, passing what it replaces so that what did not change carries on
/// (a widget's timeline, the view shown, the photos' slideshow, the canvas).
struct HostAssembly {
    /// The kinds a configuration may name.
    let registry: WidgetRegistry
    /// How to read the configuration again (nil: it cannot be reloaded).
    let reloader: ConfigurationReloader?
    /// One database for the life of the host: faces and glyphs load once.
    let fonts: FontDatabase?
    /// The host's events, which the photos view wakes when a photo is ready.
    let events: Mailbox<HostEvent>
    /// The host's log.
    let log: Logger

    /// The widgets of `configuration`, whose layout is checked on a screen of `size`.
    ///
    /// Widgets of `old` whose table and family are unchanged are kept, timelines and all
    /// (`kept` counts them); the others start anew at `now`.
    func widgets(
        for configuration: Configuration, on size: PixelSize, at now: Date,
        keeping old: WidgetSet?, center: WidgetCenter, providerTimeout: TimeInterval
    ) throws(ConfigurationError) -> (widgets: WidgetSet, kept: Int) {
        let scene = Scene(configuration)
        try scene.configuration.checkLayout(on: size)
        let descriptors: [WidgetDescriptor]
        do {
            descriptors = try registry.makeWidgets(for: scene.configuration)
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw ConfigurationError(
                file: configuration.file ?? "<defaults>", line: nil, key: nil, message: "\(error)")
        }
        var kept = 0
        let runtimes = zip(scene.configuration.widgets, descriptors).enumerated().map {
            index, pair in
            let (instance, descriptor) = pair
            if let old, let was = old.scene.configuration.widgets.firstIndex(of: instance),
                old.runtimes.indices.contains(was), old.scene.families[was] == scene.families[index]
            {
                kept += 1
                return old.runtimes[was]
            }
            return WidgetRuntime(
                id: instance.id, descriptor: descriptor, family: scene.families[index], now: now)
        }
        return (
            WidgetSet(
                scene: scene, runtimes: runtimes, center: center, providerTimeout: providerTimeout),
            kept
        )
    }

    /// The screen of `configuration` on a display of `size`, drawing `widgets`; `old` is the
    /// screen it replaces, if any (``Screen/make(_:size:widgets:fonts:events:log:keeping:)``).
    func screen(
        for configuration: Configuration, on size: PixelSize, widgets: WidgetSet,
        keeping old: Screen?
    ) -> Screen {
        Screen.make(
            configuration, size: size, widgets: widgets, fonts: fonts, events: events, log: log,
            keeping: old)
    }
}
