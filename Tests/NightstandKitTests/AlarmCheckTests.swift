import Alarms
import Audio
import BuiltinWidgets
import Foundation
import NightstandTesting
import Standby
import SystemSupport
import Testing

@testable import NightstandProgram

/// What `check-config` says of each alarm.
@Suite("check-config's alarms")
struct AlarmCheckTests {
    @Test("each alarm in one line; a sound file that cannot be read now is said, not refused")
    func describe() throws {
        var work = Alarm(id: "work", hour: 7, minute: 0)
        work.days = .weekdays(try Weekdays(parsing: "mon-fri"))
        #expect(CheckConfigCommand.describe(work) == "  alarm work: 07:00 mon-fri, chime")
        var birds = Alarm(id: "birds", hour: 6, minute: 30)
        birds.enabled = false
        birds.tone = "bell"
        birds.sound = "/nonexistent/birds.ogg"
        #expect(
            CheckConfigCommand.describe(birds)
                == "  alarm birds: 06:30 daily (off), /nonexistent/birds.ogg (cannot be read now: "
                + "No such file or directory (errno 2); bell plays instead)")
        // The tones an alarm may name are the ones the player makes.
        #expect(AlarmSettings.tones == BuiltinTone.allCases.map(\.rawValue))
    }
}

/// When the alarms' sound loads its libraries.
@Suite("The alarms' sound source")
struct AlarmSoundSourceTests {
    @Test("libasound loads two minutes before the next alarm, not while it is hours away")
    func loadsBeforeTheAlarm() throws {
        let start = Date(timeIntervalSince1970: 1_796_025_600)  // 2026-11-30
        let ring = Alarm.clockText(start.addingTimeInterval(3600), in: .current)
        let configuration = try Configuration.parse(
            """
            [audio]
            device = "null"
            [[alarm]]
            id = "later"
            time = "\(ring)"
            """, file: "sound.toml", sections: [AlarmSettings.self, AudioSettings.self])
        let host = try testHost(
            configuration, registry: WidgetRegistry(BuiltinWidgets.all),
            clock: SimulatedClock(start: start))
        host.add(AlarmSoundSource())
        host.run(until: start.addingTimeInterval(30 * 60))
        #expect(
            host.services.current["sound"]
                == "on \"null\"; libasound loads 2 min before the next alarm")
        host.run(until: start.addingTimeInterval(3600 - 110))
        let state = host.services.current["sound"] ?? ""
        #expect(state.hasPrefix("loading libasound") || state == "ready on \"null\"", "\(state)")
    }
}
