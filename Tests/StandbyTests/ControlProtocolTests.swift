import DisplayCommands
import Foundation
import Testing

@testable import Standby

@Suite("The control protocol: request and reply lines, socket paths, the status table")
struct ControlProtocolTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00:00 UTC

    @Test("requests are one line of JSON with sorted keys, and read back")
    func requestLines() throws {
        let lines: [(ControlRequest, String)] = [
            (
                .command(.reloadTimelines(kind: "weather")),
                #"{"command":"reload weather","version":1}"#
            ),
            (.command(.reloadTimelines(kind: nil)), #"{"command":"reload","version":1}"#),
            (.command(.setMode(.night)), #"{"command":"mode night","version":1}"#),
            (.command(.showView("clock")), #"{"command":"view clock","version":1}"#),
            (.status, #"{"command":"status","version":1}"#),
        ]
        for (request, text) in lines {
            #expect(String(decoding: request.line, as: UTF8.self) == text + "\n")
            #expect(try ControlRequest(line: Data(text.utf8)) == request)
        }
        for mode in DisplayMode.allCases {
            #expect(
                try ControlRequest(line: ControlRequest.command(.setMode(mode)).line)
                    == .command(.setMode(mode)))
        }
    }

    @Test("a request missing its mode, or not an object, names what was expected")
    func requestErrors() {
        #expect(
            throws: ControlRequestError(
                CommandError("mode", expected: "mode auto, day, dim, night or off").description)
        ) {
            try ControlRequest(line: Data(#"{"command":"mode","version":1}"#.utf8))
        }
        #expect(
            throws: ControlRequestError(
                CommandError(
                    "view", expected: "view next, view previous or view NAME"
                ).description)
        ) {
            try ControlRequest(line: Data(#"{"command":"view","version":1}"#.utf8))
        }
        let wire = #"{"version": 1, "command": "WORDS"}, such as "view clock""#
        #expect(
            throws: ControlRequestError(
                CommandError(#"{"command":["a"],"version":1}"#, expected: wire).description)
        ) {
            try ControlRequest(line: Data(#"{"command":["a"],"version":1}"#.utf8))
        }
        #expect(throws: ControlRequestError(CommandError("[1]", expected: wire).description)) {
            try ControlRequest(line: Data("[1]".utf8))
        }
    }

    @Test("replies read back, status with its dates; anything else is not a reply")
    func replyLines() {
        let status = HostStatus(
            time: start, appearance: "night", mode: "night",
            slots: [HostStatus.Slot(shown: "clock", stack: ["clock", "date"])],
            widgets: [
                HostStatus.Widget(
                    id: "clock", kind: "clock", lastUpdate: start, nextReload: start + 3540,
                    nextEntry: start + 60, isFetching: false, lastError: "late")
            ], frames: 3)
        for reply in [ControlReply.done("mode night"), .failed("no"), .status(status)] {
            #expect(ControlReply(line: reply.line) == reply)
        }
        #expect(
            String(decoding: ControlReply.done("mode night").line, as: UTF8.self)
                == "{\"message\":\"mode night\",\"ok\":true}\n")
        #expect(
            String(decoding: ControlReply.status(status).line, as: UTF8.self).contains(
                "\"nextReload\":\"2027-01-15T08:59:00Z\""))
        #expect(ControlReply(line: Data(#"{"ok":true}"#.utf8)) == nil)
        #expect(ControlReply(line: Data("mode night".utf8)) == nil)
    }

    @Test("the socket goes in a service's RUNTIME_DIRECTORY, else XDG_RUNTIME_DIR, else /tmp")
    func defaultPaths() {
        // systemd/nightstand.service sets both to /run/nightstand.
        #expect(
            ControlSocketPath.serverDefault(
                environment: [
                    "XDG_RUNTIME_DIR": "/run/nightstand", "RUNTIME_DIRECTORY": "/run/nightstand",
                ],
                userID: 61234) == "/run/nightstand/control.sock")
        #expect(
            ControlSocketPath.serverDefault(
                environment: ["RUNTIME_DIRECTORY": "/run/nightstand:/run/other"], userID: 998)
                == "/run/nightstand/control.sock")
        #expect(
            ControlSocketPath.serverDefault(
                environment: ["XDG_RUNTIME_DIR": "/run/user/1000"], userID: 1000)
                == "/run/user/1000/nightstand/control.sock")
        #expect(
            ControlSocketPath.serverDefault(environment: ["XDG_RUNTIME_DIR": ""], userID: 1000)
                == "/tmp/nightstand-1000/control.sock")
    }

    @Test("the status table: aligned columns, host-clock times, countdowns, errors")
    func statusTable() throws {
        let status = HostStatus(
            time: start + 5, appearance: "night", mode: "night",
            slots: [
                HostStatus.Slot(shown: "clock", stack: ["clock"]),
                HostStatus.Slot(shown: "weather", stack: ["date", "weather"]),
            ],
            widgets: [
                HostStatus.Widget(
                    id: "clock", kind: "clock", lastUpdate: start, nextReload: start + 3540,
                    nextEntry: start + 60),
                HostStatus.Widget(
                    id: "date", kind: "date", lastUpdate: start, nextReload: start + 7 * 86400,
                    nextEntry: start + 16 * 3600),
                HostStatus.Widget(id: "weather", kind: "weather", isFetching: true),
                HostStatus.Widget(
                    id: "tides", kind: "tides", nextReload: start + 35, lastError: "offline"),
                HostStatus.Widget(id: "note", kind: "note", lastUpdate: start),
            ], frames: 1)
        let utc = try #require(TimeZone(identifier: "UTC"))
        #expect(
            status.table(timeZone: utc) == """
                appearance: night (mode night)
                host time: 2027-01-15 08:00:05, 1 frame

                slot  shows    stack
                1     clock    clock
                2     weather  date, weather

                widget   kind     updated   next reload                        next entry           error
                clock    clock    08:00:00  08:59:00 (in 58 min)               08:01:00
                date     date     08:00:00  2027-01-22 08:00:00 (in 6 d 23 h)  2027-01-16 00:00:00
                weather  weather  -         fetching                           -
                tides    tides    -         08:00:35 (in 30 s)                 -                    offline
                note     note     08:00:00  on request                         -
                """)
        #expect(HostStatus.countdown(to: start, from: start + 1) == "due")
        #expect(HostStatus.countdown(to: start + 7200, from: start) == "in 2 h")
        #expect(HostStatus.countdown(to: start + 86400, from: start) == "in 1 d")
    }
}
