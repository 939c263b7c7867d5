import ArgumentParser
import FoundationEssentials
import Standby
import SystemSupport
import WidgetUI

/// `--config FILE`, shared by the commands that read a configuration.
struct ConfigurationOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "The configuration file (TOML). Default: the built-in clock and date.",
            valueName: "file"))
    var file: String?

    /// The configuration, or the defaults, with the display's locale set from its
    /// `[display] locale`.
    ///
    /// A bad file throws its ``Settings/ConfigurationError``
    /// (``exitingOnConfigurationError(_:)`` prints it and exits with status 78, EX_CONFIG).
    func load() throws(ConfigurationError) -> Configuration {
        guard let file else { return .default }
        let configuration = try Configuration.load(file: file, sections: Assembly.sections)
        EnvironmentValues.setDisplayLocale(configuration.display.locale)
        return configuration
    }
}

/// Runs `body`, turning configuration errors into a message and exit status 78.
func exitingOnConfigurationError<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as ConfigurationError {
        writeStandardError("nightstand: \(error)")
        throw ExitCode(ConfigurationError.exitCode)
    }
}
