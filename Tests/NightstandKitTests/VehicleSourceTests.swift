import Standby
import Testing
import Vehicle
import Widgets

@testable import NightstandProgram

/// The car's clients follow the screen: only the OBD PIDs of the widgets the slots show are
/// polled, none while another view shows or the panel is off.
@Suite("VehicleSource")
struct VehicleSourceTests {
    private let widgets: [String: (device: String, pid: UInt8)] = [
        "rpm": ("/dev/rfcomm0", 0x0C), "coolant": ("/dev/rfcomm0", 0x05),
        "speed": ("/dev/ttyUSB0", 0x0D),
    ]

    private func status(
        _ shown: [String], appearance: String = "day", view: String? = nil
    ) -> HostStatus {
        var status = HostStatus(
            time: .now, appearance: appearance, mode: "auto",
            slots: shown.map { HostStatus.Slot(shown: $0, stack: [$0]) }, widgets: [], frames: 1)
        status.view = view
        return status
    }

    @Test("the PIDs of the obd widgets on the screen, by adapter")
    func shown() {
        #expect(
            VehicleSource.shownPIDs(status(["rpm", "clock", "speed"]), widgets: widgets)
                == ["/dev/rfcomm0": [0x0C], "/dev/ttyUSB0": [0x0D]])
        #expect(
            VehicleSource.shownPIDs(status(["coolant"], view: "widgets"), widgets: widgets)
                == ["/dev/rfcomm0": [0x05]])
        #expect(VehicleSource.shownPIDs(status(["rpm"], view: "clock"), widgets: widgets) == [:])
        #expect(
            VehicleSource.shownPIDs(status(["rpm"], appearance: "off"), widgets: widgets) == [:])
    }

    @Test("the board polls what is shown once told, everything configured before")
    func board() throws {
        let board = OBDBoard(center: WidgetCenter())
        board.watch("/dev/rfcomm0", try #require(OBDPID("rpm")))
        board.watch("/dev/rfcomm0", try #require(OBDPID("coolant")))
        #expect(board.wanted("/dev/rfcomm0") == [0x0C, 0x05])
        #expect(board.show(["/dev/rfcomm0": [0x0C]]) == ["/dev/rfcomm0"])
        #expect(board.wanted("/dev/rfcomm0") == [0x0C])
        #expect(board.show(["/dev/rfcomm0": [0x0C]]) == [], "unchanged: no client woken")
        #expect(board.show([:]) == ["/dev/rfcomm0"])
        #expect(board.wanted("/dev/rfcomm0").isEmpty)
    }
}
