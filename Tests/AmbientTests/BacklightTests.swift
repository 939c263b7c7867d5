import Foundation
import NightstandTesting
import Testing

@testable import Ambient

private let piPanel = ["max_brightness": "255\n", "brightness": "255\n", "bl_power": "0\n"]

@Suite("Backlight in sysfs")
struct BacklightTests {
    @Test("Percentages scale from max_brightness, rounded, never 0 above 0 %")
    func scaling() throws {
        let sysfs = try FakeSysfs()
        let backlight = try Backlight(path: try sysfs.backlight("rpi_backlight", piPanel))
        #expect(backlight.maxBrightness == 255)
        let levels = [100, 40, 10, 0.1, 0].map { backlight.level(percent: $0) }
        #expect(levels == [255, 102, 26, 1, 0])
    }

    @Test("Setting a level writes brightness, powering bl_power up first when it was off")
    func setLevel() throws {
        let sysfs = try FakeSysfs()
        let path = try sysfs.backlight("10-0045", piPanel.merging(["bl_power": "4\n"]) { $1 })
        let backlight = try #require(try Backlight.find(named: "10-0045", sysfsRoot: sysfs.root))
        try backlight.set(percent: 40)
        #expect(try sysfs.contents(path + "/bl_power") == "0\n")
        #expect(try sysfs.contents(path + "/brightness") == "102\n")
        #expect(try backlight.brightness() == 102)
    }

    @Test("Off powers down through bl_power, or writes brightness 0 where there is none")
    func off() throws {
        let sysfs = try FakeSysfs()
        let withPower = try sysfs.backlight("rpi_backlight", piPanel)
        try Backlight(path: withPower).set(percent: nil)
        #expect(try sysfs.contents(withPower + "/bl_power") == "4\n")
        #expect(try sysfs.contents(withPower + "/brightness") == "255\n")

        let plain = try sysfs.backlight(
            "pwm-backlight", ["max_brightness": "7\n", "brightness": "7\n"])
        let backlight = try Backlight(path: plain)
        #expect(!backlight.hasPowerControl)
        try backlight.set(percent: nil)
        #expect(try sysfs.contents(plain + "/brightness") == "0\n")
    }

    @Test("A FIFO as brightness fails the write at once and reads as not writable")
    func fifoAttribute() throws {
        let sysfs = try FakeSysfs()
        let path = try sysfs.backlight("pwm-backlight", ["max_brightness": "7\n"])
        let brightness = path + "/brightness"
        #expect(mkfifo(brightness, 0o600) == 0)
        let outcome = withoutBlocking(on: brightness) { () -> String in
            guard let backlight = try? Backlight(path: path) else { return "no backlight" }
            let writable = backlight.isWritable ? "writable" : "not writable"
            do {
                try backlight.set(percent: 50)
                return "written"
            } catch {
                return "\(writable): \(error)"
            }
        }
        #expect(outcome?.hasPrefix("not writable: ") == true, "\(outcome ?? "")")
        #expect(outcome?.contains(brightness) == true, "\(outcome ?? "")")
    }

    @Test("Without a name: firmware before platform before raw, then by name; none is nil")
    func preference() throws {
        let sysfs = try FakeSysfs()
        #expect(try Backlight.find(named: nil, sysfsRoot: sysfs.root) == nil)
        try sysfs.backlight("intel_backlight", piPanel.merging(["type": "raw\n"]) { $1 })
        try sysfs.backlight("acpi_video0", piPanel.merging(["type": "firmware\n"]) { $1 })
        try sysfs.backlight("10-0045", piPanel)
        #expect(try Backlight.find(named: nil, sysfsRoot: sysfs.root)?.name == "acpi_video0")
        let order = Backlight.directories(sysfsRoot: sysfs.root).map {
            ($0 as NSString).lastPathComponent
        }
        #expect(order == ["acpi_video0", "intel_backlight", "10-0045"])
    }

