/// What came of a command: done, with a line for whoever sent it, or refused, with why.
///
/// ```
/// done: view clock
/// refused: no view "photo"; the views are widgets, clock ([layout] views)
/// ```
public enum CommandResult: Sendable, Equatable, Codable {
    /// The command was applied; the text says what it did.
    case done(String)
    /// The command was not applied; the text says why.
    case refused(String)

    /// Whether the command was applied.
    public var isDone: Bool {
        if case .done = self { return true }
        return false
    }

    /// The line for whoever sent the command.
    public var message: String {
        switch self {
        case .done(let text), .refused(let text): text
        }
    }
}
