import Foundation
import FoundationEssentials

// Foundation on Linux has `Measurement` and its units but not the format style Apple's
// Foundation has for them (`Measurement.FormatStyle`, iOS 15); widgets format temperatures
// with it all the time, so WidgetUI provides it with Apple's names.

extension Measurement where UnitType: Dimension {
    /// A measurement as text: the value in the locale's digits and the unit's symbol or name.
    ///
    /// ```swift
    /// let t = Measurement(value: 21.4, unit: UnitTemperature.celsius)
    /// t.formatted(.measurement(width: .narrow))                        // "71°" in en_US
    /// t.formatted(.measurement(width: .abbreviated, usage: .asProvided)) // "21.4°C"
    /// Text(t, format: .measurement(width: .narrow, usage: .weather))
    /// ```
    ///
    /// The rules, as Apple documents them for this style:
    ///
    /// - Usage `.general` (the default) and the temperature usages (`.weather`, `.person`)
    ///   show a temperature in the locale's unit: Fahrenheit where CLDR prefers it (the US,
    ///   the Bahamas, Belize, the Cayman Islands, Liberia, Micronesia, the Marshall Islands,
    ///   Palau), Celsius elsewhere; such a converted temperature is rounded to a whole degree
    ///   (Apple's example: 36.8 °C formats as "98°F" in en_US). `.asProvided` keeps the unit
    ///   and the value's digits.
    /// - Widths, for 100 °F in en_US: `.wide` "100 degrees Fahrenheit", `.abbreviated`
    ///   "100°F", `.narrow` "100°"; Celsius keeps its "°C" when narrow. `hidesScaleName`
    ///   leaves "100°" (or "100 degrees").
    /// - `numberFormatStyle` formats the value when given, else the locale's default number
    ///   format (up to six fraction digits).
    ///
    /// ## Differences from Foundation
    ///
    /// Units other than temperatures are shown in the unit given, whatever the usage, with
    /// the unit's symbol (`km`, `m/s`, `hPa`) for every width; unit names and patterns are
    /// CLDR's English ones in every locale (the digits follow the locale).
    public struct FormatStyle: FoundationEssentials.FormatStyle, Sendable {
        /// How wide the unit is written.
        public var width: UnitWidth
        /// The locale of the digits and of the preferred units.
        public var locale: Locale
        /// What the measurement is for, which decides its unit; `nil` keeps the unit.
        public var usage: MeasurementFormatUnitUsage<UnitType>?
        /// Whether a temperature's scale ("F", "C") is left out.
        public var hidesScaleName: Bool
        /// How the value is formatted; `nil` for the default.
        public var numberFormatStyle: FloatingPointFormatStyle<Double>?

        /// Creates a style.
        public init(
            width: UnitWidth = .abbreviated, locale: Locale = .autoupdatingCurrent,
            usage: MeasurementFormatUnitUsage<UnitType> = .general, hidesScaleName: Bool = false,
            numberFormatStyle: FloatingPointFormatStyle<Double>? = nil
        ) {
            self.width = width
            self.locale = locale
            self.usage = usage
            self.hidesScaleName = hidesScaleName
            self.numberFormatStyle = numberFormatStyle
        }

        /// How wide a unit is written: its full name, its symbol, or the shortest form.
        public struct UnitWidth: Codable, Hashable, Sendable {
            let kind: Int

            /// The full name: "degrees Fahrenheit".
            public static var wide: UnitWidth { UnitWidth(kind: 0) }
            /// The symbol: "°F", "km".
            public static var abbreviated: UnitWidth { UnitWidth(kind: 1) }
            /// The shortest form: "°", "km".
            public static var narrow: UnitWidth { UnitWidth(kind: 2) }
        }

        /// The measurement as text.
        public func format(_ measurement: Measurement<UnitType>) -> String {
            var value = measurement.value
            var unit: Dimension = measurement.unit
            var converted = false
            if let temperature = measurement as? Measurement<UnitTemperature>,
                let usage, usage.convertsTemperature
            {
                let preferred: UnitTemperature =
                    locale.prefersFahrenheit ? .fahrenheit : .celsius
                value = temperature.converted(to: preferred).value
                unit = preferred
                converted = true
            }
            let number =
                numberFormatStyle?.locale(locale)
                ?? FloatingPointFormatStyle<Double>(locale: locale)
                .precision(converted ? .fractionLength(0) : .fractionLength(0...6))
            let digits = number.format(value)
            return pattern(for: unit, value: value).replacingOccurrences(of: "{0}", with: digits)
        }

