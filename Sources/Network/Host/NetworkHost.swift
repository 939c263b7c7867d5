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

    /// The display's locale (`de_DE`): the web page's language when the browser asks for
    /// none that Nightstand's words are in.
    var locale: String { get }

    /// The host's status as `nightstand status --json` prints it: a JSON object.
    func statusJSON() -> [UInt8]

    /// A copy of the frame the panel shows now, exactly its pixels; nil before the first.
    func frame() -> Bitmap?

    /// Lends `reader` the frame on the panel (``CanvasLoan``: its rows until the loop's next
    /// turn, no copy); `reader` is called on the loop's thread and must return at once. With
    /// `waking`, the frame shown now (the loop wakes for it); without, the next frame presented,
    /// which from ``MQTTBridge/frameChanged()`` (the loop's frame observer) is the frame just
    /// presented, lent before the loop sleeps: no wake-up of its own.
    func lendFrame(waking: Bool, _ reader: @escaping @Sendable (CanvasLoan) -> Void)
}

extension NetworkHost {
    /// Posts `command` to the display, not waiting to hear what came of it.
    func send(_ command: DisplayCommand) { send(command, reply: nil) }

    /// Posts the command these words spell (a choice already checked against the display's
    /// own list: `mode night`, `view clock`); nothing when they spell none.
    func send(words: String) {
        if let command = try? DisplayCommand(words: words) { send(command) }
    }

    /// The frame the panel shows as PNG (``frame()``, so never on the display's loop), or why
    /// there is none: `GET /screen.png`, the fleet's screenshot and Home Assistant's image.
    func framePNG() -> Result<[UInt8], FrameUnavailable> {
        guard let frame = frame() else { return .failure(.notShown) }
        do {
            return .success(try PNGEncoder.encode(frame))
        } catch {
            return .failure(.unencodable("\(error)"))
        }
    }
}

/// Why there is no picture of the frame.
enum FrameUnavailable: Error, Equatable, CustomStringConvertible {
    /// No frame was shown yet.
    case notShown
    /// The frame could not be encoded, for this reason.
    case unencodable(String)

    /// The reason in words: `no frame has been shown yet`.
    var description: String {
        switch self {
        case .notShown: "no frame has been shown yet"
        case .unencodable(let why): "the frame could not be encoded: \(why)"
        }
    }
}
