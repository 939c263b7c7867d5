import DisplayCommands
import Foundation
import Testing

@Suite("Display commands: words and the wire")
struct DisplayCommandTests {
    /// One of every command, with the words that spell it.
    static let spelled: [(DisplayCommand, String)] = [
        (.setMode(.night), "mode night"), (.setMode(.auto), "mode auto"),
        (.showView("clock"), "view clock"), (.stepView(by: 1), "view next"),
        (.stepView(by: -1), "view previous"), (.stepStack(slot: 0, by: 1), "next"),
        (.stepStack(slot: 2, by: -1), "previous 3"), (.wake(seconds: 30), "wake 30"),
        (.wake(seconds: 2.5), "wake 2.5"), (.setIdle(true), "idle on"),
        (.setIdle(false), "idle off"), (.setPresence(true), "presence on"),
        (.setPresence(false), "presence off"), (.restart, "restart"),
        (.reloadTimelines(kind: nil), "reload"),
        (.reloadTimelines(kind: "weather"), "reload weather"),
        (.reloadConfiguration, "reload-configuration"), (.releaseDisplay, "release-display"),
        (.acquireDisplay, "acquire-display"), (.stop, "stop"),
        (.dragViews(.began), "drag views began"),
        (.dragViews(.changed(translation: -120, velocity: -800)), "drag views changed -120 -800"),
        (
            .dragStack(slot: 1, .ended(translation: 300, velocity: 900.5, direction: -1)),
            "drag stack 2 ended 300 900.5 -1"
        ),
        (.dragStack(slot: 0, .cancelled), "drag stack 1 cancelled"),
        (.alarm(.snooze), "alarm snooze"), (.alarm(.dismiss), "alarm dismiss"),
        (.alarm(.test("work")), "alarm test work"), (.alarm(.skip("work")), "alarm skip work"),
        (.alarm(.set("work", .on)), "alarm set work on"),
        (.alarm(.set("work", .off)), "alarm set work off"),
        (.alarm(.set("work", .reset)), "alarm set work default"),
        (.alarm(.set("gym_2", .time(hour: 6, minute: 5))), "alarm set gym_2 06:05"),
        (.setBrightness("night", percent: 5), "brightness night 5"),
        (.setBrightness("dim", percent: 12.5), "brightness dim 12.5"),
        (.setBrightness("day", percent: nil), "brightness day default"),
        (.setControl(.idleOff, 600), "idle-off 600"), (.setControl(.idleOff, 0), "idle-off 0"),
        (.setControl(.nightRed, 40), "night-red 40"),
        (.setControl(.photosInterval, 30), "photos-interval 30"),
        (.setControl(.photosInterval, nil), "photos-interval default"),
    ]

    @Test("every command reads from its words and writes them back")
    func words() throws {
        for (command, words) in Self.spelled {
            #expect(try DisplayCommand(words: words) == command, "\(words)")
            #expect(command.description == words)
        }
        // Words a key map or a person writes that are not the canonical spelling.
        #expect(try DisplayCommand(words: "next 1") == .stepStack(slot: 0, by: 1))
        #expect(try DisplayCommand(words: "  view\tphotos ") == .showView("photos"))
    }

    @Test("alarm commands that are not: each says what an alarm command looks like")
    func alarmMistakes() {
        for (words, expected) in [
            ("alarm", "alarm snooze, alarm dismiss, alarm test ID"),
            ("alarm ring", "alarm snooze, alarm dismiss, alarm test ID"),
            ("alarm skip", "alarm snooze, alarm dismiss, alarm test ID"),
            ("alarm skip wörk", "alarm snooze, alarm dismiss, alarm test ID"),
            ("alarm set work 25:00", "alarm set ID on, off, default or a time HH:MM"),
            ("alarm set work 7:5", "alarm set ID on, off, default or a time HH:MM"),
            ("alarm set work", "alarm set ID on, off, default or a time HH:MM"),
            ("alarm snooze now", "nothing after \"alarm snooze\""),
        ] {
            #expect(throws: CommandError.self, "\(words)") { try DisplayCommand(words: words) }
            do {
                _ = try DisplayCommand(words: words)
            } catch {
                #expect(error.expected.hasPrefix(expected), "\(words): \(error.expected)")
            }
        }
        #expect(AlarmChange("7:05") == .time(hour: 7, minute: 5))
    }

