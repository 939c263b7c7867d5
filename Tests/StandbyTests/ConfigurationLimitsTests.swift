import Ambient
import BuiltinWidgets
import Display
import Foundation
import NightstandTesting
import Raster
import Testing
import Widgets

@testable import Standby

@Suite("Configuration limits: numbers in range, files bounded, layouts that show something")
struct ConfigurationLimitsTests {
    /// The error a text gives, as its message.
    private func failure(_ text: String) -> String {
        do {
            let configuration = try Configuration.parse(text, file: "board.toml")
            try configuration.check(registry: WidgetRegistry(BuiltinWidgets.all))
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test(
        "a huge or tiny number is refused where it enters, with its range",
        arguments: [
            (
                "[display]\nsize = \"100000x100000\"",
                "board.toml:2: [display] size: expected WIDTHxHEIGHT with positive integers such as \"800x480\", each side from 1 to 8192 pixels, found \"100000x100000\""
            ),
            (
                "[display]\nmode = \"1920x1080@99999999\"",
                "board.toml:2: [display] mode: expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ such as \"1920x1080@60\", each side from 1 to 8192 pixels and at most 1000 Hz, found \"1920x1080@99999999\""
            ),
            (
                "[layout]\nmargin = 9223372036854775807",
                "board.toml:2: [layout] margin: expected pixels from 0 to 4096, found 9223372036854775807"
            ),
            (
                "[layout]\nburn_in_interval = \"1e-300\"",
                "board.toml:2: [layout] burn_in_interval: expected a duration from 10s to 1d, found \"1e-300\""
            ),
            (
                "[layout]\nburn_in_shift = 100000",
                "board.toml:2: [layout] burn_in_shift: expected pixels from 0 to 256, found 100000"
            ),
            (
                "[ambient]\npoll_interval = 0.001",
                "board.toml:2: [ambient] poll_interval: expected a duration from 0.5s to 1h, found 0.001"
            ),
            (
                "[ambient]\nsensor_command = [\"cat\"]\nsensor_timeout = \"99999d\"",
                "board.toml:3: [ambient] sensor_timeout: expected a duration from 0.1s to 1m, found \"99999d\""
            ),
            (
                "[ambient]\nnight_below = 1e308",
                "board.toml:2: [ambient] night_below: expected lux from 0 to 1000000, found 1e+308"
            ),
            (
                "[ambient]\ndim_brightness = 400",
                "board.toml:2: [ambient] dim_brightness: expected a percentage from 0 to 100, found 400"
            ),
            (
                "[ambient]\nsmoothing = \"median 0.0001s\"",
                "board.toml:2: [ambient] smoothing: expected a window or time constant from 1s to 1h, found \"median 0.0001s\""
            ),
            (
                "[ambient]\nfade = 3600",
                "board.toml:2: [ambient] fade: expected a duration from 0s to 1m, found 3600"
            ),
            (
                "[[widget]]\nkind = \"clock\"\n[[slot]]\nwidgets = [\"clock\"]\nrotation = \"1s\"",
                "board.toml:5: [[slot]] #1 rotation: expected a duration from 5s to 1d, found \"1s\""
            ),
        ])
    func ranges(_ text: String, _ message: String) {
        #expect(failure(text) == message)
    }

    @Test("check-config refuses a bad [ambient] that run would refuse")
    func ambientCheckedOnRead() {
        #expect(
            failure("[ambient]\nnight_below = 50")
                == "board.toml:1: [ambient] dim_above: expected lux above night_below (50.0), got 8.0"
        )
        #expect(
            failure("[ambient]\nfade = \"soon\"").contains("[ambient] fade: expected a duration"))
        #expect(
            failure("[ambient]\ncolour = 3").hasPrefix(
                "board.toml:2: [ambient] colour: unknown key"))
    }

    @Test("text after a NUL byte is an error at its line, not ignored")
    func nulByte() {
        #expect(
            failure("[layout]\nmargin = 4\n\u{0}[display]\nbackend = \"x\"")
                == "board.toml:3: expected text, found a NUL byte (is this a binary file?)")
    }

    @Test("a layout that cannot show anything is refused, naming the key to change")
    func emptyLayouts() {
        let screen = "[display]\nbackend = \"headless\"\nsize = \"480x320\"\n"
        #expect(
            failure(screen + "[layout]\nmargin = 200")
                == "board.toml:5: [layout] margin: expected pixels that leave each slot at least 32x32 (at most 144 here), found 200"
        )
        let three = """
            [[widget]]
            id = "a"
            kind = "clock"
            [[widget]]
            id = "b"
            kind = "clock"
            [[widget]]
            id = "c"
            kind = "clock"
            [[slot]]
            widgets = ["a"]
            [[slot]]
            widgets = ["b"]
            [[slot]]
            widgets = ["c"]
            """
        #expect(
            failure(screen + "[layout]\ngap = 300\n" + three)
                .hasSuffix(
                    "[layout] gap: expected pixels that leave each slot at least 32x32 (at most 168 here), found 300"
                ))
        #expect(
            failure(screen + "[layout]\nmargin = 10\nburn_in_shift = 200")
                .hasSuffix(
                    "[layout] burn_in_shift: expected pixels that keep half of each slot on the screen (at most 119 here), found 200"
                ))
        #expect(failure(screen + "[layout]\nmargin = 100") == "no error")
        // Without a mode the panel decides the size: the host checks it once it is known.
        let host = try? testHost(
            Configuration.parse("[layout]\nmargin = 300", file: "board.toml"),
            registry: WidgetRegistry(BuiltinWidgets.all), clock: SimulatedClock(start: Date()))
        #expect(host == nil)
    }

    @Test(
        "a FIFO, a device, a directory or an oversized file is refused without blocking or reading it"
    )
    func boundedRead() throws {
        let directory = NSTemporaryDirectory() + "nightstand-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(
            atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        func failure(_ file: String) -> String {
            do {
                _ = try Configuration.load(file: file)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        let fifo = directory + "/fifo.toml"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(failure(fifo) == "\(fifo): can't read the file (a FIFO, not a regular file)")
        #expect(
            failure("/dev/zero")
                == "/dev/zero: can't read the file (a character device, not a regular file)")
        #expect(
            failure(directory)
                == "\(directory): can't read the file (a directory, not a regular file)")
        let big = directory + "/big.toml"
        try Data(repeating: UInt8(ascii: "#"), count: Configuration.largestFile + 1).write(
            to: URL(fileURLWithPath: big))
        #expect(failure(big) == "\(big): can't read the file (larger than 1 MiB)")
        let binary = directory + "/binary.toml"
        try Data([0xFF, 0xFE, 0x41]).write(to: URL(fileURLWithPath: binary))
        #expect(failure(binary) == "\(binary): can't read the file (not UTF-8 text)")
    }

    @Test("the defaults of [ambient] are AmbientConfiguration's own")
    func ambientDefaults() throws {
        let standard = try AmbientConfiguration()
        #expect(try Configuration.parse("", file: "x").ambient == standard)
        #expect(Configuration.default.ambient == standard)
    }
}
