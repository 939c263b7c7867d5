import ArgumentParser
import Standby
import SystemSupport

/// `nightstand check-config FILE`: validate a configuration without touching the display.
struct CheckConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check a configuration file without touching the display.",
        discussion: """
            Reads FILE and checks everything `nightstand run` checks before it opens the \
            display: every key of every section with its range, every widget's options, and \
            that the layout leaves something to see on the screen when the file fixes its \
            size ([display] mode, or the headless size). Reads the files [http] and [mqtt] \
            name (token_file, password_file, ca_file) and each calendar widget's password_file \
            as `run` does, so a token or password `run` would refuse (too short, readable by \
            others, a FIFO, missing) fails here too; a systemd credential under \
            /run/credentials/ is checked only inside the service (its ExecStartPre). Prints a \
            summary. A bad file prints file:line: key: what is expected, and exits with \
            status 78.
            """)

    @Argument(help: "The configuration file (TOML).")
    var file: String

    func run() async throws {
        try await exitingOnConfigurationError {
            let configuration = try Configuration.load(
                file: file, sections: Assembly.sections)
            let widgets = try configuration.check(registry: WidgetKinds.registry)
            let files = try NetworkFiles.check(configuration)
            printForTerminal("\(file): OK")
            printForTerminal("  display: \(configuration.display.backend.rawValue)")
            printForTerminal(
                "  layout: \(configuration.layout.style.rawValue), \(configuration.slots.count) slot(s)"
            )
            for (instance, widget) in zip(configuration.widgets, widgets) {
                printForTerminal("  widget \(instance.id): \(widget.kind) (\(widget.displayName))")
            }
            for line in files { printForTerminal(line) }
        }
    }
}
