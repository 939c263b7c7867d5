import Input
import NightstandTesting
import Settings
import Standby
import Testing

/// The `[input]` section read from a configuration file, as `run` and `check-config` read it.
@Suite("[input] section")
struct InputSectionTests {
    private func read(_ text: String) throws -> InputConfiguration? {
        try Configuration.parse(text, file: "board.toml", sections: [InputConfiguration.self])
            .section(InputConfiguration.self)
    }

    private func message(_ text: String) -> String? {
        expectError(ConfigurationError.self) { try read(text) }?.description
    }

    @Test("every key, with the key and link tables")
    func everything() throws {
        let input = try #require(
            try read(
                """
                [input]
                devices = ["generic ft5x06 (79)", "button@11"]
                calibration = [0, -1, 1, 1, 0, 0]
                idle_off = "10m"
                wake_duration = 15
                encoder = ["view next", "view previous"]
                link_timeout = "5s"

                [input.keys]
                KEY_PROG1 = "presence"
                KEY_F1 = ["mode night", "mode auto"]

                [input.links]
                lights = ["lights", "{url}"]
                ha = "POST http://hass.local/api/webhook/{host}"
                """))
        #expect(input.devices == .named(["generic ft5x06 (79)", "button@11"]))
        #expect(input.calibration == CalibrationMatrix([0, -1, 1, 1, 0, 0]))
        #expect(input.idleOff == 600)
        #expect(input.wakeDuration == 15)
        #expect(input.linkTimeout == 5)
        #expect(input.keyMap.encoder.positive == .command(.stepView(by: 1)))
        let f1 = try #require(KeyMap.Key(named: "KEY_F1"))
        #expect(
            input.keyMap.binding(for: f1)
                == KeyMap.Binding(
                    press: .command(.setMode(.night)), release: .command(.setMode(.auto))))
        #expect(input.links["lights"] == .command(["lights", "{url}"]))
        #expect(
            input.links["ha"]
                == .request(method: "POST", url: "http://hass.local/api/webhook/{host}"))
    }

    @Test("no [input] table: the defaults")
    func defaults() throws {
        #expect(try read("") == InputConfiguration())
        #expect(try read("[input]\ndevices = \"auto\"\n") == InputConfiguration())
        let readsNone = try read("[input]\ndevices = \"none\"\n")
        #expect(readsNone?.devices == InputConfiguration.DeviceSelection.none)
    }

    @Test("a bad value names the file, the line, the table and the key")
    func errors() {
        #expect(
            message("[input]\nidle_off = \"soon\"\n")
                == "board.toml:2: [input] idle_off: expected a duration such as \"90s\", \"10m\" or "
                + "\"1h\", found \"soon\"")
        #expect(
            message("[input]\ndevices = \"all\"\n")
                == "board.toml:2: [input] devices: expected \"auto\", \"none\" or an array of device "
                + "names and paths, found \"all\"")
        #expect(
            message("[input]\ncalibration = [1, 0, \"x\"]\n")
                == "board.toml:2: [input] calibration: expected six numbers, found [1, 0, \"x\"]")
        #expect(
            message("[input.keys]\nKEY_NOPE = \"next\"\n")?.hasPrefix(
                "board.toml:2: [input.keys] KEY_NOPE: expected a key or switch name the kernel knows"
            )
                == true)
        #expect(
            message("[input.links]\nha = \"FETCH http://x\"\n")?.hasPrefix(
                "board.toml:2: [input.links] ha: expected an http:// or https:// URL") == true)
        #expect(
            message("[input]\nswipe = 1\n")?.hasPrefix("board.toml:2: [input] swipe: unknown key")
                == true)
    }
}
