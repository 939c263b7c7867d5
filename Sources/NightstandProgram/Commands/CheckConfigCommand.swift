import Alarms
import ArgumentParser
import Localization
import Standby
import SystemSupport
import WidgetUI

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
            summary, with the display's language (LC_ALL, LC_MESSAGES or LANG) and whether \
            Nightstand's words are in it. A bad file prints file:line: key: what is expected, \
            and exits with status 78.
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
            let locale = configuration.display.locale ?? EnvironmentValues.processLocale.identifier
            for (instance, widget) in zip(configuration.widgets, widgets) {
                let name = widget.displayName(in: Locale(identifier: locale))
                printForTerminal("  widget \(instance.id): \(widget.kind) (\(name))")
            }
            for alarm in configuration.section(AlarmSettings.self)?.alarms ?? [] {
                printForTerminal(Self.describe(alarm))
            }
            for line in files { printForTerminal(line) }
            printForTerminal("  " + NightstandStrings.summary(locale: locale))
        }
    }

    /// `  alarm work: 07:00 mon-fri, chime`, and a sound file that cannot be read now (a disk
    /// not mounted yet): not an error, the alarm's tone plays instead when it rings.
    static func describe(_ alarm: Alarm) -> String {
        var line = "  alarm \(alarm.id): \(alarm.timeText) \(alarm.days)"
        if !alarm.enabled { line += " (off)" }
        guard let file = alarm.sound else { return line + ", \(alarm.tone)" }
        line += ", \(file)"
        if case .failure(let error) = BoundedFile.check(file, limit: Int.max) {
            line += " (cannot be read now: \(error.reason); \(alarm.tone) plays instead)"
        }
        return line
    }
}
