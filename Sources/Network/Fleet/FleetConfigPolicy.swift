import Settings

/// What a configuration document from the broker may set: never how the display reaches the
/// broker, and what runs programs or reads files only where the local file allows it.
///
/// - `[fleet]`, `[mqtt]` and `[http]` are refused always: who the display is, which broker it
///   trusts and who may command it stay in the local file.
/// - A key that runs a program (`command`, any `…_command`, `[input] links`) is refused
///   unless `[fleet] remote_keys` names it.
/// - A key that names a file, a folder or a device (`file`, `files`, `folder`, `cache`,
///   `device`, `devices`, `output`, `sound`, `socket`, any `…_file`, `…_folder`, `…_output`,
///   `…_path`) is refused unless each of its values is `auto`, `none`, or an absolute path
///   without `.` or `..` parts inside a folder of `[fleet] remote_paths`, or `remote_keys`
///   names the key.
///
/// A key is named by its table's path without positions and the key: `ambient.sensor_command`,
/// `widget.command` (any `[[widget]]`'s), `alarm.sound`, `input.links`, `photos.folder`.
///
/// ```swift
/// try FleetConfigPolicy(settings: fleet).vet(document)   // throws at the first refused key
/// ```
public struct FleetConfigPolicy: Sendable {
    /// The keys the local file allows.
    public let keys: [String]
    /// The folders under which paths are allowed.
    public let folders: [String]

    /// The tables a document may never set.
    public static let localOnly = ["fleet", "mqtt", "http"]

    static let pathKeys: Set<String> = [
        "file", "files", "folder", "cache", "device", "devices", "output", "sound", "socket",
    ]

    /// The policy of `settings`' `remote_keys` and `remote_paths`.
    public init(settings: FleetSettings) {
        keys = settings.remoteKeys
        folders = settings.remotePaths
    }

    /// Throws at the first key of `document` (a top-level table) it may not set.
    public func vet(_ document: SettingsTable) throws(ConfigurationError) {
        try Self.vetLocalOnly(document)
        try vet(table: document)
    }

    /// Throws at a table of `document` no document may set (``localOnly``).
    public static func vetLocalOnly(_ document: SettingsTable) throws(ConfigurationError) {
        for section in document.keys where localOnly.contains(section) {
            throw document.error(section, localOnlyWords(section))
        }
    }

    /// Why `section` may not come from the broker.
    public static func localOnlyWords(_ section: String) -> String {
        "a configuration from the broker may not set [\(section)]: which broker the display "
            + "trusts and who may command it stay in the local file"
    }

    private func vet(table: SettingsTable) throws(ConfigurationError) {
        let place = table.path.split(separator: ".").filter { Int($0) == nil }
        for key in table.keys {
            guard let value = table.values[key] else { continue }
            let name = (place + [key[...]]).joined(separator: ".")
            if Self.runsProgram(key: key, name: name), !keys.contains(name) {
                throw table.error(
                    key,
                    "a configuration from the broker may not set what runs a program; the "
                        + "local file allows it with [fleet] remote_keys = [\"\(name)\"]")
            }
            if Self.isPath(key: key), !keys.contains(name) {
                for path in Self.strings(value) where !allowed(path) {
                    throw table.error(
                        key,
                        "a configuration from the broker may not name \"\(path)\": only paths "
                            + "inside [fleet] remote_paths (\(folderWords)), or any with "
                            + "[fleet] remote_keys = [\"\(name)\"]")
                }
            }
            switch value {
            case .table(let inner): try vet(table: inner)
            case .array(let items):
                for case .table(let inner) in items { try vet(table: inner) }
            default: break
            }
        }
    }

    private var folderWords: String {
        folders.isEmpty ? "none" : folders.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    /// Whether `path` may be named: `auto`, `none`, or a plain path inside a folder allowed.
    func allowed(_ path: String) -> Bool {
        if path == "auto" || path == "none" { return true }
        guard Self.isPlainPath(path) else { return false }
        return folders.contains { folder in
            let inside = folder.hasSuffix("/") ? folder : folder + "/"
            return path.hasPrefix(inside)
        }
    }

    /// Whether `path` is absolute, without `.`, `..` or empty parts.
    public static func isPlainPath(_ path: String) -> Bool {
        guard path.hasPrefix("/"), path.utf8.count <= 4096 else { return false }
        let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        let last = parts.count - 1
        return parts.enumerated().allSatisfy { index, part in
            part != "." && part != ".." && (!part.isEmpty || index == last)
        }
    }

    static func runsProgram(key: String, name: String) -> Bool {
        key == "command" || key.hasSuffix("_command") || name == "input.links"
    }

    static func isPath(key: String) -> Bool {
        pathKeys.contains(key)
            || ["_file", "_folder", "_output", "_path"].contains { key.hasSuffix($0) }
    }

    /// The strings of a value: itself, or an array's, at any depth.
    static func strings(_ value: SettingsValue) -> [String] {
        switch value {
        case .string(let text): [text]
        case .array(let items): items.flatMap(strings)
        default: []
        }
    }
}
