import Ambient
import ArgumentParser
import Display
import FoundationEssentials
import Raster
import Standby
import StandbyViews
import SystemSupport

/// `nightstand snapshot`: render what the display shows at an instant to a PNG file.
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render the display at an instant and appearance to a PNG file.",
        discussion: """
            Renders the configuration (default: the built-in clock and date) exactly as \
            `nightstand run` would draw it at --at and --size, and writes it to --out. The \
            appearance is --appearance if given, else what the [ambient] settings choose for \
            a light level of --lux, else what the clock schedule says at --at; the light \
            widget shows that level and what chose the appearance. Providers are asked once \
            and given up to 10 s to answer. --view shows one of StandBy's views (widgets, \
            photos, clock) instead of the first of [layout] views; the photos view shows the \
            first photo of [photos] folder.
            """)

    @OptionGroup var config: ConfigurationOptions

    @Option(help: "Where to write the PNG.")
    var out: String = "nightstand.png"

    @Option(
        help: "Screen size as WxH. Default: the configuration's [display] mode (rotated) or size.")
    var size: String?

    @Option(help: "The instant to show, e.g. 2026-11-21T23:30 or 23:30. Default: now.")
    var at: String?

    @Option(help: "day, dim or night.")
    var appearance: String?

    @Option(
        help:
            "Decide the appearance from this light level (lux) and the [ambient] settings, as if the sensor read it."
    )
    var lux: Double?

    @Option(
        help: "The view to show: widgets, photos or clock. Default: the first of [layout] views.")
    var view: String?

    func run() async throws {
        try await exitingOnConfigurationError {
            let configuration = try Self.showing(view, in: try config.load())
            var screen = configuration.expectedScreenSize
            if let size {
                guard let parsed = PixelSize(parsing: size), DisplayConfiguration.fits(parsed)
                else {
                    throw ValidationError(
                        "--size \(size): expected WxH with each side from 1 to "
                            + "\(DisplayConfiguration.largestSide), e.g. 800x480")
                }
                screen = parsed
            }
            let start = try Self.instant(at)
            if let lux, !LuxSource.readings.contains(lux) {
                throw ValidationError("--lux \(lux): expected a light level from 0 to 1000000 lux")
            }
            var chosen: Appearance?
            if let appearance {
                guard let value = Appearance(rawValue: appearance) else {
                    throw ValidationError(
                        "--appearance \(appearance): expected day, dim, night or off")
                }
                chosen = value
            }
            // Drawn in memory, then written once: a file that cannot be written is this
            // command's failure, with the OS error, not a line in the host's log.
            let sink = try HeadlessSink(size: screen, format: .xrgb8888, rotation: .degrees0)
            let (_, shown) = try await Self.draw(
                configuration, on: sink, at: start, appearance: chosen, lux: lux)
            try writingOutput("snapshot") { try sink.writeImage(to: out) }
            printForTerminal("wrote \(screen) \(shown) frame to \(URL(fileURLWithPath: out).path)")
        }
    }

    /// The instant `--at` names (a date-time or a time today), or now without it.
    static func instant(_ at: String?) throws -> Date {
        guard let at else { return Date() }
        guard let parsed = DateTimeText.parse(at) else {
            throw ValidationError(
                "--at \(at): expected a date-time such as 2026-11-21T23:30 or a time such as 23:30")
        }
        return parsed
    }

    /// `configuration` showing only the view named `view` (`--view`); unchanged for nil.
    ///
    /// The photos view needs a `[photos] folder` or `immich`; the views need not list the view.
    static func showing(_ view: String?, in configuration: Configuration) throws -> Configuration {
        guard let view else { return configuration }
        guard let name = ViewName(rawValue: view) else {
            throw ValidationError("--view \(view): expected widgets, photos or clock")
        }
        if name == .photos && configuration.photos.folder == nil
            && configuration.photos.immich == nil
        {
            throw ValidationError(
                "--view photos: the configuration sets no [photos] folder or immich to show")
        }
        var shown = configuration
        shown.layout.views = [name]
        return shown
    }

    /// Draws `configuration` at `start` into `sink` as `nightstand snapshot` shows it.
    ///
    /// The appearance is `appearance` if given, else what the `[ambient]` settings choose for
    /// a sensor reading `lux`, else the schedule's at `start`. Returns the host, whose
    /// `screen` is the frame, and the appearance shown.
    static func draw(
        _ configuration: Configuration, on sink: any FrameSink, at start: Date,
        appearance: Appearance?, lux: Double?
    ) async throws -> (host: StandbyHost, appearance: Appearance) {
        let ambient = configuration.ambient
        var decision = AmbientDecision(
            appearance: appearance ?? .day, source: .override, nextEvaluation: nil)
        if appearance == nil {
            // The policy's first reading applies at once; without one, the schedule rules.
            var policy = AmbientPolicy(configuration: ambient)
            decision = policy.update(at: start, reading: lux.map { .success($0) })
        }
        // A picture reads and writes nothing a running display keeps (its alarms' state).
        var configuration = configuration
        configuration.stateDirectory = nil
        let host = try StandbyHost(
            configuration: configuration, registry: WidgetKinds.registry, sink: sink,
            clock: SimulatedClock(start: start), fonts: try FontDatabase())
        host.alarmBoard = .shared
        // The sensor --lux stands for: the configured one, by name.
        let sensorName = lux.map { _ in ambient.sensor?.shortName ?? "simulated" }
        host.setAppearance(decision.appearance, source: decision.source, sensorName: sensorName)
        host.drawSettledFrame()
        return (host, decision.appearance)
    }
}
