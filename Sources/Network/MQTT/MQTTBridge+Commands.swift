import DisplayCommands
import FoundationEssentials
import SystemSupport

/// The commands Home Assistant and others send the display through the broker.
extension MQTTBridge {
    /// Applies a command through the host's verbs, or logs why not.
    func command(_ message: MQTTMessage) {
        let text = String(decoding: message.payload.prefix(200), as: UTF8.self)
            .trimmingWhitespace()
        func ignore(_ why: String) { self.ignore(message, why) }
        guard !message.retained else {
            return ignore("a retained command would act again on every connection")
        }
        switch message.topic {
        case topics.command:
            do throws(CommandError) {
                host.send(try DisplayCommand(json: message.payload))
            } catch {
                return ignore(error.description)
            }
        case topics.setMode:
            let modes = DisplayMode.allCases.map(\.rawValue)
            guard modes.contains(text) else {
                return ignore("expected " + modes.joined(separator: ", "))
            }
            host.send(words: "mode \(text)")
        case topics.setView:
            let views = host.state().views
            guard !views.isEmpty else {
                return ignore("this display shows one view ([layout] views)")
            }
            guard views.contains(text) || DisplayState.viewSteps.contains(text) else {
                return ignore(
                    "expected one of " + (views + DisplayState.viewSteps).joined(separator: ", "))
            }
            host.send(words: "view \(text)")
        case topics.message:
            do throws(CommandError) {
                let words = message.payload.prefix(DisplayCommand.wireLimit)
                host.send(.showMessage(try DisplayMessage(String(decoding: words, as: UTF8.self))))
            } catch {
                return ignore(error.description)
            }
        default:
            host.send(.reloadTimelines(kind: nil))
        }
    }

    /// Logs that `message` was ignored, and why.
    func ignore(_ message: MQTTMessage, _ why: String) {
        complaints.notice(
            source: message.topic,
            "mqtt: ignored \"\(escaping: message.payload, limit: 40)\" on "
                + "\(escaping: message.topic): \(why)")
    }
}