    @Test("every command goes through the wire and back")
    func wire() throws {
        for (command, words) in Self.spelled {
            let json = command.json
            let object = try JSONSerialization.jsonObject(with: Data(json)) as? [String: Any]
            #expect(object?["version"] as? Int == 1)
            #expect(object?["command"] as? String == words)
            #expect(try DisplayCommand(json: json) == command)
        }
        #expect(
            try DisplayCommand(json: Array(#"{"command": "mode dim", "version": 1}"#.utf8))
                == .setMode(.dim))
    }

    @Test("what is not a command is refused in one wording, with what was expected")
    func refusals() {
        let cases: [(String, String)] = [
            ("mode purple", "expected mode auto, day, dim, night or off"),
            ("view", "expected view next, view previous or view NAME"),
            ("view ../etc", "or view NAME"),
            ("next 0", "a slot number from 1 after next"),
            ("previous 65", "a slot number from 1 after previous"),
            ("wake -1", "wake SECONDS, from 0 to 86400"),
            ("wake 1e300", "wake SECONDS"),
            ("wake nan", "wake SECONDS"),
            ("idle maybe", "idle on or idle off"),
            ("presence 1", "presence on or presence off"),
            ("dance", "expected a command: mode, view"),
            ("", "expected a command"),
            ("mode night now", "expected nothing after \"mode night\""),
            ("drag views changed 1e9 0", "pixels"),
            ("brightness evening 5", "brightness day, dim or night, then a percentage"),
            ("brightness night 101", "a percentage from 0 to 100 or default"),
            ("brightness night -1", "a percentage from 0 to 100 or default"),
            ("brightness night", "a percentage from 0 to 100 or default"),
            ("idle-off -5", "idle-off then seconds from 0 (never) to 604800, or default"),
            ("idle-off 700000", "the configuration's [input] idle_off"),
            ("idle-off", "idle-off then seconds"),
            ("night-red 0", "night-red then a percentage from 1 to 100"),
            ("night-red 40%", "a percentage from 1 to 100, or default"),
            ("photos-interval 4", "photos-interval then seconds from 5 to 86400"),
            ("photos-interval inf", "seconds from 5"),
            ("photos-interval 30 s", "expected nothing after \"photos-interval 30\""),
        ]
        for (words, expected) in cases {
            #expect(throws: CommandError.self, "\(words)") { try DisplayCommand(words: words) }
            do {
                _ = try DisplayCommand(words: words)
            } catch {
                #expect(error.description.hasPrefix("not a display command: "), "\(words)")
                #expect(error.description.contains(expected), "\(words): \(error)")
            }
        }
    }

    @Test("the wire refuses other versions, junk and what is too long, saying so")
    func wireRefusals() {
        func refusal(_ text: String) -> String {
            do {
                _ = try DisplayCommand(json: Array(text.utf8))
                return "decoded"
            } catch {
                return error.description
            }
        }
        #expect(refusal(#"{"version": 2, "command": "mode night"}"#).contains("version 1"))
        #expect(refusal(#"{"command": "mode night"}"#).contains(#"{"version": 1, "command""#))
        #expect(refusal("mode night").contains("expected {\"version\": 1"))
        #expect(refusal(#"{"version": 1, "command": "mode\u001b[2Jnight"}"#).contains(#"\u{1B}"#))
        #expect(refusal(#"{"version": 1, "command": 7}"#).hasPrefix("not a display command"))
        let long = #"{"version": 1, "command": ""# + String(repeating: "a", count: 5000) + #""}"#
        #expect(refusal(long).contains("at most 4096 bytes"))
    }
}
