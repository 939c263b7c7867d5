import Ambient
import CEvdev
import NightstandTesting
import Testing

@testable import Input

@Suite("The [input] section")
struct InputConfigurationTests {
    @Test(
        "actions read as written, and write back the same",
        arguments: [
            ("next", InputAction.next), ("previous 2", .command(.stepStack(slot: 1, by: -1))),
            ("view next", .command(.stepView(by: 1))), ("view clock", .command(.showView("clock"))),
            ("mode night", .command(.setMode(.night))), ("mode auto", .command(.setMode(.auto))),
            ("wake", .wake),
            ("presence", .presence), ("reload", .command(.reloadTimelines(kind: nil))),
            ("none", .none),
        ])
    func actions(text: String, action: InputAction) throws {
        let parsed = try InputAction(parsing: text)
        #expect(parsed == action)
        #expect(action.description == text)
    }

    @Test(
        "a bad action says what was expected",
        arguments: [
            (
                "",
                "expected an action (next, previous, view, mode, wake, presence, reload or none), found \"\""
            ),
            ("mode dark", "expected mode auto, day, dim, night or off, found \"mode dark\""),
            ("next 0", "expected a slot number from 1 after next, found \"next 0\""),
            ("view", "expected view next, view previous or view NAME, found \"view\""),
            (
                "view clok",
                "expected view next, view previous or view NAME (widgets, photos, clock), found \"view clok\""
            ),
            ("wake now", "expected wake SECONDS, from 0 to 86400, found \"wake now\""),
            (
                "jump",
                "expected an action (next, previous, view, mode, wake, presence, reload or none), found \"jump\""
            ),
        ])
    func badActions(text: String, message: String) {
        let error = expectError(InputActionError.self) { try InputAction(parsing: text) }
        #expect(error?.description == message)
    }

    @Test("the defaults: every device, the default keys, no idle timeout, a ten-second wake")
    func defaults() throws {
        let configuration = try InputConfiguration(devices: nil)
        #expect(configuration == InputConfiguration())
        #expect(configuration.devices == .automatic)
        #expect(configuration.idleOff == nil)
        #expect(configuration.wakeDuration == 10)
        #expect(configuration.keyMap == .defaults)
    }

    @Test("devices = \"none\" selects no device, not even a usable one")
    func noDevices() throws {
        let configuration = try InputConfiguration(devices: ["none"])
        #expect(configuration.devices == InputConfiguration.DeviceSelection.none)
        #expect(!configuration.devices.selects(TestDevices.dsiPanel, namedPaths: []))
        #expect(!configuration.devices.selects(TestDevices.gpioKeys, namedPaths: []))
        let automatic = try InputConfiguration(devices: ["auto"])
        #expect(automatic.devices.selects(TestDevices.dsiPanel, namedPaths: []))
    }

    @Test("bindings add to the defaults")
    func bindings() throws {
        let configuration = try InputConfiguration(
            devices: ["button@11", "/dev/input/by-path/platform-button@11-event"],
            keys: [(name: "KEY_PROG1", actions: ["presence"])], idleOff: 600)
        let prog1 = try #require(KeyMap.Key(named: "KEY_PROG1"))
        let next = try #require(KeyMap.Key(named: "KEY_NEXTSONG"))
        #expect(configuration.keyMap.binding(for: prog1) == KeyMap.Binding(press: .presence))
        #expect(configuration.keyMap.binding(for: next) == KeyMap.Binding(press: .next))
        #expect(configuration.idleOff == 600)
        #expect(
            configuration.devices
                == .named(["button@11", "/dev/input/by-path/platform-button@11-event"]))
    }

    private func message(_ body: () throws -> InputConfiguration) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("each bad value names its key and what was expected")
    func errors() {
        #expect(
            message { try InputConfiguration(keys: [(name: "KEY_NOPE", actions: ["next"])]) }
                == "[input.keys] KEY_NOPE: expected a key or switch name the kernel knows (KEY_…, "
                + "BTN_…, SW_…, as in linux/input-event-codes.h), found \"KEY_NOPE\"")
        #expect(
            message {
                try InputConfiguration(keys: [(name: "KEY_A", actions: ["next", "next", "next"])])
            }
                == "[input.keys] KEY_A: expected an action, or one on press and one on release, "
                + "found [\"next\", \"next\", \"next\"]")
        #expect(
            message {
                try InputConfiguration(keys: [(name: "KEY_A", actions: ["presence", "wake"])])
            }
                == "[input.keys] KEY_A: expected presence alone (it lasts while the key is held), "
                + "found [\"presence\", \"wake\"]")
        #expect(
            message { try InputConfiguration(keys: [(name: "KEY_A", actions: ["mode dark"])]) }
                == "[input.keys] KEY_A: expected mode auto, day, dim, night or off, found \"mode dark\""
        )
        #expect(
            message { try InputConfiguration(calibration: [1, 0, 0, 0, 0, 0]) }
                == "[input] calibration: expected six finite numbers [a, b, c, d, e, f] whose map "
                + "is not flat (a·e ≠ b·d), found [1.0, 0.0, 0.0, 0.0, 0.0, 0.0]")
        #expect(
            message { try InputConfiguration(idleOff: 0.5) }
                == "[input] idle_off: expected a duration from 1 s to 7 d, found 0.5 s")
        #expect(
            message { try InputConfiguration(wakeDuration: 7200) }
                == "[input] wake_duration: expected a duration from 1 s to 1 h, found 2 h")
        #expect(
            message { try InputConfiguration(encoder: ["next"]) }
                == "[input] encoder: expected 2 actions, found [\"next\"]")
        #expect(
            message { try InputConfiguration(devices: []) }
                == "[input] devices: expected \"auto\", \"none\" or device names and paths, found []"
        )
        #expect(
            message { try InputConfiguration(links: [(scheme: "1x", link: .arguments(["a"]))]) }
                == "[input.links] 1x: expected a URL scheme (a letter, then letters, digits, +, - "
                + "or .), found \"1x\"")
        #expect(
            message {
                try InputConfiguration(links: [(scheme: "ha", link: .request("PATCH http://x"))])
            }
                == "[input.links] ha: expected an http:// or https:// URL, after GET, POST, PUT or "
                + "DELETE if not GET, found \"PATCH http://x\"")
        #expect(
            message { try InputConfiguration(links: [(scheme: "x", link: .arguments([]))]) }
                == "[input.links] x: expected a program and its arguments, found \"[]\"")
    }

    @Test("idle: the panel goes off idle_off after the last activity; held presence keeps it on")
    func idleTimer() {
        var idle = IdleTimer(idleOff: 600, now: 0)
        #expect(idle.deadline == 600)
        idle.noteActivity(at: 100)
        #expect(!idle.isIdle(at: 699))
        #expect(idle.isIdle(at: 700))
        idle.presence(true, at: 800)
        #expect(idle.deadline == nil)
        #expect(!idle.isIdle(at: 5000))
        idle.presence(false, at: 5000)
        #expect(idle.deadline == 5600)
        idle.noteActivity(at: 10)  // an older instant moves nothing
        #expect(idle.deadline == 5600)
        #expect(IdleTimer(idleOff: nil, now: 0).isIdle(at: 1e9) == false)
    }
}
