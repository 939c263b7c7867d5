import FoundationEssentials
import WidgetUI
import Widgets

/// The light widget's words, numbers and symbols.
enum LightText {
    /// What the widget shows outside a host, which sets no reading: no sensor, by day.
    static let unknown = AmbientReading(
        lux: nil, sensorName: nil, appearance: .day, source: .schedule)

    /// `0.05`, `0.4`, `3.2`, `12`, `450`, `1,250`: hundredths of a lux below 1, tenths below
    /// 10, whole lux above, grouped by thousands.
    static func lux(_ lux: Double) -> String {
        if lux < 9.95 {
            let steps = lux < 0.995 ? 100.0 : 10
            let rounded = (lux * steps).rounded() / steps
            return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        }
        let whole = Int(lux.rounded())
        return whole.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))
    }

    /// `0.4`, `12`, `450`, `1.2k`, `65k`: at most four characters, for the circular family.
    static func compactLux(_ lux: Double) -> String {
        guard lux >= 999.5 else { return Self.lux(lux) }
        let thousands = lux / 1000
        if thousands < 9.95 {
            return String((thousands * 10).rounded() / 10) + "k"
        }
        return String(Int(thousands.rounded())) + "k"
    }

    /// A threshold under its mark: `3`, `40`, `0.5`, `1k`.
    static func level(_ lux: Double) -> String { compactLux(lux) }

    /// "Dim below 40 · night below 3 lux": every band's lower level, brightest first.
    static func thresholds(_ thresholds: [AmbientReading.Threshold]) -> String {
        guard !thresholds.isEmpty else { return "" }
        let parts = thresholds.map { "\($0.appearance.rawValue) below \(level($0.below))" }
        let text = parts.joined(separator: " · ") + " lux"
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    /// "No light sensor", or "No reading" while a sensor is known but not read (an override).
    static func missing(_ reading: AmbientReading) -> String {
        reading.sensorName == nil ? "No light sensor" : "No reading"
    }

    /// "No sensor" or "No reading", for the circular family.
    static func missingShort(_ reading: AmbientReading) -> String {
        reading.sensorName == nil ? "No sensor" : "No reading"
    }

    /// "12 lux · Dim" or "Night · no light sensor", for the inline family.
    static func inline(_ reading: AmbientReading) -> String {
        let appearance = name(reading.appearance)
        guard let lux = reading.lux else {
            return "\(appearance) · \(missing(reading).lowercased())"
        }
        return "\(Self.lux(lux)) lux · \(appearance)"
    }

    /// "Day", "Dim", "Night", "Off".
    static func name(_ appearance: AmbientReading.Appearance) -> String {
        appearance.rawValue.prefix(1).uppercased() + appearance.rawValue.dropFirst()
    }

    /// "sensor", "schedule", "manual".
    static func source(_ source: AmbientReading.Source) -> String {
        switch source {
        case .sensor: "sensor"
        case .schedule: "schedule"
        case .override: "manual"
        }
    }

    /// The SF Symbols name of an appearance.
    static func symbol(_ appearance: AmbientReading.Appearance) -> String {
        switch appearance {
        case .day: "sun.max.fill"
        case .dim: "sun.min.fill"
        case .night: "moon.stars.fill"
        case .off: "power"
        }
    }

    /// The color of an appearance's symbol.
    static func color(_ appearance: AmbientReading.Appearance) -> Color {
        switch appearance {
        case .day: .yellow
        case .dim: .orange
        case .night: Color(red: 0.55, green: 0.52, blue: 1)
        case .off: .gray
        }
    }
}
