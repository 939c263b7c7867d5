import ArgumentParser
import Standby

/// `nightstand check-config FILE`: validate a configuration without touching the display.
struct CheckConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-config",
        abstract: "Check a configuration file without touching the display.",
        discussion: """
            Reads FILE, checks every key and every widget's options, and prints a summary. \
            A bad file prints file:line: key: what is expected, and exits with status 78.
            """)

    @Argument(help: "The configuration file (TOML).")
    var file: String

    func run() async throws {
        try await exitingOnConfigurationError {
            let configuration = try Configuration.load(file: file)
            let widgets = try WidgetKinds.registry.makeWidgets(for: configuration)
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
