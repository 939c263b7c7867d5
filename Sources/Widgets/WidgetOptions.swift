import FoundationEssentials

/// The options a configurable widget was given in the configuration file: the keys of its
/// `[[widget]]` table other than `id` and `kind`.
///
/// A built-in widget reads them with typed accessors that throw ``WidgetOptionError`` naming
/// the key and what was expected; the host turns that into a message with the file and line.
///
/// ```swift
/// let use24Hour = try options.bool("24h") ?? true
/// let zone = try options.string("time_zone").map(TimeZone.init(identifier:))
/// ```
public struct WidgetOptions: Sendable {
    /// One option's value.
    public enum Value: Sendable, Equatable {
        /// A string.
        case string(String)
        /// An integer.
        case int(Int)
        /// A floating-point number.
        case double(Double)
        /// A Boolean.
        case bool(Bool)
        /// An array of values.
        case array([Value])
    }

    /// The values by key.
    public let values: [String: Value]

    /// Creates options from values.
    public init(_ values: [String: Value] = [:]) {
        self.values = values
    }

    /// Whether no options were given.
    public var isEmpty: Bool { values.isEmpty }

    /// A string option.
    public func string(_ key: String) throws -> String? {
        try read(key, expected: "a string") { if case .string(let s) = $0 { s } else { nil } }
    }

    /// An integer option.
    public func int(_ key: String) throws -> Int? {
        try read(key, expected: "an integer") { if case .int(let i) = $0 { i } else { nil } }
    }

    /// A number option: an integer or a floating-point number.
    public func double(_ key: String) throws -> Double? {
        try read(key, expected: "a number") {
            switch $0 {
            case .double(let d): d
            case .int(let i): Double(i)
            default: nil
            }
        }
    }

    /// A Boolean option.
    public func bool(_ key: String) throws -> Bool? {
        try read(key, expected: "true or false") { if case .bool(let b) = $0 { b } else { nil } }
    }

    /// An array-of-strings option.
    public func strings(_ key: String) throws -> [String]? {
        try read(key, expected: "an array of strings") {
            guard case .array(let items) = $0 else { return nil }
            let strings = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
            return strings.count == items.count ? strings : nil
        }
    }

    /// A string option that must be one of `choices`.
    public func choice(_ key: String, of choices: [String]) throws -> String? {
        guard let value = try string(key) else { return nil }
        guard choices.contains(value) else {
            throw WidgetOptionError(
                key: key,
                expected: "one of " + choices.map { "\"\($0)\"" }.joined(separator: ", "),
                found: "\"\(value)\"")
        }
        return value
    }

    /// Throws for every key not in `known`, so a typo doesn't pass silently.
    public func rejectUnknown(_ known: Set<String>) throws {
        if let key = values.keys.sorted().first(where: { !known.contains($0) }) {
            let list = known.sorted().joined(separator: ", ")
            throw WidgetOptionError(
                key: key, expected: known.isEmpty ? "no options" : "one of the options \(list)",
                found: "an unknown option")
        }
    }

    private func read<T>(_ key: String, expected: String, _ cast: (Value) -> T?) throws -> T? {
        guard let value = values[key] else { return nil }
        guard let typed = cast(value) else {
            throw WidgetOptionError(key: key, expected: expected, found: value.description)
        }
        return typed
    }
}

extension WidgetOptions.Value: CustomStringConvertible {
    /// The value as it would be written in TOML.
    public var description: String {
        switch self {
        case .string(let s): "\"\(s)\""
        case .int(let i): String(i)
        case .double(let d): String(d)
        case .bool(let b): String(b)
        case .array(let a): "[" + a.map(\.description).joined(separator: ", ") + "]"
        }
    }
}

/// A widget option with a value of the wrong type or out of range.
public struct WidgetOptionError: Error, Equatable, CustomStringConvertible {
    /// The option's key.
    public let key: String
    /// What the option must be, in words ("a string", "one of …").
    public let expected: String
    /// What was found instead.
    public let found: String

    /// Creates an error for a key.
    public init(key: String, expected: String, found: String) {
        self.key = key
        self.expected = expected
        self.found = found
    }

    /// "`key`: expected …, found …".
    public var description: String { "\(key): expected \(expected), found \(found)" }
}

/// A widget kind the configuration file can name, with the options it takes.
///
/// Built-in widgets are configurable: the host makes each `[[widget]]` instance by calling
/// ``make`` with its options. A widget of a user's bundle takes no options.
///
/// ```swift
/// ConfigurableWidget(kind: "clock") { options in
///     try options.rejectUnknown(["style"])
///     return WidgetDescriptor(ClockWidget(style: try options.string("style") ?? "digital"))
/// }
/// ```
public struct ConfigurableWidget {
    /// The kind the configuration names.
    public let kind: String
    /// Makes an instance from its options; throws ``WidgetOptionError`` for a bad option.
    public let make: (WidgetOptions) throws -> WidgetDescriptor

    /// Creates a configurable kind.
    public init(
        kind: String, make: @escaping (WidgetOptions) throws -> WidgetDescriptor
    ) {
        self.kind = kind
        self.make = make
    }

    /// A kind without options, for a bundle's widget.
    public init(_ descriptor: WidgetDescriptor) {
        self.init(kind: descriptor.kind) { options in
            try options.rejectUnknown([])
            return descriptor
        }
    }
}
