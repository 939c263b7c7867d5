import BuiltinWidgets
import DisplayCommands
import Foundation
import NightstandTesting
import Testing

@testable import Standby

/// The presence a key reports is part of the display's state (Home Assistant's occupancy).
@Suite struct PresenceStateTests {
    @Test("presence is unknown until reported, then follows the presence commands")
    func follows() throws {
        let host = try testHost(
            """
            [[widget]]
            kind = "clock"
            [[slot]]
            widgets = ["clock"]
            """, widgets: BuiltinWidgets.all,
            clock: SimulatedClock(start: Date(timeIntervalSince1970: 1_795_254_060)))
        #expect(host.state.presence == nil)
        let presenceOn = try DisplayCommand(words: "presence on")
        #expect(host.apply(presenceOn).isDone)
        #expect(host.state.presence == true)
        host.apply(.setPresence(false))
        #expect(host.state.presence == false)
        #expect(host.currentStatus(at: Date()).presence == false)
    }

    @Test("restart ends the loop and asks for the exit status systemd restarts on")
    func restart() throws {
        let host = try testHost(
            """
            [[widget]]
            kind = "clock"
            [[slot]]
            widgets = ["clock"]
            """, widgets: BuiltinWidgets.all,
            clock: SimulatedClock(start: Date(timeIntervalSince1970: 1_795_254_060)))
        #expect(!host.restartRequested)
        #expect(host.apply(.restart).isDone)
        #expect(host.restartRequested)
        #expect(host.stopped)
        #expect(DisplayCommand.restartStatus == 75)
    }
}