        /// This style in another locale.
        public func locale(_ locale: Locale) -> Self {
            var style = self
            style.locale = locale
            return style
        }

        /// CLDR's English pattern for a unit at this width.
        private func pattern(for unit: Dimension, value: Double) -> String {
            if let temperature = unit as? UnitTemperature {
                let scale: (name: String, symbol: String, narrow: String)
                if temperature == .fahrenheit {
                    scale = ("Fahrenheit", "°F", "°")
                } else if temperature == .celsius {
                    scale = ("Celsius", "°C", "°C")
                } else {
                    let plural = value == 1 ? "kelvin" : "kelvins"
                    return width == .wide ? "{0} \(plural)" : width == .narrow ? "{0}K" : "{0} K"
                }
                let degrees = value == 1 ? "degree" : "degrees"
                switch (width, hidesScaleName) {
                case (.wide, true): return "{0} \(degrees)"
                case (.wide, false): return "{0} \(degrees) \(scale.name)"
                case (_, true): return "{0}°"
                case (.narrow, false): return "{0}\(scale.narrow)"
                default: return "{0}\(scale.symbol)"
                }
            }
            return width == .narrow ? "{0}\(unit.symbol)" : "{0} \(unit.symbol)"
        }
    }

    /// The measurement as text in a format style.
    ///
    /// ```swift
    /// temperature.formatted(.measurement(width: .narrow))
    /// ```
    public func formatted<S: FoundationEssentials.FormatStyle>(_ style: S) -> S.FormatOutput
    where S.FormatInput == Measurement<UnitType> {
        style.format(self)
    }

    /// The measurement as text, abbreviated, in the current locale's unit.
    public func formatted() -> String {
        FormatStyle().format(self)
    }
}

/// What a measurement is for, which decides the unit it is shown in.
///
/// ```swift
/// temperature.formatted(.measurement(width: .narrow, usage: .weather))
/// ```
public struct MeasurementFormatUnitUsage<UnitType: Dimension>: Codable, Hashable, Sendable {
    /// The usage's name.
    let name: String

    /// The locale's general unit for the measurement.
    public static var general: Self { Self(name: "general") }
    /// The unit the measurement was given in.
    public static var asProvided: Self { Self(name: "asProvided") }

    /// Whether a temperature is shown in the locale's unit under this usage.
    var convertsTemperature: Bool { name != "asProvided" }
}

extension MeasurementFormatUnitUsage where UnitType == UnitTemperature {
    /// A temperature of the weather.
    public static var weather: Self { Self(name: "weather") }
    /// A person's temperature.
    public static var person: Self { Self(name: "person") }
}

extension FoundationEssentials.FormatStyle {
    /// A measurement format style.
    ///
    /// ```swift
    /// Text(distance, format: .measurement(width: .abbreviated))
    /// ```
    public static func measurement<UnitType: Dimension>(
        width: Measurement<UnitType>.FormatStyle.UnitWidth,
        usage: MeasurementFormatUnitUsage<UnitType> = .general,
        numberFormatStyle: FloatingPointFormatStyle<Double>? = nil
    ) -> Self where Self == Measurement<UnitType>.FormatStyle {
        Measurement<UnitType>.FormatStyle(
            width: width, usage: usage, numberFormatStyle: numberFormatStyle)
    }

    /// A temperature format style.
    ///
    /// ```swift
    /// Text(temperature, format: .measurement(width: .narrow, usage: .weather))
    /// ```
    public static func measurement(
        width: Measurement<UnitTemperature>.FormatStyle.UnitWidth = .abbreviated,
        usage: MeasurementFormatUnitUsage<UnitTemperature> = .general,
        hidesScaleName: Bool = false, numberFormatStyle: FloatingPointFormatStyle<Double>? = nil
    ) -> Self where Self == Measurement<UnitTemperature>.FormatStyle {
        Measurement<UnitTemperature>.FormatStyle(
            width: width, usage: usage, hidesScaleName: hidesScaleName,
            numberFormatStyle: numberFormatStyle)
    }
}

extension Locale {
    /// Whether the locale's region shows temperatures in Fahrenheit (CLDR's unit preferences
    /// for temperature: US, BS, BZ, KY, LR, FM, MH, PW).
    var prefersFahrenheit: Bool {
        ["US", "BS", "BZ", "KY", "LR", "FM", "MH", "PW"].contains(region?.identifier ?? "")
    }
}
