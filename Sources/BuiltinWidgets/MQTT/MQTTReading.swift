import FoundationEssentials
import SystemSupport
import Widgets

/// What an `mqtt` widget shows and how, from its options.
///
/// ```toml
/// [[widget]]
/// kind = "mqtt"
/// id = "bedroom-temperature"
/// topic = "zigbee2mqtt/bedroom"
/// field = "temperature"
/// label = "Bedroom"
/// unit = "°C"
/// symbol = "thermometer.medium"
/// decimals = 1
/// min = 10
/// max = 30
/// stale_after = "30m"
/// ```
struct MQTTReading: Equatable, Sendable {
    /// The topic (no wildcards).
    var topic: String
    /// The path of the value in a JSON payload (`temperature`, `state.temperature`,
    /// `values.0`); nil takes the whole payload as the value.
    var field: [String]?
    /// What the value is.
    var label: String
    /// Shown after the value.
    var unit: String?
    /// An SF Symbols name shown before the label.
    var symbol: String?
    /// Decimals shown for a number; nil shows up to two.
    var decimals: Int?
    /// The gauge's range, for a number.
    var range: ClosedRange<Double>?
    /// How long a value is fresh; nil: always.
    var staleAfter: TimeInterval?

    /// The options `mqtt` takes.
    static let keys: Set<String> = [
        "topic", "field", "label", "unit", "symbol", "decimals", "min", "max", "stale_after",
    ]

    /// Reads the options; throws `WidgetOptionError` naming the key and what was expected.
    init(_ options: WidgetOptions) throws {
        try options.rejectUnknown(Self.keys)
        guard let topic = try options.string("topic") else {
            throw WidgetOptionError(
                key: "topic", expected: "the topic to show, such as \"home/bedroom/temperature\"",
                found: "nothing")
        }
        guard (1...256).contains(topic.utf8.count), !topic.contains("+"), !topic.contains("#"),
            topic.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        else {
            throw WidgetOptionError(
                key: "topic", expected: "one topic of 1 to 256 bytes, without + or # wildcards",
                found: "\"\(topic)\"")
        }
        self.topic = topic
        if let path = try options.string("field") {
            let parts = path.split(separator: ".", omittingEmptySubsequences: false)
            guard !parts.contains(where: \.isEmpty) else {
                throw WidgetOptionError(
                    key: "field",
                    expected: "a JSON field such as \"temperature\" or \"state.temperature\"",
                    found: "\"\(path)\"")
            }
            field = parts.map(String.init)
        }
        label = try options.string("label") ?? String(topic.split(separator: "/").last ?? "")
        unit = try options.string("unit")
        symbol = try options.string("symbol")
        if let digits = try options.int("decimals") {
            guard (0...6).contains(digits) else {
                throw WidgetOptionError(key: "decimals", expected: "0 to 6", found: "\(digits)")
            }
            decimals = digits
        }
        switch (try options.double("min"), try options.double("max")) {
        case (nil, nil): range = nil
        case (let low?, let high?):
            guard low < high, low.isFinite, high.isFinite else {
                throw WidgetOptionError(
                    key: "max", expected: "a number above min (\(low))", found: "\(high)")
            }
            range = low...high
        case (nil, _):
            throw WidgetOptionError(key: "min", expected: "min with max", found: "max alone")
        case (_, nil):
            throw WidgetOptionError(key: "max", expected: "max with min", found: "min alone")
        }
        staleAfter = try options.duration("stale_after")
    }

    /// What a payload shows: the output to draw, or what is wrong with the payload.
    func output(of payload: [UInt8]) -> Result<CommandOutput, MQTTPayloadError> {
        let text = String(decoding: payload, as: UTF8.self).trimmingWhitespace()
        let value: CommandOutput.Value
        if let field {
            let document: JSONValue
            do {
                document = try JSONDecoder().decode(JSONValue.self, from: Data(payload))
            } catch {
                return .failure(
                    MQTTPayloadError("not JSON (it begins \"\(escaping: text, limit: 30)\")"))
            }
            var current = document
            for key in field {
                guard let next = Self.member(key, of: current) else {
                    return .failure(
                        MQTTPayloadError("no field \(field.joined(separator: ".")) in the JSON"))
                }
                current = next
            }
            switch current {
            case .number(let number): value = .number(number)
            case .string(let string): value = Self.plain(string)
            case .bool(let bool): value = .text(bool ? "On" : "Off")
            case .null, .array, .object:
                return .failure(
                    MQTTPayloadError(
                        "the field \(field.joined(separator: ".")) is \(current.kind), "
                            + "not a number or a string"))
            }
        } else {
            value = Self.plain(text)
        }
        if case .number(let number) = value, !CommandOutput.numbers.contains(number) {
            return .failure(
                MQTTPayloadError("expected a number from -1e15 to 1e15, found \(number)"))
        }
        var gauge: CommandOutput.GaugeValue?
        if let range, case .number(let number) = value {
            gauge = CommandOutput.GaugeValue(
                value: number, min: range.lowerBound, max: range.upperBound)
        }
        return .success(
            CommandOutput(
                title: label, value: value, unit: unit, gauge: gauge, symbol: symbol, tint: nil,
                decimals: decimals))
    }

    /// An object's member `key`, or an array's element at the index `key`.
    private static func member(_ key: String, of value: JSONValue) -> JSONValue? {
        switch value {
        case .object(let object): return object[key]
        case .array(let array):
            guard let index = Int(key), array.indices.contains(index) else { return nil }
            return array[index]
        default: return nil
        }
    }

    /// A text value: a number when it reads as one, else the text (at most 64 characters).
    private static func plain(_ text: String) -> CommandOutput.Value {
        if let number = Double(text), number.isFinite { return .number(number) }
        return .text(text.count > 64 ? String(text.prefix(63)) + "…" : text)
    }
}

/// A payload the widget can't show: what was expected.
struct MQTTPayloadError: Error, Equatable, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
