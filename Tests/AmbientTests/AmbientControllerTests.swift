import Foundation
import NightstandTesting
import Testing

@testable import Ambient

private let berlin = zone("Europe/Berlin")
private let panel = ["max_brightness": "255\n", "brightness": "255\n", "bl_power": "0\n"]

private func configuration(off: String? = nil) throws -> AmbientConfiguration {
    try AmbientConfiguration(
        sensor: .iio(name: "bh1750"), off: off.map { [$0] } ?? [], timeZone: berlin)
}

@Suite("Ambient controller: sensor, policy and backlight together")
struct AmbientControllerTests {
    @Test("A sensor that disappears falls back to the clock once and returns under a new number")
    func sensorGoneAndBack() throws {
        let sysfs = try FakeSysfs()
        let log = LogCapture()
        let first = try sysfs.iioDevice(0, name: "bh1750", ["in_illuminance_input": "500\n"])
        let light = try sysfs.backlight("rpi_backlight", panel)
        var controller = AmbientController(
            configuration: try configuration(), sysfsRoot: sysfs.root, logger: log.logger)
        let evening = local(2025, 5, 15, 23, in: berlin)

        // A lamp at 23:00: the sensor says day although the schedule says night.
        #expect(controller.sensorName == nil, "no sensor resolved before the first reading")
        #expect(controller.update(at: evening).appearance == .day)
        #expect(controller.sensorName == "bh1750")
        #expect(try sysfs.contents(light + "/brightness") == "255\n")

        // The sensor goes away: the schedule's night, 10 % backlight, one warning.
        try sysfs.remove(first)
        for second in stride(from: 2, through: 20, by: 2) {
            let decision = controller.update(at: evening.addingTimeInterval(Double(second)))
            #expect(decision.appearance == .night)
            #expect(decision.source == .schedule)
        }
        #expect(try sysfs.contents(light + "/brightness") == "26\n")
        #expect(controller.sensorName == nil, "no sensor while it fails")
        #expect(log.messages(at: .warning).count == 1)
        #expect(log.messages(at: .warning).first?.contains(first + "/in_illuminance_input") == true)

        // It comes back as iio:device5: found by name, followed after the dwell.
        try sysfs.iioDevice(5, name: "bh1750", ["in_illuminance_input": "500\n"])
        var appearances: [Appearance] = []
        for second in stride(from: 22, through: 60, by: 2) {
            appearances.append(
                controller.update(at: evening.addingTimeInterval(Double(second))).appearance)
        }
        #expect(appearances.first == .night && appearances.last == .day)
        #expect(controller.sensorName == "bh1750")
        #expect(log.messages(at: .notice) == ["light sensor reads again (500.0 lux); following it"])
        #expect(try sysfs.contents(light + "/brightness") == "255\n")
    }

    @Test("A wake-up light raises the backlight from night's level to day's, then gives it back")
    func wakeLightRise() throws {
        let sysfs = try FakeSysfs()
        let light = try sysfs.backlight("rpi_backlight", panel)
        var controller = AmbientController(
            configuration: try configuration(), sysfsRoot: sysfs.root, logger: LogCapture().logger)
        // No sensor: the schedule's night at 23:00, the backlight at 10 %.
        #expect(controller.update(at: local(2025, 5, 15, 23, in: berlin)).appearance == .night)
        #expect(try sysfs.contents(light + "/brightness") == "26\n")
        var levels: [Int] = []
        for share in [0, 0.25, 0.5, 0.75, 1.0] {
            controller.rise(share)
            levels.append(Int(try sysfs.contents(light + "/brightness").dropLast()) ?? -1)
        }
        #expect(levels.first == 26 && levels.last == 255)
        #expect(zip(levels, levels.dropFirst()).allSatisfy { $0 < $1 }, "\(levels)")
        controller.rise(nil)
        #expect(try sysfs.contents(light + "/brightness") == "26\n")
    }

