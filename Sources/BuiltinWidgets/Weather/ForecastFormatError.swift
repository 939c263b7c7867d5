import FoundationEssentials

/// Forecast JSON that is not what Open-Meteo sends: the field and what was expected.
struct ForecastFormatError: Error, Equatable, CustomStringConvertible {
    /// The field's path, such as `current.temperature_2m` or `hourly.time[3]`; nil for the
    /// whole document.
    let field: String?
    /// What is wrong, in words.
    let problem: String

    init(field: String?, problem: String) {
        self.field = field
        self.problem = problem
    }

    /// The first problem JSONDecoder met, in the same words.
    init(_ error: DecodingError) {
        func path(_ keys: [any CodingKey]) -> String? {
            guard !keys.isEmpty else { return nil }
            return keys.map { key in
                key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
            }.joined().replacing(".[", with: "[").trimming { $0 == "." }
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(
                field: path(context.codingPath + [key]), problem: "missing; expected a value")
        case .typeMismatch(let type, let context):
            self.init(
                field: path(context.codingPath), problem: "expected \(Self.words(for: type))")
        case .valueNotFound(let type, let context):
            self.init(
                field: path(context.codingPath),
                problem: "expected \(Self.words(for: type)), found null")
        case .dataCorrupted(let context):
            self.init(
                field: path(context.codingPath),
                problem: context.codingPath.isEmpty
                    ? "not JSON; expected an Open-Meteo forecast object"
                    : context.debugDescription)
        @unknown default:
            self.init(field: nil, problem: "\(error)")
        }
    }

    private static func words(for type: Any.Type) -> String {
        switch type {
        case is Double.Type: "a number"
        case is Int.Type: "an integer"
        case is String.Type: "a string"
        case is [String].Type: "an array of strings"
        default:
            "\(type)".hasPrefix("Array") ? "an array" : "an object"
        }
    }

    var description: String { field.map { "\($0): \(problem)" } ?? problem }
}
