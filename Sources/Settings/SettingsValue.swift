/// One value of a configuration file, as read: a string, a number, a Boolean, an array, a
/// table, or a value of another kind the file format has (a TOML date) kept as written.
///
/// The host reads the file once into these (``SettingsTable``); each module reads the keys of
/// its own section from them with the typed accessors of ``SettingsTable``.
public enum SettingsValue: Sendable, Equatable, CustomStringConvertible {
    /// A string.
    case string(String)
    /// An integer.
    case integer(Int)
    /// A floating-point number.
    case float(Double)
    /// A Boolean.
    case bool(Bool)
    /// An array.
    case array([SettingsValue])
    /// A table (`[name]`, an inline table, or one of an array of tables).
    case table(SettingsTable)
    /// A value of another kind (a date or time), as the file writes it; no key takes one.
    case other(String)

    /// The value as the file would write it: `"wide"`, `45`, `2.5`, `true`, `[1, 2]`.
    public var description: String {
        switch self {
        case .string(let s): "\"\(s)\""
        case .integer(let i): String(i)
        case .float(let d): String(d)
        case .bool(let b): String(b)
        case .array(let a): "[" + a.map(\.description).joined(separator: ", ") + "]"
        case .table: "a table"
        case .other(let text): text
        }
    }
}
