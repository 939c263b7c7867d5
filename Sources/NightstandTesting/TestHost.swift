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
    let configuration = try Configuration.parse(toml, file: file, sections: sections)
    return try StandbyHost(
        configuration: configuration, registry: WidgetRegistry(widgets),
        sink: sink ?? memorySink(width: 400, height: 240), clock: clock, fonts: fonts,
        center: WidgetCenter(), log: log, ambient: ambient(configuration), reloader: reloader)
}
