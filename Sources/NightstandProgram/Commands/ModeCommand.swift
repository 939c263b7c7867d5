import ArgumentParser
import DisplayCommands
import Standby

/// `nightstand mode MODE`: override the running instance's appearance.
struct ModeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mode",
        abstract: "Override the running nightstand's appearance: auto, day, dim, night or off.",
        discussion: """
            day, dim and night hold that appearance whatever the light or the hour; off turns \
            the panel off until another mode; auto hands the choice back to nightstand. \
            Exits with status 69 when no nightstand runs on the socket.
            """)

    @Argument(help: "The appearance to hold, or auto.")
    var mode: DisplayMode

    @OptionGroup var control: ControlOptions

    func run() throws {
        try control.request(.command(.setMode(mode)))
    }
}

extension DisplayMode: ExpressibleByArgument {}
