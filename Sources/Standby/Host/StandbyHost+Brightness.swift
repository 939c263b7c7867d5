import Ambient
import DisplayCommands
import SystemSupport

extension StandbyHost {
    /// The brightness commands chose, kept in the state directory (``KeptNumbers``).
    var brightnessMemory: KeptNumbers {
        KeptNumbers.brightness(directory: configuration.stateDirectory, log: log)
    }

    /// The brightness of each appearance in percent, as the panel uses it now.
    var brightness: [String: Double] {
        let levels = ambient.configuration
        return [
            "day": levels.dayBrightness, "dim": levels.dimBrightness,
            "night": levels.nightBrightness,
        ]
    }

    /// `settings` with the brightness commands chose in place of the file's.
    func levels(_ settings: AmbientConfiguration) -> AmbientConfiguration {
        settings.with(brightness: brightnessMemory.load())
    }

    /// Sets the brightness of the appearance `name` (`day`, `dim`, `night`) to `percent`, or
    /// back to the configuration's (nil), keeps the choice and applies it on the next turn:
    /// the backlight's level, or the pixels' where no backlight dims.
    func setBrightness(_ name: String, percent: Double?) {
        brightnessMemory.save(percent, for: name)
        use(levels(configuration.ambient), appearance: configuration.appearance)
        log.info("brightness \(name) \(brightness[name].map { "\($0.fixed(0)) %" } ?? "")")
    }

    /// Puts `levels` in place: a new controller with them (the sensor and backlight asked on
    /// the next turn) and the appearance director's.
    func use(_ levels: AmbientConfiguration, appearance: AppearanceSettings) {
        let controller = ambient.controller.map {
            AmbientController(
                configuration: levels, sysfsRoot: $0.sysfsRoot,
                logger: Logger(label: "nightstand.ambient"))
        }
        ambient.reconfigure(levels, controller: controller)
        director.reconfigure(
            settings: appearance, levels: levels, backlightDims: ambient.backlightDims)
    }
}
