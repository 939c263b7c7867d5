import DisplayCommands
import FoundationEssentials

/// One request to a running host, as a client sends it over the control socket.
///
/// On the wire a request is one line of JSON: a command in its wire form
/// (``DisplayCommands/DisplayCommand``, the same on HTTP and MQTT), or the status request.
///
/// ```
/// {"command":"mode night","version":1}
/// {"command":"reload weather","version":1}
/// {"command":"status","version":1}
/// ```
public enum ControlRequest: Equatable, Sendable {
    /// A command for the display.
    case command(DisplayCommand)
    /// The host's ``HostStatus``.
    case status

    /// The request as one line of JSON, newline included.
    var line: Data {
        switch self {
        case .command(let command): Data(command.json + [UInt8(ascii: "\n")])
        case .status: ControlCoding.line(StatusRequest())
        }
    }

    /// Reads one request line; a ``ControlRequestError`` says what was expected.
    init(line: Data) throws(ControlRequestError) {
        if let request = try? ControlCoding.decoder.decode(StatusRequest.self, from: line),
            request.command == "status",
            request.version ?? DisplayCommand.wireVersion == DisplayCommand.wireVersion
        {
            self = .status
            return
        }
        do throws(CommandError) {
            self = .command(try DisplayCommand(json: line))
        } catch {
            throw ControlRequestError(error.description)
        }
    }

    /// `{"command":"status","version":1}` (the version may be left out).
    private struct StatusRequest: Codable {
        var command: String? = "status"
        var version: Int? = DisplayCommand.wireVersion
    }
}

/// A request line that is not a request: the message says what was expected.
public struct ControlRequestError: Error, Equatable, CustomStringConvertible {
    /// What was expected, and what was found.
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The JSON conventions of the control protocol: sorted keys, ISO 8601 dates, one line.
enum ControlCoding {
    /// A decoder for requests and replies.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// `value` as one line of JSON, newline included.
    static func line(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Strings, numbers, booleans and ISO dates always encode.
        var data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        data.append(UInt8(ascii: "\n"))
        return data
    }
}