    @Test(
        "Without a name: the backlight a panel's device tree names comes first, whatever its type and name"
    )
    func attachedToPanel() throws {
        let sysfs = try FakeSysfs()
        // A firmware backlight that would come first by type (an unrelated device's).
        try sysfs.backlight("acpi_video0", piPanel.merging(["type": "firmware\n"]) { $1 })
        // The 7" Touch Display on a Pi 5: its microcontroller registers `<bus>-0045` (raw), and
        // the panel's node links the microcontroller's node with `backlight = <&reg_display>`.
        try sysfs.backlight("6-0045", piPanel.merging(["type": "raw\n"]) { $1 })
        try sysfs.file("class/backlight/6-0045/device/of_node/phandle", "\0\0\0\u{45}")
        try sysfs.file("bus/platform/devices/panel_disp1@0/of_node/backlight", "\0\0\0\u{45}")
        // A panel with another link, to a node that is no backlight here.
        try sysfs.file("bus/spi/devices/spi0.0/of_node/backlight", "\0\0\0\u{7}")
        #expect(try Backlight.find(named: nil, sysfsRoot: sysfs.root)?.name == "6-0045")

        // Touch Display 2: a pwm-backlight platform device the DSI panel (a mipi-dsi device)
        // names; whatever the device is called.
        let td2 = try FakeSysfs()
        try td2.backlight("acpi_video0", piPanel.merging(["type": "firmware\n"]) { $1 })
        try td2.backlight("pwm-panel", ["max_brightness": "31\n", "type": "raw\n"])
        try td2.file("class/backlight/pwm-panel/device/of_node/phandle", "\0\0\0\u{5b}")
        try td2.file("bus/mipi-dsi/devices/1f00130000.dsi.0/of_node/backlight", "\0\0\0\u{5b}")
        #expect(try Backlight.find(named: nil, sysfsRoot: td2.root)?.name == "pwm-panel")
    }

    @Test("Without a name: a backlight whose device is a DRM connector comes first")
    func attachedToConnector() throws {
        let sysfs = try FakeSysfs()
        try sysfs.backlight("acpi_video0", piPanel.merging(["type": "firmware\n"]) { $1 })
        try sysfs.backlight("intel_backlight", piPanel.merging(["type": "raw\n"]) { $1 })
        let connector = sysfs.root + "/devices/pci0000:00/0000:00:02.0/drm/card0/card0-eDP-1"
        try FileManager.default.createDirectory(
            atPath: connector, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: sysfs.root + "/class/backlight/intel_backlight/device",
            withDestinationPath: connector)
        #expect(try Backlight.find(named: nil, sysfsRoot: sysfs.root)?.name == "intel_backlight")
    }

    @Test("A named backlight that is missing lists those present")
    func notFound() throws {
        let sysfs = try FakeSysfs()
        try sysfs.backlight("4-0045", piPanel)
        let error = expectError(BacklightError.self) {
            try Backlight.find(named: "rpi_backlight", sysfsRoot: sysfs.root)
        }
        #expect(error == .notFound(name: "rpi_backlight", available: ["4-0045"]))
        #expect(
            error?.description
                == "backlight: no backlight named 'rpi_backlight' under /sys/class/backlight (4-0045)"
        )
    }

    @Test(
        "A max_brightness that is not a positive integer is an error naming the file",
        arguments: [
            "abc\n", "0\n", "",
        ])
    func badMaximum(contents: String) throws {
        let sysfs = try FakeSysfs()
        let path = try sysfs.backlight("rpi_backlight", ["max_brightness": contents])
        let error = expectError(BacklightError.self) { try Backlight(path: path) }
        guard case .badValue(let file, _, _) = error else {
            Issue.record("expected badValue, got \(String(describing: error))")
            return
        }
        #expect(file == path + "/max_brightness")
    }

    @Test("Without write permission the error names the udev rule that fixes it")
    func permissionDenied() throws {
        let sysfs = try FakeSysfs()
        let path = try sysfs.backlight("rpi_backlight", piPanel)
        let backlight = try Backlight(path: path)
        let error = asUnprivilegedUser {
            #expect(!backlight.isWritable)
            return expectError(BacklightError.self) { try backlight.set(percent: 10) }
        }
        #expect(error == .permissionDenied(path: path + "/brightness"))
        #expect(error?.description.contains("systemd/90-nightstand-backlight.rules") == true)
        #expect(error?.description.contains("'video' group") == true)
        #expect(backlight.isWritable)
    }

    @Test("The udev rule the message names exists and opens brightness and bl_power to 'video'")
    func udevRule() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let rule = try String(
            contentsOf: repository.appendingPathComponent(Backlight.udevRule), encoding: .utf8)
        let rules = rule.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }
        #expect(rules.count == 2)
        for line in rules {
            #expect(line.contains("SUBSYSTEM==\"backlight\""))
            #expect(line.contains("$sys$devpath/brightness $sys$devpath/bl_power"))
        }
        #expect(rules[0].contains("chgrp video"))
        #expect(rules[1].contains("chmod g+w"))
    }
}
