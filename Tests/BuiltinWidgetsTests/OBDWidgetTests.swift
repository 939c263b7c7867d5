import Foundation
import NightstandTesting
import Testing
import Vehicle
import Widgets

@testable import BuiltinWidgets

/// The `obd` widget: its options, what it shows for each state of the board, and goldens:
/// `obd-<case>-<appearance>.png`.
@Suite("OBDWidget")
struct OBDWidgetTests {
    private let renderer: WidgetRenderer
    private let now = Date(timeIntervalSince1970: 1_795_852_803)

    init() throws {
        renderer = try WidgetRenderer()
    }

    private func entry(
        _ values: [String: WidgetOptions.Value], value: Double? = nil, failing: String? = nil,
        unsupported: Bool = false
    ) throws -> (WidgetDescriptor, OBDEntry) {
        let board = OBDBoard(center: WidgetCenter())
        let options = try OBDOptions(WidgetOptions(values))
        let descriptor = OBDWidget.descriptor(options: options, board: board)
        if let value { board.receive(value, of: options.pid, from: options.device) }
        if let failing { board.fail(options.device, failing) }
        if unsupported { board.unsupported([options.pid.number], from: options.device) }
        return (descriptor, OBDProvider(options: options, board: board).entry(at: now))
    }

    private static let rpm: [String: WidgetOptions.Value] = [
        "pid": .string("rpm"), "device": .string("/dev/rfcomm0"), "style": .string("gauge"),
    ]

    @Test("options: a PID by name or number, a serial device or a CAN interface; else said")
    func options() throws {
        let options = try OBDOptions(WidgetOptions(Self.rpm))
        #expect(options.pid.number == 0x0C && options.gauge && options.device == "/dev/rfcomm0")
        for device in ["can0", "vcan0", "slcan-car.1"] {
            let can = try OBDOptions(
                WidgetOptions(["pid": .string("speed"), "device": .string(device)]))
            #expect(can.device == device)
        }
        for bad: [String: WidgetOptions.Value] in [
            ["pid": .string("turbo"), "device": .string("/dev/ttyUSB0")],
            ["pid": .string("rpm")],
            ["pid": .string("rpm"), "device": .string("can 0")],
            ["pid": .string("rpm"), "device": .string("a-name-of-16-bys")],
            ["pid": .string("rpm"), "device": .string("..")],
            ["pid": .string("rpm"), "device": .string("can0:1")],
            ["pid": .string("rpm"), "device": .string("/dev/../etc/passwd")],
            ["pid": .string("rpm"), "device": .string("/dev/ttyUSB0"), "style": .string("dial")],
        ] {
            #expect(throws: WidgetOptionError.self, "\(bad)") { try OBDOptions(WidgetOptions(bad)) }
        }
    }

    @Test("states: a value, the engine off, a PID the car lacks, nothing yet")
    func states() throws {
        guard case .value(let output) = try entry(Self.rpm, value: 1303.75).1.state else {
            Issue.record("no value")
            return
        }
        #expect(output.value == .number(1303.75) && output.unit == "rpm")
        #expect(output.gauge?.max == 8000)
        #expect(
            try entry(Self.rpm, failing: "no answer from the car: is the engine on?").1.state
                == .problem(
                    title: "Engine speed", detail: "no answer from the car: is the engine on?"))
        #expect(
            try entry(Self.rpm, unsupported: true).1.state
                == .problem(title: "Not supported", detail: "This car does not report rpm (0x0C)"))
        #expect(try entry(Self.rpm).1.state == .waiting(label: "Engine speed"))
    }

    @Test(
        "goldens: engine speed on a gauge, the engine off", arguments: ["rpm", "off"],
        [Appearance.day, .night])
    func goldens(name: String, appearance: Appearance) throws {
        let (descriptor, entry) =
            name == "rpm"
            ? try entry(Self.rpm, value: 2450)
            : try entry(Self.rpm, failing: "no answer from the car: is the engine on?")
        let (canvas, _) = renderer.render(
            descriptor, entry: entry, family: .systemSmall, appearance: appearance, now: now)
        assertGolden(canvas, named: "obd-\(name)-\(appearance)")
    }
}
