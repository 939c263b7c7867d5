/// One module's part of the configuration file: a table it owns, read into a typed value.
///
/// The module that uses a section declares its schema here, beside its own code (the display
/// keys beside the backends, the sensor keys beside the sensors); the host reads the file once
/// and hands each section its table. `nightstand check-config` reads every section, and a live
/// reload reads them all again before anything changes, so a bad key anywhere refuses the whole
/// file with the same message.
///
/// ```swift
/// struct MQTTSettings: ConfigurationSection, Equatable {
///     static let sectionName = "mqtt"
///     static let keys = ["host", "port"]
///     var host = "localhost"
///     var port = 1883
///
///     init(section: SettingsTable) throws(ConfigurationError) {
///         host = try section.string("host") ?? host
///         port = try section.int("port", in: NumberRange(1...65535, "a port")) ?? port
///     }
/// }
/// ```
///
/// Two sections may share a table (`[ambient]` holds the sensor's keys and the host's fade):
/// a key is unknown only when no section of that name lists it in ``keys``.
public protocol ConfigurationSection: Sendable {
    /// The table's name: `display` for `[display]`.
    static var sectionName: String { get }

    /// The keys the section reads; any other key of its table is an error.
    static var keys: [String] { get }

    /// Whether the section is an array of tables (`[[alarm]]`): then it is handed a table
    /// holding only the file's key of that name, read with `section.tables(sectionName)`,
    /// and checks each table's keys itself.
    static var isArrayOfTables: Bool { get }

    /// Reads and checks the section; a file without the table gives an empty one, so that
    /// the defaults come from the same place.
    init(section: SettingsTable) throws(ConfigurationError)
}

extension ConfigurationSection {
    /// A section is one table unless it says otherwise.
    public static var isArrayOfTables: Bool { false }
}
