import ArgumentParser
import DisplayCommands
import Standby

/// `nightstand message [--for SECONDS] [--wake] TEXT…`: show a message on the running
/// display as a banner over its views.
struct MessageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "message",
        abstract: "Show a message on the running nightstand as a banner over its views.",
        discussion: """
            Plain text of at most 200 characters, on one line (a newline or another control \
            character becomes a space). It shows for --for seconds (30 by default, at most \
            3600); a new message replaces it and a tap dismisses it. --wake lights a dark \
            panel while it shows. The same as `nightstand send message …`, POST /api/message \
            and MQTT's <base>/message. Exits with status 69 when no nightstand runs on the \
            socket, 64 when the message is refused.
            """)

    @Option(name: .customLong("for"), help: "How long the banner shows, in seconds.")
    var seconds: Double = DisplayMessage.defaultSeconds

    @Flag(help: "Light a dark panel while the message shows.")
    var wake = false

    @Argument(help: "The message's words.")
    var text: [String]

    @OptionGroup var control: ControlOptions

    func run() throws {
        let message: DisplayMessage
        do throws(CommandError) {
            message = try DisplayMessage(text.joined(separator: " "), seconds: seconds, wakes: wake)
        } catch {
            throw ValidationError(error.description)
        }
        try control.request(.command(.showMessage(message)))
    }
}