    @Test("The off window powers the backlight down, and up again when it ends")
    func offWindowPowersDown() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(
            0, name: "bh1750", ["in_illuminance_raw": "2\n", "in_illuminance_scale": "0.5\n"])
        let light = try sysfs.backlight("rpi_backlight", panel)
        var controller = AmbientController(
            configuration: try configuration(off: "01:00-05:00"), sysfsRoot: sysfs.root)
        #expect(controller.update(at: local(2025, 5, 16, 0, 30, in: berlin)).appearance == .night)
        #expect(try sysfs.contents(light + "/brightness") == "26\n")
        #expect(controller.update(at: local(2025, 5, 16, 1, 0, in: berlin)).appearance == .off)
        #expect(try sysfs.contents(light + "/bl_power") == "4\n")
        #expect(controller.update(at: local(2025, 5, 16, 5, 0, in: berlin)).appearance == .night)
        #expect(try sysfs.contents(light + "/bl_power") == "0\n")
        #expect(!controller.dimsPixels)
        #expect(controller.pixelBrightness(for: .night) == 1)
    }

    @Test("What the host shows instead sets the backlight; decisions meanwhile do not touch it")
    func shownInstead() throws {
        let sysfs = try FakeSysfs()
        let light = try sysfs.backlight("rpi_backlight", panel)
        var controller = AmbientController(
            configuration: try AmbientConfiguration(
                sensor: nil, off: ["01:00-05:00"], timeZone: berlin),
            sysfsRoot: sysfs.root)
        #expect(controller.update(at: local(2025, 5, 16, 1, 0, in: berlin)).appearance == .off)
        #expect(try sysfs.contents(light + "/bl_power") == "4\n")
        // A wake in the off window: lit at night's level, and kept lit by later decisions.
        controller.showInstead(.night)
        #expect(controller.shownInstead == .night)
        #expect(try sysfs.contents(light + "/bl_power") == "0\n")
        #expect(try sysfs.contents(light + "/brightness") == "26\n")
        #expect(controller.update(at: local(2025, 5, 16, 1, 1, in: berlin)).appearance == .off)
        #expect(try sysfs.contents(light + "/bl_power") == "0\n")
        // The wake ends: dark again.
        controller.showInstead(nil)
        #expect(try sysfs.contents(light + "/bl_power") == "4\n")
        // Off for idleness by day: dark, though the decision moves from night to day.
        #expect(controller.update(at: local(2025, 5, 16, 5, 0, in: berlin)).appearance == .night)
        #expect(try sysfs.contents(light + "/brightness") == "26\n")
        controller.showInstead(.off)
        #expect(try sysfs.contents(light + "/bl_power") == "4\n")
        #expect(controller.update(at: local(2025, 5, 16, 9, 0, in: berlin)).appearance == .day)
        #expect(try sysfs.contents(light + "/bl_power") == "4\n")
        // Someone is back: the decision's level.
        controller.showInstead(nil)
        #expect(try sysfs.contents(light + "/bl_power") == "0\n")
        #expect(try sysfs.contents(light + "/brightness") == "255\n")
    }

    @Test("Without a backlight the host dims pixels by the configured percentages")
    func noBacklight() throws {
        let sysfs = try FakeSysfs()
        let log = LogCapture()
        var controller = AmbientController(
            configuration: try AmbientConfiguration(sensor: nil, timeZone: berlin),
            sysfsRoot: sysfs.root, logger: log.logger)
        #expect(controller.backlight == nil)
        #expect(controller.dimsPixels)
        #expect(
            Appearance.allCases.map { controller.pixelBrightness(for: $0) } == [1, 0.4, 0.1, 0])
        #expect(
            log.messages(at: .notice) == [
                "no backlight under \(sysfs.root)/class/backlight; dimming pixels"
            ])
        #expect(controller.update(at: local(2025, 5, 15, 21, 30, in: berlin)).appearance == .dim)
    }

    @Test(
        "A backlight this user may not write: one warning naming the udev rule, then pixel dimming")
    func backlightPermission() throws {
        let sysfs = try FakeSysfs()
        let log = LogCapture()
        try sysfs.backlight("rpi_backlight", panel)
        var controller = AmbientController(
            configuration: try AmbientConfiguration(sensor: nil, timeZone: berlin),
            sysfsRoot: sysfs.root, logger: log.logger)
        asUnprivilegedUser {
            _ = controller.update(at: local(2025, 5, 15, 21, 30, in: berlin))
            _ = controller.update(at: local(2025, 5, 15, 23, 0, in: berlin))
        }
        #expect(controller.dimsPixels)
        #expect(controller.pixelBrightness(for: .night) == 0.1)
        let warnings = log.messages(at: .warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("systemd/90-nightstand-backlight.rules") == true)
        // Once the rule is in place (here: as root again) the next change uses the backlight.
        _ = controller.update(at: local(2025, 5, 16, 7, 0, in: berlin))
        #expect(!controller.dimsPixels)
    }

    @Test("A configured backlight that is missing is logged and pixels are dimmed")
    func namedBacklightMissing() throws {
        let sysfs = try FakeSysfs()
        let log = LogCapture()
        try sysfs.backlight("10-0045", panel)
        let controller = AmbientController(
            configuration: try AmbientConfiguration(
                sensor: nil, timeZone: berlin, backlight: "rpi_backlight"),
            sysfsRoot: sysfs.root, logger: log.logger)
        #expect(controller.dimsPixels)
        #expect(log.messages(at: .warning).first?.contains("(10-0045)") == true)
    }

    @Test("The manual override passes through; under it the sensor is not read at all")
    func manualOverride() throws {
        let sysfs = try FakeSysfs()
        let log = LogCapture()
        var controller = AmbientController(
            configuration: try configuration(), sysfsRoot: sysfs.root, logger: log.logger)
        controller.manualOverride = .night
        // No bh1750 exists, yet nothing is logged: the override needs no reading.
        #expect(controller.update(at: local(2025, 5, 15, 12, in: berlin)).source == .override)
        #expect(log.messages(at: .warning).isEmpty)
        try sysfs.iioDevice(0, name: "bh1750", ["in_illuminance_input": "500\n"])
        controller.manualOverride = nil
        #expect(controller.manualOverride == nil)
        #expect(controller.update(at: local(2025, 5, 15, 12, 0, 2, in: berlin)).appearance == .day)
    }
}

