import Foundation
import Testing

@testable import Input

@Suite("nightstand inputs")
struct InputReportTests {
    @Test("with no devices it says so, and where to look")
    func none() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            UUID().uuidString
        ).path
        let report = InputReport.scan(directory: directory)
        #expect(
            report.description == """
                input devices:
                  none under \(directory) (a touchscreen's or a button's driver is not loaded; \
                on a Pi: dtoverlay=vc4-kms-dsi-7inch, dtoverlay=gpio-key,… in config.txt)
                """)
    }

    @Test("each device with what it would do, or why not")
    func devices() throws {
        let configuration = try InputConfiguration(
            devices: ["generic ft5x06 (79)", "button@11", "rotary@11", "PC Speaker"],
            keys: [(name: "KEY_PROG1", actions: ["presence"])])
        let entries: [InputReport.Entry] =
            [
                TestDevices.dsiPanel, TestDevices.gpioKeys, TestDevices.rotary, TestDevices.mouse,
                InputDeviceDescription(name: "PC Speaker", path: "/dev/input/event9"),
            ].map { device in
                InputReport.Entry(
                    path: device.path, device: .success(device),
                    isSelected: configuration.devices.selects(device, namedPaths: []))
            } + [
                InputReport.Entry(
                    path: "/dev/input/event10",
                    device: .failure(.open(path: "/dev/input/event10", errno: EACCES)),
                    isSelected: false)
            ]
        let report = InputReport(
            directory: "/dev/input", entries: entries, keyMap: configuration.keyMap)
        #expect(
            report.description == """
                input devices:
                  generic ft5x06 (79) at /dev/input/event0
                    touches: swipes, taps (multitouch, 10 contacts)
                  button@11 at /dev/input/event1
                    keys: KEY_PROG1 presence, KEY_NEXTSONG next
                  rotary@11 at /dev/input/event2
                    encoder REL_X: next / previous
                  USB Optical Mouse at /dev/input/event4
                    not used: [input] devices does not name it
                  PC Speaker at /dev/input/event9
                    not used: it reports no touches, keys, switches or encoder steps
                  can't open /dev/input/event10: Permission denied (the user needs the input group: \
                usermod -aG input USER)
                """)
    }
}
