import ArgumentParser
import FoundationEssentials
import Standby
import SystemSupport

/// `--config FILE`, shared by the commands that read a configuration.
struct ConfigurationOptions: ParsableArguments {
    @Option(
        name: .customLong("config"),
        help: ArgumentHelp(
            "The configuration file (TOML). Default: the built-in clock and date.",
            valueName: "file"))
    var file: String?

    /// The configuration, or the defaults; a bad file prints its error and exits with
    /// status 78 (EX_CONFIG).
    func load() throws -> Configuration {
        guard let file else { return .default }
        do {
            return try Configuration.load(file: file)
        } catch let error as ConfigurationError {
            throw ConfigurationFailure(error)
        }
    }
}

/// A configuration error on its way out: printed as is, exit status 78.
struct ConfigurationFailure: Error, CustomStringConvertible {
    let error: ConfigurationError

    init(_ error: ConfigurationError) {
        self.error = error
    }

    var description: String { error.description }
}

/// Runs `body`, turning configuration errors into a message and exit status 78.
func exitingOnConfigurationError<T>(_ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let failure as ConfigurationFailure {
        writeStandardError("nightstand: \(failure)")
        throw ExitCode(ConfigurationError.exitCode)
    } catch let error as ConfigurationError {
        writeStandardError("nightstand: \(error)")
        throw ExitCode(ConfigurationError.exitCode)
    }
}
