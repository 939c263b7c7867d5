import FoundationEssentials

/// A command on the wire, the same for the control socket, HTTP and MQTT: a JSON object with
/// the wire's version and the command's words.
///
/// ```json
/// {"version": 1, "command": "view clock"}
/// ```
///
/// A display reads version 1; a newer version, or anything that is not such an object, is
/// refused with a ``CommandError`` in the same words on every channel.
extension DisplayCommand: Codable {
    /// The version of the wire form this display writes and reads.
    public static let wireVersion = 1
    /// The largest command a display reads, in bytes.
    public static let wireLimit = 4096

    private enum Keys: String, CodingKey {
        case version, command
    }

    /// Reads `{"version": 1, "command": WORDS}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.wireVersion else {
            throw CommandError(
                "version \(version)",
                expected: "version \(Self.wireVersion): this display reads no other")
        }
        self = try DisplayCommand(words: try container.decode(String.self, forKey: .command))
    }

    /// Writes `{"version": 1, "command": WORDS}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(Self.wireVersion, forKey: .version)
        try container.encode(description, forKey: .command)
    }

    /// The command in `json`, one wire object; a ``CommandError`` that says what is wrong
    /// when it is not one.
    public init(json: some Collection<UInt8>) throws(CommandError) {
        guard json.count <= Self.wireLimit else {
            throw CommandError(
                "\(json.count) bytes", expected: "a command of at most \(Self.wireLimit) bytes")
        }
        do {
            self = try JSONDecoder().decode(DisplayCommand.self, from: Data(json))
        } catch let error as CommandError {
            throw error
        } catch {
            let text = String(decoding: json.prefix(80), as: UTF8.self)
            throw CommandError(
                text, expected: #"{"version": 1, "command": "WORDS"}, such as "view clock""#)
        }
    }

    /// The command as one wire object, `{"command":"view clock","version":1}`.
    public var json: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Two strings and a number always encode.
        return Array((try? encoder.encode(self)) ?? Data())
    }
}