@Suite("nightstand sensors report")
struct AmbientHardwareReportTests {
    @Test("Lists each light sensor with how it is read and its reading, and each backlight")
    func report() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(
            0, name: "bh1750", ["in_illuminance_raw": "50\n", "in_illuminance_scale": "0.833333\n"])
        try sysfs.iioDevice(1, name: "tsl2561", ["in_illuminance0_input": "abc\n"])
        try sysfs.iioDevice(2, name: "ads1015", ["in_voltage0_raw": "1\n"])
        try sysfs.backlight("rpi_backlight", panel.merging(["brightness": "128\n"]) { $1 })
        let root = sysfs.root
        #expect(
            AmbientHardwareReport.scan(sysfsRoot: root).description == """
                light sensors (IIO):
                  bh1750 at \(root)/bus/iio/devices/iio:device0
                    in_illuminance_raw × in_illuminance_scale: 41.67 lux
                  tsl2561 at \(root)/bus/iio/devices/iio:device1
                    in_illuminance0_input: light sensor: \(root)/bus/iio/devices/iio:device1/in_illuminance0_input gave "abc\\n"; expected a number
                backlights:
                  rpi_backlight at \(root)/class/backlight/rpi_backlight
                    brightness 128/255, writable
                """)
        let unwritable = asUnprivilegedUser {
            AmbientHardwareReport.scan(sysfsRoot: root).description
        }
        #expect(
            unwritable.hasSuffix(
                "brightness 128/255, not writable: install the udev rule systemd/90-nightstand-backlight.rules"
            ))
    }

    @Test("Says where it looked when there is nothing")
    func empty() throws {
        let sysfs = try FakeSysfs()
        let text = AmbientHardwareReport.scan(sysfsRoot: sysfs.root).description
        #expect(text.contains("none under \(sysfs.root)/bus/iio/devices"))
        #expect(
            text.contains(
                "none under \(sysfs.root)/class/backlight (the display dims pixels instead)"))
    }
}
