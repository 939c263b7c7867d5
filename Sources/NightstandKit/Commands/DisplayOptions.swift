import ArgumentParser
import Display

/// `--backend` and `--device`, shared by `run` (over `[display]`) and `show-test-frame`.
struct DisplayOptions: ParsableArguments {
    @Option(help: "auto, drm, fbdev or headless (overrides [display] backend).")
    var backend: DisplayConfiguration.Backend?

    @Option(help: "The device: /dev/dri/cardN or /dev/fbN (overrides [display] device).")
    var device: String?

    /// `display` with what the options say.
    func apply(to display: inout DisplayConfiguration) {
        if let backend { display.backend = backend }
        if let device { display.device = device }
    }
}

extension DisplayConfiguration.Backend: ExpressibleByArgument {}
