import Alarms
import Foundation
import Settings
import Standby
import SystemSupport
import Testing

@Suite("[[alarm]] tables")
struct AlarmSettingsTests {
    func parse(_ text: String) throws(ConfigurationError) -> [Alarm] {
        let configuration = try Configuration.parse(
            text, file: "b.toml", sections: [AlarmSettings.self])
        return configuration.section(AlarmSettings.self)?.alarms ?? []
    }

    func message(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test("every key is read")
    func keys() throws {
        let alarms = try parse(
            """
            [[alarm]]
            id = "work"
            time = "06:45"
            days = "mon-fri"
            label = "Work"
            sound = "/usr/share/sounds/birds.flac"
            volume = 0.6
            fade_in = "60s"
            snooze = "5m"
            snoozes = 2
            ring_for = "15m"
            light_before = "20m"
            catch_up = "5m"

            [[alarm]]
            time = "09:30"
            days = ["sat", "sun"]
            enabled = false
            tone = "bell"

            [[alarm]]
            id = "xmas"
            time = "8:00"
            days = ["2026-12-24", "2026-12-25"]
            """)
        #expect(alarms.count == 3)
        let work = alarms[0]
        #expect(work.id == "work" && work.hour == 6 && work.minute == 45 && work.label == "Work")
        let weekdays = try Weekdays(parsing: "mon-fri")
        #expect(work.days == .weekdays(weekdays))
        #expect(
            work.sound == "/usr/share/sounds/birds.flac" && work.volume == 0.6 && work.fadeIn == 60)
        #expect(work.snooze == 300 && work.maxSnoozes == 2 && work.ringFor == 900)
        #expect(work.lightBefore == 1200 && work.catchUp == 300)
        #expect(alarms[1].id == "0930" && !alarms[1].enabled && alarms[1].tone == "bell")
        let weekend = try Weekdays(parsing: "sat,sun")
        #expect(alarms[1].days == .weekdays(weekend))
        #expect(
            alarms[2].days
                == .dates([
                    AlarmDate(year: 2026, month: 12, day: 24),
                    AlarmDate(year: 2026, month: 12, day: 25),
                ]))
        #expect(alarms[2].catchUp == 600 && alarms[2].fadeIn == 30)
    }

    @Test("bad values name the file, the line, the key and what is expected")
    func errors() {
        #expect(
            message("[[alarm]]\ntime = \"7am\"\n")
                == #"b.toml:2: [[alarm]] 1 time: expected a time of day such as "07:00", found "7am""#
        )
        #expect(message("[[alarm]]\nlabel = \"x\"\n").contains("missing time"))
        #expect(
            message("[[alarm]]\ntime = \"07:00\"\ndays = \"mon-frx\"\n").contains(
                "days: expected days such as"))
        #expect(
            message("[[alarm]]\ntime = \"07:00\"\nvolume = 2\n").contains(
                "volume: expected a volume from 0"))
        #expect(message("[[alarm]]\ntime = \"07:00\"\nsnoze = 2\n").contains("snoze"))
        #expect(
            message("[[alarm]]\ntime = \"07:00\"\ntone = \"siren\"\n").contains(
                "one of chime, beep, bell"))
        #expect(
            message("[[alarm]]\ntime = \"07:00\"\n[[alarm]]\ntime = \"07:00\"\n").contains(
                "expected a name no other alarm has"))
        #expect(
            message("[[alarm]]\ntime = \"07:00\"\nid = \"a b\"\n").contains("id: expected a name"))
        #expect(
            message("[[alarm]]\ntime = \"07:00\"\ndays = [\"mon\", \"2026-01-01\"]\n").contains(
                "not both"))
        #expect(
            message("[alarm]\ntime = \"07:00\"\n").contains(
                "expected an array of tables: write [[alarm]]"))
    }

    @Test("a file without alarms has none")
    func none() throws {
        #expect(try parse("[display]\nbackend = \"headless\"\n").isEmpty)
    }
}
