import Alarms
import Audio
import Foundation
import SystemSupport
import Testing

@testable import NightstandKit

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
