import Ambient
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
/// ```swift
/// try InputAction(parsing: "mode night")   // .mode(.night)
/// ```
public enum InputAction: Sendable, Hashable, CustomStringConvertible {
    /// Step a slot's stack forward; the slot's index from 0, nil for the first.
    case next(slot: Int?)
    /// Step a slot's stack back; the slot's index from 0, nil for the first.
    case previous(slot: Int?)
    /// Show a view.
    case view(ViewChoice)
    /// Set the appearance: nil for automatic, else the one to keep.
    case mode(Appearance?)
    /// Wake the panel for the configured while.
    case wake
    /// Someone is there while the key is held.
    case presence
    /// Reload the widgets' timelines.
    case reload
    /// Nothing at all.
    case none

    /// Which view a ``view(_:)`` action shows.
    public enum ViewChoice: Sendable, Hashable {
        /// The one after the current, wrapping around.
        case next
        /// The one before the current, wrapping around.
        case previous
        /// The view of this name (`widgets`, `photos`, `clock`).
        case named(String)
    }

    /// The words that start an action, for messages.
    static let words = "next, previous, view, mode, wake, presence, reload or none"

    /// Parses an action as written in a configuration file; throws a message that says what
    /// was expected.
    public init(parsing text: String) throws(InputActionError) {
        let words = text.split(separator: " ").map(String.init)
        guard let first = words.first else {
            throw InputActionError(text: text, expected: "an action (\(Self.words))")
        }
        let argument = words.count > 1 ? words[1] : nil
        guard words.count <= 2 else {
            throw InputActionError(text: text, expected: "an action and at most one argument")
        }
        switch first {
        case "next", "previous":
            var slot: Int?
            if let argument {
                guard let number = Int(argument), (1...64).contains(number) else {
                    throw InputActionError(
                        text: text, expected: "a slot number from 1 after \(first)")
                }
                slot = number - 1
            }
            self = first == "next" ? .next(slot: slot) : .previous(slot: slot)
        case "view":
            switch argument {
            case nil:
                throw InputActionError(
                    text: text, expected: "view next, view previous or view NAME")
            case "next": self = .view(.next)
            case "previous": self = .view(.previous)
            case let name?:
                guard ViewName(rawValue: name) != nil else {
                    let names = ViewName.allCases.map(\.rawValue).joined(separator: ", ")
                    throw InputActionError(
                        text: text, expected: "view next, view previous or view NAME (\(names))")
                }
                self = .view(.named(name))
            }
        case "mode":
            if argument == "auto" {
                self = .mode(nil)
            } else if let argument, let appearance = Appearance(rawValue: argument) {
                self = .mode(appearance)
            } else {
                throw InputActionError(text: text, expected: "mode auto, day, dim, night or off")
            }
        default:
            guard argument == nil else {
                throw InputActionError(text: text, expected: "\(first) alone")
            }
            switch first {
            case "wake": self = .wake
            case "presence": self = .presence
            case "reload": self = .reload
            case "none": self = .none
            default: throw InputActionError(text: text, expected: "an action (\(Self.words))")
            }
        }
    }

    /// The action as a configuration file writes it: `next 2`, `view clock`, `mode night`.
    public var description: String {
        switch self {
        case .next(let slot): slot.map { "next \($0 + 1)" } ?? "next"
        case .previous(let slot): slot.map { "previous \($0 + 1)" } ?? "previous"
        case .view(.next): "view next"
        case .view(.previous): "view previous"
        case .view(.named(let name)): "view \(name)"
        case .mode(let appearance): "mode \(appearance?.rawValue ?? "auto")"
        case .wake: "wake"
        case .presence: "presence"
        case .reload: "reload"
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
