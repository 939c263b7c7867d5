import DisplayCommands
import Settings

extension Configuration {
    /// The value of `control` in this configuration (``DisplayControl``): `[ambient]
    /// night_red` in percent, `[photos] interval` and `[input] idle_off` in seconds (0: never);
    /// nil for `idle-off` in a configuration read without `[input]`.
    public func value(of control: DisplayControl) -> Double? {
        switch control {
        case .nightRed: (Double(appearance.nightRed) * 1000).rounded() / 10
        case .photosInterval: photos.interval
        case .idleOff:
            extraSections.values.lazy.compactMap {
                ($0 as? any ControlledSection)?.control(control.rawValue)
            }.first
        }
    }

    /// The values of every control it holds, by their words.
    var controlValues: [String: Double] {
        var values: [String: Double] = [:]
        for control in DisplayControl.allCases { values[control.rawValue] = value(of: control) }
        return values
    }

    /// This configuration with the controls' values `kept` (by their words, as commands set
    /// them) over the file's; a control `kept` leaves out has the file's value.
    ///
    /// A kept value out of its control's range, or a photos interval not longer than `[photos]
    /// fade`, is not used.
    func controlled(by kept: [String: Double]) -> Configuration {
        var result = self
        for control in DisplayControl.allCases {
            guard let file = controlBase[control] ?? value(of: control) else { continue }
            result.controlBase[control] = file
            let chosen = kept[control.rawValue].flatMap { usable($0, for: control) ? $0 : nil }
            result.set(control, to: chosen ?? file)
        }
        return result
    }

    /// Whether `value` can be `control`'s here.
    func usable(_ value: Double, for control: DisplayControl) -> Bool {
        control.range.contains(value) && (control != .photosInterval || value > photos.fade)
    }

    private mutating func set(_ control: DisplayControl, to value: Double) {
        switch control {
        case .nightRed: appearance.nightRed = Float(value / 100)
        case .photosInterval: photos.interval = value
        case .idleOff:
            for (key, section) in extraSections {
                guard var held = section as? any ControlledSection,
                    type(of: held).controls.contains(control.rawValue)
                else { continue }
                held.setControl(control.rawValue, to: value)
                extraSections[key] = held
            }
        }
    }
}
