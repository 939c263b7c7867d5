import ArgumentParser
import DisplayCommands
import Standby

/// `nightstand view NAME`: show one of the running instance's views.
struct ViewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "view",
        abstract:
            "Show a view of the running nightstand: widgets, photos, clock, next or previous.",
        discussion: """
            The view slides in as a swipe would bring it; next and previous go round past \
            the ends. Only the views of [layout] views can show. Exits with status 69 when no \
            nightstand runs on the socket.
            """)

    @Argument(help: "widgets, photos, clock, next or previous.")
    var view: String

    @OptionGroup var control: ControlOptions

    func run() throws {
        let command: DisplayCommand
        do throws(CommandError) {
            command = try DisplayCommand(words: "view \(view)")
        } catch {
            throw ValidationError(error.description)
        }
        try control.request(.command(command))
    }
}
