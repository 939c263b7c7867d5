import ArgumentParser
import Display
import Foundation
import Raster
import Standby

/// `nightstand snapshot`: render what the display shows at an instant to a PNG file.
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Render the display at an instant and appearance to a PNG file.",
        discussion: """
            Renders the configuration (default: the built-in clock and date) exactly as \
            `nightstand run` would draw it at --at, in the --appearance given, at --size, and \
            writes it to --out. Providers are asked once and given up to 10 s to answer.
            """)

    @OptionGroup var config: ConfigurationOptions

    @Option(help: "Where to write the PNG.")
    var out: String = "nightstand.png"

    @Option(help: "Screen size as WxH. Default: the configuration's [display] size, else 800x480.")
    var size: String?

    @Option(help: "The instant to show, e.g. 2026-11-21T23:30 or 23:30. Default: now.")
    var at: String?

    @Option(help: "day, dim or night.")
    var appearance: String = "day"

    func run() async throws {
        try await exitingOnConfigurationError {
            let configuration = try config.load()
            var screen = configuration.display.headlessSize
            if let size {
                guard let parsed = PixelSize(parsing: size) else {
                    throw ValidationError(
                        "--size \(size): expected WxH with positive integers, e.g. 800x480")
                }
                screen = parsed
            }
            var start = Date()
            if let at {
                guard let parsed = DateTimeText.parse(at) else {
                    throw ValidationError(
                        "--at \(at): expected a date-time such as 2026-11-21T23:30 or a time such as 23:30"
                    )
                }
                start = parsed
            }
            let style: FrameStyle
            switch appearance {
            case "day": style = .day
            case "dim": style = .dim(brightness: 0.6)
            case "night": style = .night(ceiling: 1)
            default: throw ValidationError("--appearance \(appearance): expected day, dim or night")
            }
            let sink = try HeadlessSink(
                size: screen, format: .xrgb8888, rotation: .degrees0, imagePath: out, rawPath: nil)
            let host = try StandbyHost(
                configuration: configuration, registry: WidgetKinds.registry, sink: sink,
                clock: SimulatedClock(start: start), fonts: try FontDatabase())
            host.setStyle(style)
            await host.drawSettledFrame()
            print("wrote \(screen) \(appearance) frame to \(URL(fileURLWithPath: out).path)")
        }
    }
}
