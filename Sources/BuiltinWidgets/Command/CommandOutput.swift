import FoundationEssentials
import Raster
import SystemSupport

/// What a `command` widget's program (or file, or URL) gives it: one JSON object.
///
/// ```json
/// {
///   "title": "Greenhouse",
///   "value": 21.5,
///   "unit": "°C",
///   "gauge": { "value": 21.5, "min": 0, "max": 40 },
///   "symbol": "thermometer.medium",
///   "tint": "#34C759"
/// }
/// ```
///
/// | key | type | meaning |
/// | --- | --- | --- |
/// | `title` | string, required | what the value is |
/// | `value` | number or string, required | the value, shown large; numbers with up to two decimals |
/// | `unit` | string | shown after the value |
/// | `gauge` | object | a gauge: `value` (number, required), `min` (default 0), `max` (default 1), `min` < `max` |
/// | `symbol` | string | an SF Symbols name shown before the title |
/// | `tint` | string | `"#RRGGBB"`: the title's and gauge's color |
///
/// Other keys are ignored, and `null` counts as absent for the optional ones. Numbers lie
/// within ±10¹⁵ (``numbers``), and strings longer than ``textLimit`` characters are cut there,
/// so that no output, however long or large, reaches the views' arithmetic or layout.
struct CommandOutput: Equatable, Sendable {
    /// The value shown large.
    enum Value: Equatable, Sendable {
        case number(Double)
        case text(String)
    }

    /// A gauge: the value within its range.
    struct GaugeValue: Equatable, Sendable {
        var value: Double
        var min: Double
        var max: Double
    }

    /// The numbers an output may hold: within ±10¹⁵, which still show in full.
    static let numbers = -1e15...1e15
    /// The most characters of a string kept: 1,000, more than any family shows.
    static let textLimit = 1000

    var title: String
    var value: Value
    var unit: String?
    var gauge: GaugeValue?
    var symbol: String?
    var tint: RGBA?
    /// Decimals shown for a number value; nil shows up to two.
    var decimals: Int?

    /// An output from its parts.
    init(
        title: String, value: Value, unit: String?, gauge: GaugeValue?, symbol: String?,
        tint: RGBA?, decimals: Int? = nil
    ) {
        self.title = title
        self.value = value
        self.unit = unit
        self.gauge = gauge
        self.symbol = symbol
        self.tint = tint
        self.decimals = decimals
    }

    /// Reads the output; throws ``CommandOutputError`` naming the key and what was expected.
    init(json data: Data) throws(CommandOutputError) {
        let document: JSONValue
        do {
            document = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            let text = String(decoding: data.prefix(60), as: UTF8.self)
                .trimmingWhitespace()
            throw CommandOutputError(
                key: nil,
                problem: "not JSON"
                    + (text.isEmpty ? " (empty output)" : " (it begins \"\(text)\")"))
        }
        guard case .object(let object) = document else {
            throw CommandOutputError(
                key: nil, problem: "expected a JSON object, found \(document.kind)")
        }
        title = try Self.string(object, "title", required: true) ?? ""
        switch object["value"] {
        case .number(let number): value = .number(try Self.checked(number, key: "value"))
        case .string(let text): value = .text(Self.capped(text))
        case nil, .null:
            throw CommandOutputError(
                key: "value", problem: "missing; expected a number or a string")
        case .some(let other):
            throw CommandOutputError(
                key: "value", problem: "expected a number or a string, found \(other.kind)")
        }
        unit = try Self.string(object, "unit", required: false)
        symbol = try Self.string(object, "symbol", required: false)
        if let hex = try Self.string(object, "tint", required: false) {
            guard hex.hasPrefix("#"), hex.count == 7, let color = RGBA(hexString: hex) else {
                throw CommandOutputError(
                    key: "tint", problem: "expected a color such as \"#34C759\", found \"\(hex)\"")
            }
            tint = color
        }
        gauge = try Self.gauge(object["gauge"])
    }

    private static func string(_ object: [String: JSONValue], _ key: String, required: Bool)
        throws(CommandOutputError) -> String?
    {
        switch object[key] {
        case .string(let text): return capped(text)
        case nil, .null:
            guard !required else {
                throw CommandOutputError(key: key, problem: "missing; expected a string")
            }
            return nil
        case .some(let other):
            throw CommandOutputError(key: key, problem: "expected a string, found \(other.kind)")
        }
    }

    /// `number` if it lies within ``numbers``.
    private static func checked(_ number: Double, key: String) throws(CommandOutputError)
        -> Double
    {
        guard numbers.contains(number) else {
            throw CommandOutputError(
                key: key, problem: "expected a number from -1e15 to 1e15, found \(number)")
        }
        return number
    }

    /// `text`, cut to ``textLimit`` characters.
    private static func capped(_ text: String) -> String {
        text.count > textLimit ? String(text.prefix(textLimit)) : text
    }

    private static func gauge(_ value: JSONValue?) throws(CommandOutputError) -> GaugeValue? {
        switch value {
        case nil, .null: return nil
        case .object(let object):
            func number(_ key: String, default fallback: Double?) throws(CommandOutputError)
                -> Double
            {
                switch object[key] {
                case .number(let number): return try checked(number, key: "gauge.\(key)")
                case nil, .null:
                    if let fallback { return fallback }
                    throw CommandOutputError(
                        key: "gauge.\(key)", problem: "missing; expected a number")
                case .some(let other):
                    throw CommandOutputError(
                        key: "gauge.\(key)", problem: "expected a number, found \(other.kind)")
                }
            }
            let gauge = GaugeValue(
                value: try number("value", default: nil), min: try number("min", default: 0),
                max: try number("max", default: 1))
            guard gauge.min < gauge.max else {
                throw CommandOutputError(
                    key: "gauge",
                    problem: "expected min < max, found min \(gauge.min), max \(gauge.max)")
            }
            return gauge
        case .some(let other):
            throw CommandOutputError(
                key: "gauge",
                problem: "expected an object such as {\"value\": 0.4}, found \(other.kind)")
        }
    }
}

/// Output that is not the documented JSON: the key and what was expected.
struct CommandOutputError: Error, Equatable, CustomStringConvertible {
    /// The key, such as `value` or `gauge.max`; nil for the whole output.
    let key: String?
    let problem: String

    var description: String { key.map { "\"\($0)\": \(problem)" } ?? problem }
}

/// Any JSON value, decoded without losing its kind (so `true` is not a number).
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The kind in words, for messages: "an array", "true".
    var kind: String {
        switch self {
        case .null: "null"
        case .bool(let bool): "\(bool)"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
