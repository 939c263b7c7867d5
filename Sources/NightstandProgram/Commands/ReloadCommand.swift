import ArgumentParser
import DisplayCommands
import Standby

/// `nightstand reload [KIND]`: ask the running instance for new timelines now; `--config`: for
/// its configuration file read again.
struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Make the running nightstand reload widget timelines, or its configuration.",
        discussion: """
            Asks the provider of every widget of KIND (default: every widget) for a new \
            timeline, as WidgetCenter.reloadTimelines(ofKind:) does. With --config, the \
            running nightstand reads its configuration file again and applies it without \
            restarting (as SIGHUP does); a file that check-config refuses is refused with its \
            message and the display keeps the old one. Exits with status 69 when no nightstand \
            runs on the socket, 64 when no widget has that kind or the file is refused.
            """)

    @Argument(help: "The widget kind to reload, e.g. weather. Default: every widget.")
    var kind: String?

    @Flag(help: "Read the configuration file again instead (no KIND).")
    var config = false

    @OptionGroup var control: ControlOptions

    func validate() throws {
        if config, let kind {
            throw ValidationError(
                "--config reloads the whole configuration: give no KIND (\(kind))")
        }
    }

    func run() throws {
        try control.request(.command(config ? .reloadConfiguration : .reloadTimelines(kind: kind)))
    }
}
