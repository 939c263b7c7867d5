import FoundationEssentials

/// One table of a configuration file, read once, with the one way every module reads its keys
/// and reports a bad one: `file:line: [table] key: expected …, found …`.
///
/// The host parses the file into tables; the module that owns a section reads it from its
/// table with the typed accessors below, each of which throws a ``ConfigurationError`` at the
/// key's line naming what is expected. Numbers are range-checked as they are read
/// (``NumberRange``).
///
/// ```swift
/// extension MQTTSettings: ConfigurationSection {
///     static let name = "mqtt"
///     init(section: SettingsTable) throws(ConfigurationError) {
///         try section.rejectUnknown(["host", "port", "keepalive"])
///         host = try section.string("host") ?? "localhost"
///         port = try section.int("port", in: NumberRange(1...65535, "a port")) ?? 1883
///         keepalive = try section.duration("keepalive", in: .duration(5...3600)) ?? 60
///     }
/// }
/// ```
public struct SettingsTable: Sendable, Equatable {
    /// The file it was read from, as given (`<defaults>` for none).
    public let file: String
    /// Its dotted path in the file: `display`, `widget.0`; empty for the top level.
    public let path: String
    /// How messages name it: `[display]`, `[[slot]] #2`, `top level`.
    public let name: String
    /// The values by key.
    public let values: [String: SettingsValue]
    private let lines: KeyLocator?

    /// A table of `file` at `path`, named `name` in messages, finding lines in `lines`.
    public init(
        file: String, path: String, name: String, values: [String: SettingsValue],
        lines: KeyLocator?
    ) {
        self.file = file
        self.path = path
        self.name = name
        self.values = values
        self.lines = lines
    }

    /// An empty table standing for a section the file leaves out, so that its owner reads its
    /// defaults the same way.
    public static func empty(file: String, path: String, name: String) -> SettingsTable {
        SettingsTable(file: file, path: path, name: name, values: [:], lines: nil)
    }

    /// Whether two tables hold the same values at the same place.
    public static func == (a: SettingsTable, b: SettingsTable) -> Bool {
        a.file == b.file && a.path == b.path && a.name == b.name && a.values == b.values
    }

    /// The keys, sorted.
    public var keys: [String] { values.keys.sorted() }

    /// The same table named `name` in messages (a `[[widget]]` named by its id once known).
    public func named(_ name: String) -> SettingsTable {
        SettingsTable(file: file, path: path, name: name, values: values, lines: lines)
    }

    /// This table laid over `base`: its values replace `base`'s key by key, a table in both
    /// merged the same way, anything else (an array, `[[widget]]` tables) replaced whole;
    /// named and placed as this table, so an error in it points at its file.
    public func merging(over base: SettingsTable) -> SettingsTable {
        var merged = base.values
        for (key, value) in values {
            if case .table(let mine) = value, case .table(let theirs)? = base.values[key] {
                merged[key] = .table(mine.merging(over: theirs))
            } else {
                merged[key] = value
            }
        }
        return SettingsTable(file: file, path: path, name: name, values: merged, lines: lines)
    }

    // MARK: Errors

    /// The line of `key` (or of the table, for nil), as far as the file tells.
    public func line(of key: String?) -> Int? {
        guard let key else { return path.isEmpty ? nil : lines?.line(of: path) }
        return lines?.line(of: path.isEmpty ? key : "\(path).\(key)")
    }

    /// An error about `key` of this table (nil: the table as a whole), at its line.
    public func error(_ key: String?, _ message: String) -> ConfigurationError {
        ConfigurationError(
            file: file, line: line(of: key), key: key.map { "\(name) \($0)" } ?? name,
            message: message)
    }

    /// An error saying what `key` should be and what it is.
    public func error(_ key: String, expected: String, found value: SettingsValue)
        -> ConfigurationError
    {
        error(key, "expected \(expected), found \(value)")
    }

    /// Throws at the first key (in sorted order) that is not in `known`, so a typo does not
    /// pass silently.
    public func rejectUnknown(_ known: [String]) throws(ConfigurationError) {
        if let key = keys.first(where: { !known.contains($0) }) {
            throw error(key, "unknown key; expected one of \(known.joined(separator: ", "))")
        }
    }

    // MARK: Typed values

    /// A string value.
    public func string(_ key: String) throws(ConfigurationError) -> String? {
        try typed(key, "a string") { if case .string(let s) = $0 { s } else { nil } }
    }

    /// A Boolean value.
    public func bool(_ key: String) throws(ConfigurationError) -> Bool? {
        try typed(key, "true or false") { if case .bool(let b) = $0 { b } else { nil } }
    }

