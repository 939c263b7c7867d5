import ArgumentParser
import DisplayCommands
import Standby

/// `nightstand alarm list|snooze|dismiss|test NAME|skip NAME|set NAME on|off|default|HH:MM`:
/// the running instance's alarms.
///
/// ```
/// $ nightstand alarm list
/// alarm    time   days     next                          state    label
/// work     07:00  mon-fri  2026-11-30 07:00:00 (in 7 h)  waiting  Work
/// $ nightstand alarm skip work
/// alarm work: skipping Mon 2026-11-30 07:00
/// ```
struct AlarmCLICommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "alarm",
        abstract: "List, snooze, dismiss, test, skip or change the running nightstand's alarms.",
        discussion: """
            list (the default) prints each alarm, when it rings next and whether it rings \
            now. snooze and dismiss act on the ringing alarm; test NAME rings it now; skip \
            NAME skips its next ring; set NAME on|off|default|HH:MM switches or moves it \
            until `default` (kept across restarts). Exits with status 69 when no nightstand \
            runs on the socket, 64 when the display refuses.
            """)

    @Argument(help: "list, snooze, dismiss, test NAME, skip NAME or set NAME VALUE.")
    var words: [String] = []

    @OptionGroup var control: ControlOptions

    func run() throws {
        guard !words.isEmpty, words != ["list"] else {
            try control.request(.status) { $0.alarmTable() }
            return
        }
        let command: DisplayCommand
        do throws(CommandError) {
            command = try DisplayCommand(words: (["alarm"] + words).joined(separator: " "))
        } catch {
            throw ValidationError(error.description)
        }
        try control.request(.command(command))
    }
}
