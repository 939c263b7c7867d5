import FoundationEssentials
import Network
import Settings
import Standby
import SystemSupport

/// The files `[http]` and `[mqtt]` name (the token, the password, the CA file), a calendar
/// widget's `password_file` and the Immich album's `api_key_file`, checked by `check-config`
/// exactly as `run` reads them when the server, the bridge, the calendar and the photos view
/// start: a file `run` would refuse fails the check with the same words.
///
/// A systemd credential (a path under `/run/credentials/`) exists only for the service's own
/// processes: outside them it is not checked but named, and the unit's `ExecStartPre`
/// (`check-config` again, with `$CREDENTIALS_DIRECTORY` set) checks it at every start.
enum NetworkFiles {
    /// Where systemd puts a service's credentials.
    static let credentials = "/run/credentials/"

    /// One line per file for `check-config` to print ("  http token_file: /etc/…: OK").
    ///
    /// Throws `ConfigurationError` at the key, with the problem as `run` logs it.
    static func check(
        _ configuration: Configuration,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(ConfigurationError) -> [String] {
        var lines: [String] = []
        func check(
            _ section: String, _ key: String, _ path: String?,
            _ read: () throws(SettingsFileError) -> Void
        ) throws(ConfigurationError) {
            try checkFile("[\(section)] \(key)", path, read) { message in
                configuration.error(at: "\(section).\(key)", key: "[\(section)] \(key)", message)
            }
        }
        func checkFile(
            _ name: String, _ path: String?, _ read: () throws(SettingsFileError) -> Void,
            failure: (String) -> ConfigurationError
        ) throws(ConfigurationError) {
            guard let path else { return }
            if path.hasPrefix(credentials)
                && !path.hasPrefix((environment["CREDENTIALS_DIRECTORY"] ?? credentials) + "/")
            {
                lines.append(
                    "  \(name): \(path): a systemd credential, checked when the service starts")
                return
            }
            do throws(SettingsFileError) {
                try read()
            } catch {
                throw failure(error.message)
            }
            lines.append("  \(name): \(path): OK")
        }
        if let http = configuration.section(HTTPSection.self)?.settings {
            try check("http", "token_file", http.tokenFile) { () throws(SettingsFileError) in
                _ = try http.readToken()
            }
        }
        if let mqtt = configuration.section(MQTTSection.self)?.settings {
            try check("mqtt", "ca_file", mqtt.caFile) { () throws(SettingsFileError) in
                try mqtt.checkCAFile()
            }
            try check("mqtt", "password_file", mqtt.passwordFile) { () throws(SettingsFileError) in
                _ = try mqtt.readPassword()
            }
        }
        if let immich = configuration.photos.immich {
            try check("photos", "immich.api_key_file", immich.apiKeyFile) {
                () throws(SettingsFileError) in
                _ = try SecretFile.read(
                    immich.apiKeyFile, key: "api_key_file", ownerOnly: true,
                    credentials: environment["CREDENTIALS_DIRECTORY"])
            }
        }
        for widget in configuration.widgets where widget.kind == "calendar" {
            // The widget's options are checked already: a password_file is a string.
            let path = try? widget.options.string("password_file")
            try checkFile("[[widget]] \(widget.id) password_file", path) {
                () throws(SettingsFileError) in
                guard let path else { return }
                _ = try SecretFile.read(
                    path, key: "password_file", ownerOnly: true,
                    credentials: environment["CREDENTIALS_DIRECTORY"])
            } failure: { message in
                configuration.error(widget: widget, key: "password_file", message)
            }
        }
        return lines
    }
}
