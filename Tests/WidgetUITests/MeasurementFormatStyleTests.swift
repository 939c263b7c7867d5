import Foundation
import Testing

@testable import WidgetUI

/// `Measurement.FormatStyle`, which Foundation on Linux lacks, as Apple documents it.
@Suite("Measurement format style")
struct MeasurementFormatStyleTests {
    private let us = Locale(identifier: "en_US")

    @Test("100 °F in each width, as Apple's documentation shows it for en_US")
    func widths() {
        let hot = Measurement(value: 100, unit: UnitTemperature.fahrenheit)
        #expect(hot.formatted(.measurement(width: .wide).locale(us)) == "100 degrees Fahrenheit")
        #expect(hot.formatted(.measurement(width: .abbreviated).locale(us)) == "100°F")
        #expect(hot.formatted(.measurement(width: .narrow).locale(us)) == "100°")
        #expect(
            hot.formatted(.measurement(width: .narrow, hidesScaleName: true).locale(us)) == "100°")
        #expect(
            hot.formatted(.measurement(width: .wide, hidesScaleName: true).locale(us))
                == "100 degrees")
    }

    @Test("general usage converts to the locale's unit and rounds; asProvided keeps both")
    func usage() {
        let fever = Measurement(value: 36.8, unit: UnitTemperature.celsius)
        // Apple's example: 36.8 °C formats as 98°F in en_US.
        #expect(fever.formatted(.measurement(width: .abbreviated).locale(us)) == "98°F")
        #expect(
            fever.formatted(.measurement(width: .abbreviated, usage: .asProvided).locale(us))
                == "36.8°C")
        let germany = Locale(identifier: "de_DE")
        #expect(
            fever.formatted(.measurement(width: .abbreviated, usage: .weather).locale(germany))
                == "37°C")
        #expect(
            fever.formatted(.measurement(width: .narrow, usage: .asProvided).locale(germany))
                == "36,8°C")
    }

    @Test("a number format style formats the value")
    func numberFormat() {
        let temperature = Measurement(value: 21.456, unit: UnitTemperature.celsius)
        let style = Measurement<UnitTemperature>.FormatStyle(
            width: .abbreviated, locale: us, usage: .asProvided,
            numberFormatStyle: .number.precision(.fractionLength(2)))
        #expect(temperature.formatted(style) == "21.46°C")
    }

    @Test("other units keep their unit and show its symbol")
    func otherUnits() {
        let distance = Measurement(value: 5.2, unit: UnitLength.kilometers)
        #expect(distance.formatted(.measurement(width: .abbreviated).locale(us)) == "5.2 km")
        #expect(distance.formatted(.measurement(width: .narrow).locale(us)) == "5.2km")
        let speed = Measurement(value: 12, unit: UnitSpeed.metersPerSecond)
        #expect(speed.formatted(.measurement(width: .wide).locale(us)) == "12 m/s")
    }

    @Test("Text with a measurement format uses the environment's locale")
    func inText() {
        let text = Text(
            Measurement(value: 21.4, unit: UnitTemperature.celsius),
            format: .measurement(width: .narrow))
        #expect(resolve(text, in: textEnvironment(fonts: nil, locale: "en_US")).string == "71°")
        #expect(resolve(text, in: textEnvironment(fonts: nil, locale: "fr_FR")).string == "21°C")
    }
}
