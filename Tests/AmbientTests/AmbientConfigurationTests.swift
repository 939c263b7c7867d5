import Foundation
import NightstandTesting
import Testing

@testable import Ambient

/// One invalid setting: how to build it and the key the error must name.
private struct Invalid: CustomTestStringConvertible, Sendable {
    let key: String
    let make: @Sendable () throws(AmbientConfigurationError) -> AmbientConfiguration
    var testDescription: String { key }
}

private let invalid: [Invalid] = [
    Invalid(key: "poll_interval") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(pollInterval: 0)
    },
    Invalid(key: "dwell") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(dwell: -1)
    },
    Invalid(key: "smoothing") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(smoothing: .median(window: 0))
    },
    Invalid(key: "day_above") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(dimBelow: 90)
    },
    Invalid(key: "dim_above") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(nightBelow: 10)
    },
    Invalid(key: "night_below") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(nightBelow: 50, dimAbove: 60)
    },
    Invalid(key: "dim_below") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(dimBelow: .nan)
    },
    Invalid(key: "night_above") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(offBelow: 0.5)
    },
    Invalid(key: "off_below") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(nightAbove: 1)
    },
    Invalid(key: "night_above") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(offBelow: 0.5, nightAbove: 0.4)
    },
    Invalid(key: "dim_brightness") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(dimBrightness: 120)
    },
    Invalid(key: "night") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(night: ["22:30 to 06:30"])
    },
    Invalid(key: "latitude") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(dim: ["sunset-22:30"])
    },
    Invalid(key: "latitude") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(latitude: 95, longitude: 0)
    },
    Invalid(key: "longitude") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(latitude: 52)
    },
    Invalid(key: "sensor") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(sensor: .iio(name: ""))
    },
    Invalid(key: "sensor_command") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(sensor: .command(arguments: [], timeout: 1))
    },
    Invalid(key: "sensor_timeout") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(sensor: .command(arguments: ["read-lux"], timeout: 0))
    },
    Invalid(key: "backlight") { () throws(AmbientConfigurationError) in
        try AmbientConfiguration(backlight: "../rpi_backlight")
    },
]

@Suite("Ambient configuration")
struct AmbientConfigurationTests {
    @Test("The defaults are valid and are the documented values")
    func defaults() throws {
        let configuration = try AmbientConfiguration(timeZone: zone("Europe/Berlin"))
        #expect(configuration.sensor == .iio(name: nil))
        #expect(configuration.pollInterval == 2)
        #expect(configuration.smoothing == .median(window: 10))
        #expect(configuration.dwell == 30)
        let thresholds = [
            configuration.dimBelow, configuration.dayAbove, configuration.nightBelow,
            configuration.dimAbove,
        ]
        #expect(thresholds == [40, 80, 3, 8])
        #expect(configuration.offBelow == nil && configuration.nightAbove == nil)
        #expect(configuration.schedule.windows[.dim]?.map(\.description) == ["21:00-22:30"])
        #expect(configuration.schedule.windows[.night]?.map(\.description) == ["22:30-06:30"])
        #expect(configuration.schedule.windows[.off] == nil)
        let percents = Appearance.allCases.map { configuration.brightnessPercent(for: $0) }
        #expect(percents == [100, 40, 10, nil])
    }

    @Test("Each invalid setting names its key", arguments: invalid)
    fileprivate func namesTheKey(_ case: Invalid) {
        #expect(throws: AmbientConfigurationError.self) { try `case`.make() }
        do {
            _ = try `case`.make()
        } catch {
            #expect(error.key == `case`.key, "\(error)")
        }
    }

    @Test("Messages say what is expected and what was given")
    func messages() throws {
        let bands = expectError(AmbientConfigurationError.self) {
            try AmbientConfiguration(nightBelow: 10)
        }
        #expect(
            bands?.description
                == "[ambient] dim_above: expected lux above night_below (10.0), got 8.0")
        let syntax = expectError(AmbientConfigurationError.self) {
            try AmbientConfiguration(night: ["22:30 to 06:30"])
        }
        #expect(
            syntax?.description
                == "[ambient] night: \"22:30 to 06:30\": expected '-' between the start and the end at 'to06:30' (windows look like 22:30-06:30 or sunset+30m-sunrise-15m)"
        )
        let place = expectError(AmbientConfigurationError.self) {
            try AmbientConfiguration(dim: ["sunset-22:30"])
        }
        #expect(
            place?.description
                == "[ambient] latitude: dim = \"sunset-22:30\" uses sunrise/sunset: set latitude and longitude"
        )
    }

    @Test("An off band and a full solar schedule are accepted")
    func fullConfiguration() throws {
        let configuration = try AmbientConfiguration(
            sensor: .command(arguments: ["read-lux"], timeout: 2),
            smoothing: .exponential(timeConstant: 5),
            offBelow: 0.5, nightAbove: 1, dim: ["sunset-sunrise"], night: ["sunset+1h-sunrise-30m"],
            off: ["02:00-05:00"], latitude: 69.65, longitude: 18.96, timeZone: zone("Europe/Oslo"),
            backlight: "rpi_backlight", nightBrightness: 0)
        #expect(configuration.bands.map(\.darker) == [.dim, .night, .off])
        #expect(
            configuration.schedule.coordinate == GeoCoordinate(latitude: 69.65, longitude: 18.96))
    }

    @Test(
        "Exponential smoothing weighs a reading by the time since the last: one time constant is 63 %"
    )
    func exponentialSmoothing() {
        var smoother = LuxSmoother(.exponential(timeConstant: 10))
        let start = Date(timeIntervalSince1970: 0)
        #expect(smoother.add(0, at: start) == 0)
        let after = smoother.add(100, at: start.addingTimeInterval(10))
        #expect(abs(after - 100 * (1 - exp(-1))) < 1e-9)
        var median = LuxSmoother(.median(window: 10))
        let values = [5.0, 500, 6, 7].enumerated().map {
            median.add($1, at: start.addingTimeInterval(Double($0)))
        }
        #expect(values == [5, 252.5, 6, 6.5])
        // Readings older than the window drop out.
        #expect(median.add(1, at: start.addingTimeInterval(30)) == 1)
    }
}
