/// A temperature scale.
enum TemperatureUnit: String, Equatable, Sendable, CaseIterable {
    case celsius
    case fahrenheit

    /// The unit Open-Meteo names with `symbol`, "°C" or "°F".
    init?(symbol: String) {
        switch symbol {
        case "°C": self = .celsius
        case "°F": self = .fahrenheit
        default: return nil
        }
    }

    /// A temperature in this unit, from one in `unit`.
    func convert(_ value: Double, from unit: TemperatureUnit) -> Double {
        switch (unit, self) {
        case (.celsius, .fahrenheit): value * 9 / 5 + 32
        case (.fahrenheit, .celsius): (value - 32) * 5 / 9
        default: value
        }
    }
}
