import FoundationEssentials

/// One request to a running host, as a client sends it over the control socket.
///
/// On the wire a request is one line of JSON, keys sorted:
///
/// ```
/// {"command":"reload"}
/// {"command":"reload","kind":"weather"}
/// {"command":"reload","config":true}
/// {"command":"mode","mode":"night"}
/// {"command":"view","view":"clock"}
/// {"command":"status"}
/// ```
public enum ControlRequest: Equatable, Sendable {
    /// A command for the run loop: `reload` (of timelines, or of the configuration), `mode` or
    /// `view`.
    case command(ControlCommand)
    /// The host's ``HostStatus``.
    case status

    /// The request as one line of JSON, newline included.
    var line: Data {
        var wire = Wire()
        switch self {
        case .command(.reload(let kind)):
            wire.command = "reload"
            wire.kind = kind
        case .command(.mode(let mode)):
            wire.command = "mode"
            wire.mode = mode.rawValue
        case .command(.reloadConfiguration):
            wire.command = "reload"
            wire.config = true
        case .command(.view(let name)):
            wire.command = "view"
            wire.view = name
        case .status:
            wire.command = "status"
        }
        return ControlCoding.line(wire)
    }

    /// Reads a request line; throws a message naming what was expected.
    init(line: Data) throws(ControlRequestError) {
        let wire: Wire
        do {
            wire = try ControlCoding.decoder.decode(Wire.self, from: line)
        } catch let DecodingError.typeMismatch(_, context) where !context.codingPath.isEmpty {
            let key = context.codingPath.map(\.stringValue).joined(separator: ".")
            throw ControlRequestError(
                "\"\(key)\": expected " + (key == "config" ? "true or false" : "a string"))
        } catch {
            let text = String(decoding: line.prefix(80), as: UTF8.self)
            throw ControlRequestError(
                "expected one JSON object per line, such as {\"command\":\"status\"}; found "
                    + (text.isEmpty ? "nothing" : "\(text)"))
        }
        let commands = "\"reload\", \"mode\", \"view\" or \"status\""
        switch wire.command {
        case "reload" where wire.config == true:
            guard wire.kind == nil else {
                throw ControlRequestError(
                    "\"kind\": expected none with \"config\": the configuration reloads whole")
            }
            self = .command(.reloadConfiguration)
        case "reload":
            self = .command(.reload(kind: wire.kind))
        case "mode":
            guard let name = wire.mode, let mode = ModeOverride(rawValue: name) else {
                let found = wire.mode.map { ", found \"\($0)\"" } ?? ""
                throw ControlRequestError("\"mode\": expected \(ModeOverride.choices)\(found)")
            }
            self = .command(.mode(mode))
        case "view":
            guard let name = wire.view, !name.isEmpty else {
                throw ControlRequestError(
                    "\"view\": expected a view's name (widgets, photos, clock), next or previous")
            }
            self = .command(.view(name))
        case "status":
            self = .status
        case let other?:
            throw ControlRequestError("\"command\": expected \(commands), found \"\(other)\"")
        case nil:
            throw ControlRequestError("missing \"command\": expected \(commands)")
        }
    }

    /// The JSON object, every key optional so that a missing one gets its own message.
    private struct Wire: Codable {
        var command: String?
        var kind: String?
        var mode: String?
        var config: Bool?
        var view: String?
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
