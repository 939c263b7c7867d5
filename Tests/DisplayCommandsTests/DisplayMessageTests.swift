import DisplayCommands
import Foundation
import Testing

@Suite("Messages: words, the wire, cleaning and limits")
struct DisplayMessageTests {
    @Test("a message reads from its words, writes them back and goes through the wire")
    func words() throws {
        let cases: [(String, DisplayMessage, String)] = [
            ("message Laundry done", try DisplayMessage("Laundry done"), "message Laundry done"),
            (
                "message --for 60 --wake Front  door\topen",
                try DisplayMessage("Front door open", seconds: 60, wakes: true),
                "message --for 60 --wake Front door open"
            ),
            (
                "message --wake -- --for ever", try DisplayMessage("--for ever", wakes: true),
                "message --wake -- --for ever"
            ),
            (
                "message 30 minutes left", try DisplayMessage("30 minutes left"),
                "message 30 minutes left"
            ),
        ]
        for (words, message, canonical) in cases {
            let command = try DisplayCommand(words: words)
            #expect(command == .showMessage(message), "\(words)")
            #expect(command.description == canonical)
            #expect(try DisplayCommand(words: canonical) == command)
            #expect(try DisplayCommand(json: command.json) == command)
        }
        #expect(try DisplayCommand(words: "dismiss-message") == .dismissMessage)
        #expect(DisplayCommand.dismissMessage.description == "dismiss-message")
        #expect(try DisplayMessage("Laundry done").seconds == 30)
    }

    @Test("control and format characters become spaces: one line, nothing hidden")
    func cleaning() throws {
        let message = try DisplayMessage("Door\nopen\u{1B}[2J \u{202E}evil\u{2028}end  ")
        #expect(message.text == "Door open [2J evil end")
        #expect(!message.text.unicodeScalars.contains { $0.properties.generalCategory == .control })
    }

    @Test("empty, too long or too lasting messages are refused, saying what is expected")
    func refusals() {
        let cases: [(String, String)] = [
            ("message", "message TEXT: a text to show"),
            ("message --wake", "message TEXT"),
            ("message \u{7}", "message TEXT"),
            ("message --for", "--for SECONDS, from 1 to 3600"),
            ("message --for 0 hi", "--for SECONDS, from 1 to 3600"),
            ("message --for 3601 hi", "--for SECONDS, from 1 to 3600"),
            ("message --for nan hi", "--for SECONDS"),
            ("message " + String(repeating: "é", count: 201), "at most 200 characters, not 201"),
            ("dismiss-message now", "nothing after \"dismiss-message\""),
        ]
        for (words, expected) in cases {
            #expect(throws: CommandError.self, "\(words)") { try DisplayCommand(words: words) }
            do {
                _ = try DisplayCommand(words: words)
            } catch {
                #expect(error.description.contains(expected), "\(words): \(error)")
            }
        }
        #expect(throws: Never.self) { try DisplayMessage(String(repeating: "é", count: 200)) }
    }
}
