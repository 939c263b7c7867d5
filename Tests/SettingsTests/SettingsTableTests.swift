import Testing

@testable import Settings

@Suite("Reading a section's keys")
struct SettingsTableTests {
    private let lines = KeyLocator(source: "[mqtt]\nport = 0\nhost = 3\nkeepalive = \"2ms\"\n")

    private func table(_ values: [String: SettingsValue]) -> SettingsTable {
        SettingsTable(
            file: "board.toml", path: "mqtt", name: "[mqtt]", values: values, lines: lines)
    }

    /// The message a read gives, or "no error".
    private func failure<T>(_ read: () throws -> T) -> String {
        do {
            _ = try read()
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    @Test("a number out of range names the file, line, key, the range and what was found")
    func ranges() throws {
        let t = table(["port": .integer(0), "keepalive": .string("2ms"), "ratio": .float(1e300)])
        #expect(
            failure { try t.int("port", in: NumberRange(1...65535, "a port")) }
                == "board.toml:2: [mqtt] port: expected a port from 1 to 65535, found 0")
        #expect(
            failure { try t.duration("keepalive", in: .duration(5...3600)) }
                == "board.toml:4: [mqtt] keepalive: expected a duration such as \"90s\", \"10m\" or \"1h\", found \"2ms\""
        )
        #expect(
            failure { try t.number("ratio", in: NumberRange(0...1, "a share")) }
                == "board.toml:1: [mqtt] ratio: expected a share from 0 to 1, found 1e+300")
        #expect(try t.int("missing", in: NumberRange(1...2, "x")) == nil)
    }

    @Test("durations read as people write them, and huge or odd ones are refused")
    func durations() throws {
        let t = table([
            "a": .string("1h30m"), "b": .integer(90), "c": .string("2d"), "d": .float(0.5),
            "e": .string("9999999999d"), "f": .bool(true),
        ])
        let range = NumberRange.duration(0...86_400 * 3)
        #expect(try t.duration("a", in: range) == 5400)
        #expect(try t.duration("b", in: range) == 90)
        #expect(try t.duration("c", in: range) == 172_800)
        #expect(try t.duration("d", in: range) == 0.5)
        #expect(
            failure { try t.duration("e", in: range) }.hasSuffix(
                "expected a duration from 0s to 3d, found \"9999999999d\""))
        #expect(failure { try t.duration("f", in: range) }.hasSuffix("found true"))
        #expect(DurationText.seconds("10x") == nil)
        #expect(DurationText.seconds("1e400") == nil)
        #expect(DurationText.seconds("") == nil)
    }

    @Test("a value of the wrong type says what was expected")
    func types() {
        let t = table(["host": .integer(3), "port": .string("1883"), "on": .string("yes")])
        #expect(
            failure { try t.string("host") }
                == "board.toml:3: [mqtt] host: expected a string, found 3")
        #expect(
            failure { try t.int("port", in: NumberRange(1...65535, "a port")) }.hasSuffix(
                "expected an integer, found \"1883\""))
        #expect(failure { try t.bool("on") }.hasSuffix("expected true or false, found \"yes\""))
        #expect(
            failure { try t.int("port", oneOf: [0, 90]) }.hasSuffix(
                "expected an integer, found \"1883\""))
    }

    @Test("unknown keys are refused with the list of known ones")
    func unknownKeys() {
        let t = table(["hots": .string("a"), "port": .integer(1)])
        #expect(
            failure { try t.rejectUnknown(["host", "port"]) }
                == "board.toml:1: [mqtt] hots: unknown key; expected one of host, port")
    }

    @Test("range words: whole numbers, fractions, durations")
    func words() {
        #expect(NumberRange(0...4096, "pixels").expected == "pixels from 0 to 4096")
        #expect(NumberRange(0.5...100, "lux").expected == "lux from 0.5 to 100")
        #expect(NumberRange.duration(10...86_400).expected == "a duration from 10s to 1d")
        #expect(NumberRange.duration(0.5...5400).expected == "a duration from 0.5s to 1h30m")
        #expect(!NumberRange(0...1, "x").contains(.nan))
        #expect(!NumberRange(0...1, "x").contains(.infinity))
    }
}
