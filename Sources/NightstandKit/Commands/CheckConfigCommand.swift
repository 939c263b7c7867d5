import ArgumentParser
import Standby

/// `nightstand check-config FILE`: validate a configuration without touching the display.
struct CheckConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check a configuration file without touching the display.",
        discussion: """
            Reads FILE and checks everything `nightstand run` checks before it opens the \
            display: every key of every section with its range, every widget's options, and \
            that the layout leaves something to see on the screen when the file fixes its \
            size ([display] mode, or the headless size). Prints a summary. A bad file prints \
            file:line: key: what is expected, and exits with status 78.
            """)

    @Argument(help: "The configuration file (TOML).")
    var file: String

    func run() async throws {
        try await exitingOnConfigurationError {
            let configuration = try Configuration.load(
                file: file, sections: Assembly.sections)
            let widgets = try configuration.check(registry: WidgetKinds.registry)
            print("\(file): OK")
            print("  display: \(configuration.display.backend.rawValue)")
            print(
                "  layout: \(configuration.layout.style.rawValue), \(configuration.slots.count) slot(s)"
            )
            for (instance, widget) in zip(configuration.widgets, widgets) {
                print("  widget \(instance.id): \(widget.kind) (\(widget.displayName))")
            }
        }
    }
}
