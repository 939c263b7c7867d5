import DisplayCommands
import Raster

/// What the network side may ask of the display and learn from it: the one seam between
/// ``MQTTBridge`` or ``HTTPServer`` and the host.
///
/// Commands (``DisplayCommands/DisplayCommand``, the same a key or the control socket sends)
/// are posted to the host's event queue and return at once; the queries read what the host
/// published last. Every requirement may be called from any thread (the MQTT client's, the
/// HTTP server's), so an implementation never touches the run loop's state directly.
///
/// ```swift
/// struct Host: NetworkHost {
///     func send(_ command: DisplayCommand, reply: …) { events.post(.command(command, reply: reply)) }
///     …
/// }
/// ```
public protocol NetworkHost: Sendable {
    /// Posts `command` to the display and returns at once; `reply`, when given, hears what
    /// came of it once the display applied it (on the display's thread: hand it on).
    func send(_ command: DisplayCommand, reply: (@Sendable (CommandResult) -> Void)?)

    /// What MQTT publishes and the web page shows: mode, appearance, light, views.
    func state() -> DisplayState

    /// The host's status as `nightstand status --json` prints it: a JSON object.
    func statusJSON() -> [UInt8]

    /// A copy of the frame the panel shows now, exactly its pixels; nil before the first.
    func frame() -> Bitmap?
}

extension NetworkHost {
    /// Posts `command` to the display, not waiting to hear what came of it.
    func send(_ command: DisplayCommand) { send(command, reply: nil) }

    /// Posts the command these words spell (a choice already checked against the display's
    /// own list: `mode night`, `view clock`); nothing when they spell none.
    func send(words: String) {
        if let command = try? DisplayCommand(words: words) { send(command) }
    }
}
