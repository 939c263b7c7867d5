import ArgumentParser
import Standby

/// `nightstand reload [KIND]`: ask the running instance for new timelines now.
struct ReloadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Make the running nightstand reload widget timelines now.",
        discussion: """
            Asks the provider of every widget of KIND (default: every widget) for a new \
            timeline, as WidgetCenter.reloadTimelines(ofKind:) does. Exits with status 69 when \
            no nightstand runs on the socket, 64 when no widget has that kind.
            """)

    @Argument(help: "The widget kind to reload, e.g. weather. Default: every widget.")
    var kind: String?

    @OptionGroup var control: ControlOptions

    func run() throws {
        try control.request(.command(.reload(kind: kind)))
    }
}
