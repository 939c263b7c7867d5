import Foundation
import NightstandTesting
import Testing
import Widgets

@testable import BuiltinWidgets

/// Duration options (`refresh`, `timeout`) and durations in messages.
@Suite("Durations")
struct DurationTests {
    @Test("durations as people write them, or seconds")
    func parsing() throws {
        let options = WidgetOptions([
            "a": .string("90s"), "b": .string("1h30m"), "c": .int(45), "d": .double(0.5),
            "e": .string("2d"), "f": .string(" 10m "),
        ])
        #expect(try options.duration("a") == 90)
        #expect(try options.duration("b") == 5400)
        #expect(try options.duration("c") == 45)
        #expect(try options.duration("d") == 0.5)
        #expect(try options.duration("e") == 172_800)
        #expect(try options.duration("f") == 600)
        #expect(try options.duration("missing") == nil)
    }

    @Test(
        "anything else, zero or negative is an error naming the key",
        arguments: [
            WidgetOptions.Value.string("soon"), .string("10x"), .string("m"), .string(""), .int(0),
            .double(-5), .bool(true), .array([.int(1)]),
        ])
    func refused(value: WidgetOptions.Value) {
        let error = expectError(WidgetOptionError.self) {
            try WidgetOptions(["refresh": value]).duration("refresh")
        }
        #expect(error?.key == "refresh")
        #expect(error?.found == value.description)
    }
}
