import ArgumentParser
import DisplayCommands
import Standby

/// `nightstand send WORDS…`: any display command, in the words a key map writes.
struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "send",
        abstract: "Send the running nightstand any command, in its words.",
        discussion: """
            The words are those of docs/commands.md, the same a key map, HTTP (POST \
            /api/command) and MQTT (<base>/command) take: for example `nightstand send mode \
            night`, `send view next`, `send next 2`, `send wake 30`, `send idle on`. Prints \
            what came of it; exits with status 69 when no nightstand runs on the socket, 64 \
            when the words are not a command or the display refused it.
            """)

    @Argument(help: "The command's words.")
    var words: [String]

    @OptionGroup var control: ControlOptions

    func run() throws {
        let command: DisplayCommand
        do throws(CommandError) {
            command = try DisplayCommand(words: words.joined(separator: " "))
        } catch {
            throw ValidationError(error.description)
        }
        try control.request(.command(command))
    }
}
