import DisplayCommands
import StandbyViews

/// What a key, a switch or an encoder step asks the display to do, as a configuration file
/// writes it.
///
/// | written | does |
/// | --- | --- |
/// | `next`, `previous` | steps the first slot's stack to its next or previous widget |
/// | `next 2`, `previous 2` | the same for slot 2 (slots count from 1, left to right) |
/// | `view next`, `view previous` | shows the next or previous view |
/// | `view clock` | shows the named view |
/// | `mode auto`, `mode day`, `mode dim`, `mode night`, `mode off` | sets the appearance, as `nightstand mode` does |
/// | `wake` | wakes the panel for `wake_duration`, as a tap does at night |
/// | `presence` | someone is there while it is held (a PIR sensor): keeps the panel on |
/// | `reload` | reloads the widgets' timelines, as `nightstand reload` does |
/// | `none` | nothing, not even activity (a key the display should not see) |
///
/// Any other command a display takes in words (``DisplayCommands/DisplayCommand``, such as
/// `idle on`) works from a key too.
///
/// ```swift
/// try InputAction(parsing: "mode night")   // .command(.setMode(.night))
/// ```
public enum InputAction: Sendable, Hashable, CustomStringConvertible {
    /// A command for the display, in its words (``DisplayCommands/DisplayCommand``).
    case command(DisplayCommand)
    /// Wake the panel for `wake_duration`.
    case wake
    /// Someone is there while it is held.
    case presence
    /// Nothing at all.
    case none

    /// Step the first slot's stack forward (`next`).
    public static let next = InputAction.command(.stepStack(slot: 0, by: 1))
    /// Step the first slot's stack back (`previous`).
    public static let previous = InputAction.command(.stepStack(slot: 0, by: -1))

    /// The actions, for messages.
    static let words = "next, previous, view, mode, wake, presence, reload or none"

    /// Reads an action as a configuration file writes it: `wake`, `presence`, `none`, or a
    /// display command's words.
    public init(parsing text: String) throws(InputActionError) {
        switch text.split(separator: " ").map(String.init) {
        case ["wake"]: self = .wake
        case ["presence"]: self = .presence
        case ["none"]: self = .none
        case let words where words.first.map(DisplayCommand.verbList.contains) != true:
            throw InputActionError(text: text, expected: "an action (\(Self.words))")
        default:
            let command: DisplayCommand
            do throws(CommandError) {
                command = try DisplayCommand(words: text)
            } catch {
                throw InputActionError(text: text, expected: error.expected)
            }
            if case .showView(let name) = command, ViewName(rawValue: name) == nil {
                let names = ViewName.allCases.map(\.rawValue).joined(separator: ", ")
                throw InputActionError(
                    text: text, expected: "view next, view previous or view NAME (\(names))")
            }
            self = .command(command)
        }
    }

    /// The action as a configuration file writes it.
    public var description: String {
        switch self {
        case .command(let command): command.description
        case .wake: "wake"
        case .presence: "presence"
        case .none: "none"
        }
    }
}

/// An action that could not be read: what was written and what was expected.
public struct InputActionError: Error, Equatable, CustomStringConvertible {
    /// The text as written.
    public let text: String
    /// What would have been understood.
    public let expected: String

    /// `expected mode auto, day, dim, night or off, found "mode dark"`.
    public var description: String { "expected \(expected), found \"\(text)\"" }
}
