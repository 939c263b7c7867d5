/// A message for the display to show as a banner over its views: "Laundry done".
///
/// Plain text, never markup, of at most ``textLimit`` characters on one line: control and
/// format characters (a newline, a bidirectional override) become spaces and runs of spaces
/// one. It shows for ``seconds``; a new message replaces the one showing, and a tap on the
/// screen dismisses it. A message that ``wakes`` lights a dark panel for as long as it shows.
///
/// Words: `message [--for SECONDS] [--wake] [--] TEXT…`, as `message --for 60 Laundry done`.
public struct DisplayMessage: Sendable, Hashable {
    /// What the banner says, cleaned as above.
    public let text: String
    /// How long the banner shows, in seconds.
    public let seconds: Double
    /// Whether the message lights a dark panel (`--wake`) while it shows.
    public let wakes: Bool

    /// The most characters a message has.
    public static let textLimit = 200
    /// How long a message shows when not told.
    public static let defaultSeconds = 30.0
    /// The longest a message shows: an hour.
    public static let longest = 3600.0

    /// The message `text` for `seconds`; a ``CommandError`` when the text is empty once
    /// cleaned or longer than ``textLimit``, or `seconds` is not from 1 to ``longest``.
    public init(
        _ text: String, seconds: Double = defaultSeconds, wakes: Bool = false
    ) throws(CommandError) {
        let cleaned = Self.cleaned(text)
        guard !cleaned.isEmpty else {
            throw CommandError(text, expected: "message TEXT: a text to show")
        }
        guard cleaned.count <= Self.textLimit else {
            throw CommandError(
                text,
                expected: "a message of at most \(Self.textLimit) characters, not \(cleaned.count)")
        }
        guard seconds.isFinite, (1...Self.longest).contains(seconds) else {
            throw CommandError(
                "--for \(seconds)", expected: "--for SECONDS, from 1 to \(Int(Self.longest))")
        }
        self.text = cleaned
        self.seconds = seconds
        self.wakes = wakes
    }

    /// `text` on one line: control and format characters as spaces, runs of spaces as one,
    /// none at the ends.
    static func cleaned(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .spaceSeparator:
                scalars.append(" ")
            default:
                scalars.append(scalar)
            }
        }
        return String(scalars).split(separator: " ").joined(separator: " ")
    }

    /// The message's words after `message`: `--for 60 --wake Laundry done`.
    var words: String {
        var words: [String] = []
        if seconds != Self.defaultSeconds { words += ["--for", DisplayCommand.number(seconds)] }
        if wakes { words.append("--wake") }
        if text.hasPrefix("-") { words.append("--") }
        return (words + [text]).joined(separator: " ")
    }

    /// Reads `[--for SECONDS] [--wake] [--] TEXT…` from `words`, all the words left.
    static func read(_ words: inout Words, _ text: String) throws(CommandError) -> Self {
        var (seconds, wakes) = (defaultSeconds, false)
        var rest: [String] = []
        while let word = words.next() {
            if !rest.isEmpty {
                rest.append(word)
            } else if word == "--for" {
                guard let value = words.next().flatMap(Double.init) else {
                    throw CommandError(
                        text, expected: "--for SECONDS, from 1 to \(Int(longest))")
                }
                seconds = value
            } else if word == "--wake" {
                wakes = true
            } else if word == "--" {
                rest = words.rest()
                break
            } else {
                rest.append(word)
            }
        }
        return try DisplayMessage(rest.joined(separator: " "), seconds: seconds, wakes: wakes)
    }
}
