import Display
import Raster
import Testing
import Widgets

@testable import Standby

@Suite("Configuration")
struct ConfigurationTests {
    private func parse(_ text: String) throws -> Configuration {
        try Configuration.parse(text, file: "board.toml")
    }

    /// The error a text gives, as its message.
    private func failure(_ text: String) -> String {
        do {
            _ = try parse(text)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test("an empty file is the defaults: a clock and a date side by side")
    func emptyFile() throws {
        let config = try parse("")
        #expect(config.widgets.map(\.kind) == ["clock", "date"])
        #expect(config.slots.map(\.widgets) == [["clock"], ["date"]])
        #expect(config.display.backend == .auto)
        #expect(config.layout == LayoutConfiguration())
    }

    @Test("every display and layout key is read")
    func fullFile() throws {
        let config = try parse(
            """
            [display]
            backend = "drm"
            device = "/dev/dri/card1"
            connector = "DSI-1"
            mode = "800x480@60"
            rotation = 180
            pixel_format = "rgb565"
            page_flips = false
            size = "1280x480"
            output = "/tmp/screen.png"
            locale = "de_DE.UTF-8"

            [layout]
            style = "clock"
            clock = "analog"
            margin = 10
            gap = 8
            tiles = true
            burn_in_shift = 0
            burn_in_interval = "1h30m"
            accent = "#FF9F0A"

            [ambient]
            night_below = 3

            [[widget]]
            kind = "clock"
            seconds = true

            [[widget]]
            id = "berlin"
            kind = "clock"
            time_zone = "Europe/Berlin"

            [[slot]]
            widgets = ["clock", "berlin"]
            rotation = "smart 15m"

            [[slot]]
            widgets = ["berlin"]
            rotation = "off"
            """)
        let d = config.display
        #expect(d.backend == .drm && d.device == "/dev/dri/card1" && d.connector == "DSI-1")
        #expect(d.mode == VideoMode(width: 800, height: 480, refresh: 60))
        #expect(d.rotation == .degrees180 && d.format == .rgb565 && !d.pageFlips)
        #expect(d.headlessSize == PixelSize(width: 1280, height: 480))
        #expect(d.headlessImagePath == "/tmp/screen.png")
        #expect(d.locale == "de_DE", "the codeset is dropped")
        #expect(try parse("[display]\nlocale = \"zh-Hant\"\n").display.locale == "zh-Hant")
        #expect(try parse("").display.locale == nil)
        let l = config.layout
        #expect(l.style == .clock && l.clockFace == .analog && l.margin == 10 && l.gap == 8)
        #expect(l.tiles && l.burnInShift == 0 && l.burnInInterval == 5400)
        #expect(config.ambient.nightBelow == 3)
        #expect(config.widgets.map(\.id) == ["clock", "berlin"])
        #expect(config.widgets[0].options.values == ["seconds": .bool(true)])
        #expect(config.widgets[1].options.values == ["time_zone": .string("Europe/Berlin")])
        #expect(config.slots[0].rotation == .smart(every: 900))
        #expect(config.slots[1].rotation == .off)
    }

    @Test("errors name the file, the line and the key, and say what is expected")
    func errors() {
        #expect(
            failure("[display]\nrotation = 45\n")
                == "board.toml:2: [display] rotation: expected 0, 90, 180 or 270, found 45")
        #expect(
            failure("\n[layout]\n\ngap = \"wide\"\n")
                == "board.toml:4: [layout] gap: expected an integer, found \"wide\"")
        #expect(
            failure("[display]\nbackend = \"x11\"")
                == "board.toml:2: [display] backend: expected one of auto, drm, fbdev, headless, found \"x11\""
        )
        #expect(
            failure("[display]\nlocale = \"German\"\n")
                == "board.toml:2: [display] locale: expected a locale such as \"de_DE\", \"ja\" or "
                + "\"zh-Hant\" (a language of 2 or 3 letters, then a script or region after _ or -), "
                + "found \"German\"")
        #expect(
            failure("[layout]\nmargni = 3").hasPrefix("board.toml:2: [layout] margni: unknown key"))
        #expect(
            failure("[layout]\nmargin = -3").hasSuffix("expected pixels from 0 to 4096, found -3"))
        #expect(failure("[display\n").hasPrefix("board.toml:1: not valid TOML"))
        #expect(
            failure("[[widget]]\nkind = \"clock\"\n[[slot]]\nwidgets = [\"clok\"]\n")
                == "board.toml:4: [[slot]] #1 widgets: no [[widget]] has the id \"clok\"; known ids: \"clock\""
        )
        #expect(
            failure(
                "[[widget]]\nkind = \"clock\"\n[[widget]]\nkind = \"clock\"\n[[slot]]\nwidgets = [\"clock\"]"
            )
            .hasPrefix("board.toml:3: [[widget]] clock id: the id \"clock\" is used twice"))
        #expect(
            failure("[[widget]]\nid = \"x\"\n").hasPrefix(
                "board.toml:1: [[widget]] #1: missing kind"))
        #expect(
            failure(
                "[[widget]]\nkind = \"clock\"\n[[slot]]\nwidgets = [\"clock\"]\nrotation = \"often\""
            )
            .hasPrefix("board.toml:5: [[slot]] #1 rotation: expected \"smart\""))
    }

    @Test(
        "a table header TOMLKit's parser cannot survive is a parse error with its line (fuzzing)",
        arguments: [
            ("[([slot]]\n", 1, "'('"), ("\n\n[\n", 3, "the end of the line"),
            ("[[widget]]\nkind = \"clock\"\n[[!x]]\n", 3, "'!'"),
            ("x = \"[(\"\n[ =]\n", 2, "'='"),
            ("[[widget]] # a \"\"\" b\n[[!x]]\n", 2, "'!'"),
            ("['a#b'] # '''\n[(\n", 2, "'('"),
        ])
    func unparseableHeaders(source: String, line: Int, found: String) {
        #expect(
            failure(source)
                == "board.toml:\(line): not valid TOML: expected a table name after '[', found \(found)"
        )
    }

    @Test("headers are told from arrays inside values and from lines of multi-line strings")
    func headersInContext() {
        let valid = #"""
            # [( in a comment
            title = """
            [(not a header)]
            """
            literal = '''
            [!
            '''
            nested = [
              [{ a = 1 }],
              [ (1) ],
            ]
            [ "quoted table" ]
            [[ array-of-tables ]]
            ['literal']
            """#
        #expect(TOMLPreflight.firstTrap(in: valid) == nil)
        #expect(TOMLPreflight.firstTrap(in: valid + "\n[{]\n")?.line == 15)
    }

    @Test(
        "a '}' where an array expects a value is a parse error with its line (fuzzing)",
        arguments: [
            ("a = [}]\n", 1), ("a = [1, }]\n", 1), ("\na = [\r\n  # note\n\t}\n", 4),
            ("a = [[1], [ }]]\n", 1), ("a = \"\"\"x\\\n\"\"\"\nb = [{ c = [2] }, }]\n", 3),
        ])
    func braceInArray(source: String, line: Int) {
        #expect(
            failure(source)
                == "board.toml:\(line): not valid TOML: expected a value or ']' in the array, found '}'"
        )
    }

    @Test(
        "a line or paragraph separator outside strings and comments is a parse error (fuzzing)",
        arguments: [
            ("a = [\u{2028}1]\n", 1, "U+2028"), ("\na = [1,\u{2029}]\n", 2, "U+2029"),
            ("a = 1\u{85}\n", 1, "U+0085"),
        ])
    func strayLineBreaks(source: String, line: Int, found: String) {
        #expect(
            failure(source)
                == "board.toml:\(line): not valid TOML: expected a line break (\\n), found \(found)"
        )
    }

    @Test("braces, separators and brackets inside strings and comments are no trap")
    func trapsInContext() throws {
        let valid = """
            # a = [}] \u{2028}
            [[widget]]
            kind = "command"
            id = "x"
            command = ["echo", "[}", '\u{2028}', \"\"\"
            }]\"\"\", '}']
            [[slot]]
            widgets = [
              "x", # }
            ]
            """
        #expect(TOMLPreflight.firstTrap(in: valid) == nil)
        let config = try parse(valid)
        #expect(config.widgets.map(\.id) == ["x"])
    }

    @Test("a missing file is a configuration error too")
    func missingFile() {
        #expect(throws: ConfigurationError.self) {
            try Configuration.load(file: "/nonexistent/nightstand.toml")
        }
    }

    @Test("durations read as people write them")
    func durations() {
        #expect(WidgetOptions.seconds(inDuration: "90") == 90)
        #expect(WidgetOptions.seconds(inDuration: "90s") == 90)
        #expect(WidgetOptions.seconds(inDuration: "10m") == 600)
        #expect(WidgetOptions.seconds(inDuration: "1h30m") == 5400)
        #expect(WidgetOptions.seconds(inDuration: "2d") == 172800)
        #expect(WidgetOptions.seconds(inDuration: "10x") == nil)
        #expect(WidgetOptions.seconds(inDuration: "m") == nil)
        #expect(WidgetOptions.seconds(inDuration: "") == nil)
    }
}
