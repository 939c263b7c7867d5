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

    @Test(
        "a duration outside its range is an error naming the range (no busy core, no overflow)",
        arguments: [
            WidgetOptions.Value.double(0.001), .string("0.5s"), .double(1e300), .string("8d"),
            .int(Int.max),
        ])
    func outOfRange(value: WidgetOptions.Value) {
        let error = expectError(WidgetOptionError.self) {
            try WidgetOptions(["refresh": value]).duration("refresh", in: OptionRanges.refresh)
        }
        #expect(error?.expected == "a duration from 1s to 7d")
        #expect(error?.found == value.description)
    }

    @Test(
        "every widget's refresh and timeout are range-checked",
        arguments: [
            ("command", ["command": .array([.string("true")])] as [String: WidgetOptions.Value]),
            ("system", [:]), ("weather", ["file": .string("/tmp/forecast.json")]),
            ("calendar", ["files": .array([.string("/tmp/family.ics")])]),
        ])
    func widgetRanges(kind: String, options: [String: WidgetOptions.Value]) throws {
        let make = try #require(BuiltinWidgets.all.first { $0.kind == kind }).make
        for key in ["refresh", "timeout"] {
            var values = options
            values[key] = .double(1e300)
            let error = expectError(WidgetOptionError.self) { try make(WidgetOptions(values)) }
            // The system widget has no timeout: an unknown option.
            #expect(error?.key == key)
            values[key] = .string("0.001")
            #expect(throws: WidgetOptionError.self) { try make(WidgetOptions(values)) }
        }
    }
}
