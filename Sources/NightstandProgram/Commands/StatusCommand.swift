import ArgumentParser
import FoundationEssentials
import Standby

/// `nightstand status`: what the running instance shows and when its widgets update next.
///
/// ```
/// $ nightstand status
/// appearance: day (mode auto)
/// host time: 2026-11-21 23:30:05, 2 frames
///
/// slot  shows  stack
/// 1     clock  clock
/// 2     date   date
///
/// widget  kind   updated   next reload                      next entry           error
/// clock   clock  23:30:05  2026-11-22 00:29:00 (in 58 min)  23:31:00
/// date    date   23:30:05  2026-11-28 00:00:00 (in 6 d)     2026-11-22 00:00:00
/// ```
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print the running nightstand's appearance, slots and widgets.",
        discussion: """
            Prints the appearance and mode, which widget each slot shows, and for each widget \
            when its timeline last arrived, when its provider is asked next, when its next \
            entry takes over, and its last error. Exits with status 69 when no nightstand \
            runs on the socket.
            """)

    @OptionGroup var control: ControlOptions

    func run() throws {
        try control.request(.status)
    }
}
