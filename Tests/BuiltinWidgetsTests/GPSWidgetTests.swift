import Foundation
import NightstandTesting
import Testing
import Vehicle
import Widgets

@testable import BuiltinWidgets

/// The `gps` widget: its options, what it shows for each state of the board, and goldens:
/// `gps-<case>-<appearance>.png`.
///
/// Tolerance 1 per channel, as for the other widget goldens.
@Suite("GPSWidget")
struct GPSWidgetTests {
    private let renderer: WidgetRenderer
    private let now = Date(timeIntervalSince1970: 1_795_852_803)

    /// East at 50 km/h, 34.5 m above the sea, 8 satellites: gpsd 3.22's words for the drive
    /// of VehicleTests' Fixtures/drive.nmea.
    static let east = [
        #"{"class":"SKY","uSat":8,"nSat":8}"#,
        #"{"class":"TPV","mode":3,"time":"2026-11-28T08:00:03.000Z","lat":52.52,"lon":13.405,"altMSL":34.5,"alt":34.5,"track":90.0,"speed":13.890}"#,
    ]

    init() throws {
        renderer = try WidgetRenderer()
    }

    /// The widget of `options` and its entry after the board received `lines`.
    private func entry(
        _ options: [String: WidgetOptions.Value] = [:], lines: [String], failing: String? = nil
    ) throws -> (WidgetDescriptor, GPSEntry) {
        let board = GPSBoard(center: WidgetCenter())
        let options = try GPSOptions(WidgetOptions(options))
        let descriptor = GPSWidget.descriptor(options: options, board: board)
        for line in lines {
            board.receive(GPSDReport(line: Array(line.utf8)), from: options.address, at: now)
        }
        if let failing { board.fail(options.address, failing) }
        return (descriptor, GPSProvider(options: options, board: board).entry(at: now))
    }

    @Test("options: gpsd's address and the units; a bad one says what was expected")
    func options() throws {
        #expect(try GPSOptions(WidgetOptions([:])).address == .local)
        let options = try GPSOptions(
            WidgetOptions(["host": .string("10.0.0.5:2948"), "units": .string("imperial")]))
        #expect(options.address == GPSDAddress(host: "10.0.0.5", port: 2948))
        #expect(options.speed(13.89) == 31 && options.speedUnit == "mph")
        #expect(options.altitude(34.5) == "113 ft")
        #expect(throws: WidgetOptionError.self) {
            try GPSOptions(WidgetOptions(["host": .string("host:99999")]))
        }
        #expect(throws: WidgetOptionError.self) {
            try GPSOptions(WidgetOptions(["speed": .string("fast")]))
        }
        #expect(compassPoint(90) == "E" && compassPoint(359) == "N" && compassPoint(200) == "S")
    }

    @Test("the states: a fix, no fix, gpsd missing, nothing yet")
    func states() throws {
        guard case .fix(let fix) = try entry(lines: Self.east).1.state else {
            Issue.record("no fix")
            return
        }
        #expect(fix.speed == 13.89 && fix.satellitesUsed == 8)
        let lost = Self.east + [#"{"class":"TPV","mode":1}"#]
        #expect(try entry(lines: lost).1.state == .noFix(satellites: 8))
        #expect(
            try entry(lines: Self.east, failing: "cannot reach gpsd at localhost:2947").1.state
                == .problem("cannot reach gpsd at localhost:2947"))
        #expect(try entry(lines: []).1.state == .waiting)
    }

    @Test(
        "goldens: driving east, the fix lost, gpsd not there",
        arguments: ["east", "no-fix", "no-gpsd"], [Appearance.day, .night])
    func goldens(name: String, appearance: Appearance) throws {
        let (descriptor, entry) =
            switch name {
            case "east": try entry(lines: Self.east)
            case "no-fix": try entry(lines: Self.east + [#"{"class":"TPV","mode":1}"#])
            default:
                try entry(
                    lines: [],
                    failing: "cannot reach gpsd at localhost:2947: Connection refused")
            }
        let (canvas, _) = renderer.render(
            descriptor, entry: entry, family: .systemSmall, appearance: appearance, now: now)
        assertGolden(canvas, named: "gps-\(name)-\(appearance)")
    }
}
