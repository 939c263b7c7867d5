import Ambient
import Display
import Foundation
import Raster
import Standby
import SystemSupport
import Widgets

/// A headless sink that keeps its frames in memory, `width`x`height` in XRGB8888, unturned.
package func memorySink(width: Int, height: Int) throws -> HeadlessSink {
    try HeadlessSink(
        size: PixelSize(width: width, height: height), format: .xrgb8888, rotation: .degrees0,
        imagePath: nil, rawPath: nil)
}

/// A host for a test: `toml` read as a configuration file (with `sections` besides the host's
/// own), the kinds of `widgets` (by default every built-in one the test passes), drawing into
/// memory on `clock`, with a widget center of its own so tests running side by side do not
/// reload one another's widgets.
///
/// ```swift
/// let clock = SimulatedClock(start: start)
/// let host = try testHost("[[widget]]\nkind = \"clock\"", widgets: [clockKind], clock: clock)
/// host.run(until: start + 60)
/// ```
///
/// `ambient` makes the host's ambient controller from the configuration read (nil: none, so
/// the appearance stays as set); `sink` replaces a 400x240 memory sink.
package func testHost(
    _ toml: String, file: String = "test.toml", sections: [any ConfigurationSection.Type] = [],
    widgets: [ConfigurableWidget], sink: (any FrameSink)? = nil, clock: any HostClock,
    fonts: FontDatabase? = nil, log: Logger = Logger(label: "nightstand"),
    ambient: (Configuration) -> AmbientController? = { _ in nil },
    reloader: ConfigurationReloader? = nil
) throws -> StandbyHost {
    try testHost(
        Configuration.parse(toml, file: file, sections: sections),
        registry: WidgetRegistry(widgets), sink: sink, clock: clock, fonts: fonts, log: log,
        ambient: ambient, reloader: reloader)
}

/// A host for a test running `configuration` (loaded or made by the test) with the kinds of
/// `registry`; the rest as ``testHost(_:file:sections:widgets:sink:clock:fonts:log:ambient:reloader:)``.
///
/// `center` is the host's own by default; a test that asks for reloads itself passes one it
/// keeps.
package func testHost(
    _ configuration: Configuration, registry: WidgetRegistry, sink: (any FrameSink)? = nil,
    clock: any HostClock, fonts: FontDatabase? = nil, center: WidgetCenter = WidgetCenter(),
    log: Logger = Logger(label: "nightstand"),
    ambient: (Configuration) -> AmbientController? = { _ in nil },
    reloader: ConfigurationReloader? = nil
) throws -> StandbyHost {
    try StandbyHost(
        configuration: configuration, registry: registry,
        sink: sink ?? memorySink(width: 400, height: 240), clock: clock, fonts: fonts,
        center: center, log: log, ambient: ambient(configuration), reloader: reloader)
}
