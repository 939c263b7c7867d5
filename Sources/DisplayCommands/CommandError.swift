import SystemSupport

/// A command that could not be read, in one wording for every channel: what came and what
/// was expected.
///
/// ```
/// not a display command: "mode purple": expected mode auto, day, dim, night or off
/// ```
public struct CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What came, with its control characters escaped and cut at 80 bytes (``SystemSupport/OutsideText``).
    public let found: String
    /// What a command there looks like.
    public let expected: String

    /// An error for `found`, which should have been `expected`.
    public init(_ found: String, expected: String) {
        self.found = OutsideText.escaped(found, limit: 80)
        self.expected = expected
    }

    /// `not a display command: "mode purple": expected mode auto, day, dim, night or off`.
    public var description: String {
        "not a display command: \"\(found)\": expected \(expected)"
    }
}
