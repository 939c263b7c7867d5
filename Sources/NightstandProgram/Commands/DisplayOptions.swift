import ArgumentParser
import Display

/// `--backend` and `--device`, shared by `run` (over `[display]`) and `show-test-frame`.
public struct DisplayOptions: ParsableArguments, Sendable {
    /// `--backend`: the backend over `[display] backend`.
    @Option(help: "auto, drm, fbdev or headless (overrides [display] backend).")
    public var backend: DisplayConfiguration.Backend?

    /// `--device`: the device over `[display] device`.
    @Option(help: "The device: /dev/dri/cardN or /dev/fbN (overrides [display] device).")
    public var device: String?

    /// Creates the options (ArgumentParser does).
    public init() {}

    /// `display` with what the options say.
    public func apply(to display: inout DisplayConfiguration) {
        if let backend { display.backend = backend }
        if let device { display.device = device }
    }
}

extension DisplayConfiguration.Backend: ExpressibleByArgument {}
