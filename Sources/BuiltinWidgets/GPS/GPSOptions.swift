import FoundationEssentials
import Vehicle
import Widgets

/// The `gps` widget's options, checked.
struct GPSOptions: Sendable, Equatable {
    /// The units speed and altitude are shown in.
    enum Units: String, Sendable, CaseIterable {
        /// km/h and metres.
        case metric
        /// mph and feet.
        case imperial
        /// knots and metres.
        case nautical
    }

    static let keys: Set<String> = ["host", "units"]

    /// Where gpsd listens.
    var address = GPSDAddress.local
    var units = Units.metric

    init(_ options: WidgetOptions) throws {
        try options.rejectUnknown(Self.keys)
        if let text = try options.string("host") {
            guard let address = GPSDAddress(parsing: text) else {
                throw WidgetOptionError(
                    key: "host",
                    expected: "gpsd's address as host or host:port (\"localhost:2947\", "
                        + "\"[::1]:2947\")", found: "\"\(text)\"")
            }
            self.address = address
        }
        units =
            try options.choice("units", of: Units.allCases.map(\.rawValue)).flatMap(
                Units.init(rawValue:)) ?? .metric
    }

    /// `speed` (metres per second) in the units, rounded: `50`.
    func speed(_ speed: Double) -> Int {
        let factor: Double =
            switch units {
            case .metric: 3.6
            case .imperial: 3600 / 1609.344
            case .nautical: 3600 / 1852
            }
        return Int((speed * factor).rounded())
    }

    /// The speed's unit: `km/h`, `mph`, `kn`.
    var speedUnit: String {
        switch units {
        case .metric: "km/h"
        case .imperial: "mph"
        case .nautical: "kn"
        }
    }

    /// `altitude` (metres) in the units, with its unit: `35 m`, `115 ft`.
    func altitude(_ altitude: Double) -> String {
        units == .imperial
            ? "\(Int((altitude / 0.3048).rounded())) ft" : "\(Int(altitude.rounded())) m"
    }
}

/// The compass point of a heading in degrees: `N`, `NE`, `E`, … (eight points).
func compassPoint(_ degrees: Double) -> String {
    let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    let index = Int(((degrees.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45)) % 8
    return points[index]
}