    /// An array of strings.
    public func strings(_ key: String) throws(ConfigurationError) -> [String]? {
        try typed(key, "an array of strings") {
            guard case .array(let items) = $0 else { return nil }
            let strings = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
            return strings.count == items.count ? strings : nil
        }
    }

    /// A whole number within `range`.
    public func int(_ key: String, in range: NumberRange) throws(ConfigurationError) -> Int? {
        try int(key, expected: range.expected) { range.contains(Double($0)) }
    }

    /// A whole number that is one of `choices` (`expected 0, 90, 180 or 270, found 45`).
    public func int(_ key: String, oneOf choices: [Int]) throws(ConfigurationError) -> Int? {
        let names = choices.map(String.init)
        let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
        return try int(key, expected: list) { choices.contains($0) }
    }

    /// A whole number that `accepts`; another is an error saying `expected`.
    private func int(
        _ key: String, expected: String, _ accepts: (Int) -> Bool
    ) throws(ConfigurationError) -> Int? {
        guard let value = values[key] else { return nil }
        guard case .integer(let number) = value else {
            throw error(key, expected: "an integer", found: value)
        }
        guard accepts(number) else { throw error(key, expected: expected, found: value) }
        return number
    }

    /// A number (whole or not) within `range`.
    public func number(_ key: String, in range: NumberRange) throws(ConfigurationError)
        -> Double?
    {
        guard let value = values[key] else { return nil }
        let number: Double
        switch value {
        case .integer(let i): number = Double(i)
        case .float(let d): number = d
        default: throw error(key, expected: "a number", found: value)
        }
        guard range.contains(number) else {
            throw error(key, expected: range.expected, found: value)
        }
        return number
    }

    /// A duration within `range`, in seconds: a string such as `"90s"`, `"10m"`, `"1h30m"`,
    /// `"2d"` (``DurationText``), or a number of seconds.
    public func duration(_ key: String, in range: NumberRange) throws(ConfigurationError)
        -> TimeInterval?
    {
        guard let value = values[key] else { return nil }
        let seconds: Double
        switch value {
        case .integer(let i): seconds = Double(i)
        case .float(let d): seconds = d
        case .string(let text):
            guard let parsed = DurationText.seconds(text) else {
                throw error(key, expected: DurationText.expected, found: value)
            }
            seconds = parsed
        default:
            throw error(key, expected: DurationText.expected, found: value)
        }
        guard range.contains(seconds) else {
            throw error(key, expected: range.expected, found: value)
        }
        return seconds
    }

    /// A string value turned into `T` by `parse`; a string `parse` refuses is an error saying
    /// `expected`.
    public func parsed<T>(
        _ key: String, expected: String, _ parse: (String) -> T?
    ) throws(ConfigurationError) -> T? {
        guard let text = try string(key) else { return nil }
        guard let parsed = parse(text) else {
            throw error(key, expected: expected, found: .string(text))
        }
        return parsed
    }

    /// A string value that names a case of `T`; anything else is an error listing the cases
    /// (`expected one of auto, drm, fbdev, headless, found "x11"`).
    public func choice<T: RawRepresentable & CaseIterable>(
        _ key: String, _ type: T.Type
    ) throws(ConfigurationError) -> T? where T.RawValue == String {
        let names = T.allCases.map(\.rawValue).joined(separator: ", ")
        return try parsed(key, expected: "one of \(names)") { T(rawValue: $0) }
    }

    // MARK: Tables

    /// The table under `key` (`[key]`, or `key = { … }`), named `[key]` in messages.
    public func table(_ key: String) throws(ConfigurationError) -> SettingsTable? {
        guard let value = values[key] else { return nil }
        guard case .table(let table) = value else {
            throw error(key, "expected a table: write [\(key)]")
        }
        return table
    }

    /// The tables of the array of tables under `key` (`[[key]]`), in file order.
    public func tables(_ key: String) throws(ConfigurationError) -> [SettingsTable] {
        guard let value = values[key] else { return [] }
        guard case .array(let items) = value else {
            throw error(key, "expected an array of tables: write [[\(key)]]")
        }
        var tables: [SettingsTable] = []
        for item in items {
            guard case .table(let table) = item else {
                throw error(key, "expected an array of tables: write [[\(key)]]")
            }
            tables.append(table)
        }
        return tables
    }

    private func typed<T>(
        _ key: String, _ expected: String, _ cast: (SettingsValue) -> T?
    ) throws(ConfigurationError) -> T? {
        guard let value = values[key] else { return nil }
        guard let typed = cast(value) else { throw error(key, expected: expected, found: value) }
        return typed
    }
}
