import Foundation
import NightstandTesting
import Testing

@testable import Ambient

@Suite("IIO light sensors in sysfs")
struct IIOLightSensorTests {
    @Test("A processed channel, in_illuminance_input, is lux as written")
    func processedInput() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(0, name: "tsl2591", ["in_illuminance_input": "123.5\n"])
        let sensor = try IIOLightSensor.find(named: "tsl2591", sysfsRoot: sysfs.root)
        #expect(sensor.method == .processed(input: "in_illuminance_input"))
        #expect(try sensor.readLux() == 123.5)
    }

    @Test("An indexed processed channel, in_illuminance0_input (TSL2561), is found")
    func indexedInput() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(
            0, name: "tsl2561",
            ["in_illuminance0_input": "42\n", "in_intensity_both_raw": "900\n"])
        let sensor = try IIOLightSensor.find(named: "tsl2561", sysfsRoot: sysfs.root)
        #expect(sensor.method == .processed(input: "in_illuminance0_input"))
        #expect(try sensor.readLux() == 42)
    }

    @Test("Raw only (the Pi's BH1750 overlay): lux = raw × scale")
    func rawTimesScale() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(
            0, name: "bh1750",
            ["in_illuminance_raw": "120\n", "in_illuminance_scale": "0.833333\n"])
        let sensor = try IIOLightSensor.find(named: "bh1750", sysfsRoot: sysfs.root)
        #expect(sensor.method.description == "in_illuminance_raw × in_illuminance_scale")
        #expect(try abs(sensor.readLux() - 99.99996) < 1e-9)
    }

    @Test("Raw with an offset: lux = (raw + offset) × scale, as the kernel ABI defines")
    func rawWithOffset() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(
            0, name: "veml7700",
            [
                "in_illuminance_raw": "100\n", "in_illuminance_offset": "-20\n",
                "in_illuminance_scale": "0.5\n",
            ])
        let sensor = try IIOLightSensor.find(named: "veml7700", sysfsRoot: sysfs.root)
        #expect(
            sensor.method.description
                == "(in_illuminance_raw + in_illuminance_offset) × in_illuminance_scale")
        #expect(try sensor.readLux() == 40)
    }

    @Test("An indexed raw channel uses its own scale over the type-wide one")
    func indexedRawScale() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(
            0, name: "als",
            [
                "in_illuminance1_raw": "7\n", "in_illuminance1_scale": "2\n",
                "in_illuminance_scale": "100\n",
            ])
        let sensor = try IIOLightSensor.find(named: "als", sysfsRoot: sysfs.root)
        #expect(
            sensor.method
                == .raw(raw: "in_illuminance1_raw", scale: "in_illuminance1_scale", offset: nil))
        #expect(try sensor.readLux() == 14)
    }

    @Test("Raw without a scale attribute counts as scale 1")
    func rawWithoutScale() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(0, name: "als", ["in_illuminance_raw": "55\n"])
        #expect(try IIOLightSensor.find(named: nil, sysfsRoot: sysfs.root).readLux() == 55)
    }

    @Test("A processed channel wins over a raw one on the same device")
    func processedPreferred() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(
            0, name: "veml6030",
            ["in_illuminance_raw": "1\n", "in_illuminance_input": "9.5\n"])
        #expect(try IIOLightSensor.find(named: nil, sysfsRoot: sysfs.root).readLux() == 9.5)
    }

    @Test(
        "A color sensor without a lux channel (APDS9960) is read from its clear channel, as counts")
    func clearChannel() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(
            0, name: "apds9960",
            ["in_intensity_clear_raw": "321\n", "in_intensity_red_raw": "80\n"])
        let sensor = try IIOLightSensor.find(named: "apds9960", sysfsRoot: sysfs.root)
        #expect(!sensor.method.isLux)
        #expect(sensor.method.description.contains("not lux"))
        #expect(try sensor.readLux() == 321)
    }

    @Test(
        "Contents that are not a number name the file and what was expected",
        arguments: [
            "abc\n", "", "\n", "12 lux\n", "nan\n",
        ])
    func notANumber(contents: String) throws {
        let sysfs = try FakeSysfs()
        let device = try sysfs.iioDevice(0, name: "bh1750", ["in_illuminance_raw": contents])
        let sensor = try IIOLightSensor.find(named: "bh1750", sysfsRoot: sysfs.root)
        let error = expectError(LightSensorError.self) { try sensor.readLux() }
        #expect(
            error
                == .badValue(
                    source: device + "/in_illuminance_raw", contents: contents,
                    expected: "a number"))
        #expect(error?.description.contains("in_illuminance_raw") == true)
    }

    @Test(
        "A negative illuminance is refused",
        arguments: [
            ["in_illuminance_input": "-5\n"],
            ["in_illuminance_raw": "10\n", "in_illuminance_offset": "-30\n"],
        ])
    func negative(files: [String: String]) throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(0, name: "als", files)
        let sensor = try IIOLightSensor.find(named: "als", sysfsRoot: sysfs.root)
        let error = expectError(LightSensorError.self) { try sensor.readLux() }
        #expect(error?.description.contains("expected a lux value from 0 to 1,000,000") == true)
    }

    @Test("An attribute this user may not read gives permissionDenied with its path")
    func permissionDenied() throws {
        let sysfs = try FakeSysfs()
        let device = try sysfs.iioDevice(0, name: "bh1750", ["in_illuminance_raw": "10\n"])
        chmod(device + "/in_illuminance_raw", 0)
        let sensor = try IIOLightSensor.find(named: "bh1750", sysfsRoot: sysfs.root)
        let error = asUnprivilegedUser {
            expectError(LightSensorError.self) { try sensor.readLux() }
        }
        #expect(error == .permissionDenied(path: device + "/in_illuminance_raw"))
    }

    @Test("After a reboot the sensor has another iio:device number and is still found by name")
    func renumberedAfterReboot() throws {
        let sysfs = try FakeSysfs()
        let before = try sysfs.iioDevice(0, name: "bh1750", ["in_illuminance_input": "5\n"])
        #expect(try LuxSource.iio(name: "bh1750").resolve(sysfsRoot: sysfs.root).readLux() == 5)

        // "Reboot": an ADC probes first and takes device 0, the light sensor becomes device 2.
        try sysfs.remove(before)
        try sysfs.iioDevice(0, name: "ads1015", ["in_voltage0_raw": "1234\n"])
        let after = try sysfs.iioDevice(2, name: "bh1750", ["in_illuminance_input": "6\n"])
        let sensor = try IIOLightSensor.find(named: "bh1750", sysfsRoot: sysfs.root)
        #expect(sensor.path == after)
        #expect(try sensor.readLux() == 6)
    }

    @Test("Discovery skips devices without a light channel and orders by device number")
    func discoveryOrder() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(10, name: "tsl2591", ["in_illuminance_input": "1\n"])
        try sysfs.iioDevice(2, name: "bh1750", ["in_illuminance_raw": "1\n"])
        try sysfs.iioDevice(1, name: "ads1015", ["in_voltage0_raw": "1\n"])
        let names = IIOLightSensor.discover(sysfsRoot: sysfs.root).map(\.name)
        #expect(names == ["bh1750", "tsl2591"])
        #expect(try IIOLightSensor.find(named: nil, sysfsRoot: sysfs.root).name == "bh1750")
        #expect(try IIOLightSensor.find(named: "TSL2591", sysfsRoot: sysfs.root).name == "tsl2591")
    }

    @Test("A missing sensor lists the light sensors that do exist")
    func notFound() throws {
        let sysfs = try FakeSysfs()
        try sysfs.iioDevice(3, name: "bh1750", ["in_illuminance_raw": "1\n"])
        let error = expectError(LightSensorError.self) {
            try IIOLightSensor.find(named: "veml7700", sysfsRoot: sysfs.root)
        }
        #expect(error == .notFound(name: "veml7700", available: ["bh1750 (iio:device3)"]))
        #expect(
            error?.description
                == "light sensor: no IIO light sensor named 'veml7700' (found: bh1750 (iio:device3))"
        )
        let none = try FakeSysfs()
        #expect(throws: LightSensorError.notFound(name: nil, available: [])) {
            try IIOLightSensor.find(named: nil, sysfsRoot: none.root)
        }
    }

    @Test("An explicit path may be the device or a stable parent holding one iio:device")
    func explicitPath() throws {
        let sysfs = try FakeSysfs()
        let device = try sysfs.file(
            "bus/i2c/devices/1-0023/iio:device4/in_illuminance_input", "8\n")
        let parent = (device as NSString).deletingLastPathComponent
        let stable = (parent as NSString).deletingLastPathComponent
        #expect(try IIOLightSensor(path: parent).readLux() == 8)
        #expect(try IIOLightSensor(path: stable).path == parent)
        #expect(try LuxSource.iioDevice(path: stable).resolve().readLux() == 8)

        let adc = try sysfs.iioDevice(1, name: "ads1015", ["in_voltage0_raw": "1\n"])
        #expect(throws: LightSensorError.notALightSensor(path: adc)) {
            try IIOLightSensor(path: adc)
        }
        #expect(throws: LightSensorError.self) { try IIOLightSensor(path: sysfs.root + "/nope") }
    }
}
