import Foundation
import NightstandTesting
import Testing
import Widgets

@testable import BuiltinWidgets

/// The `mqtt` widget: its options, how it reads payloads, its timeline (fresh, then stale),
/// the board's reload requests, and goldens: `mqtt-<family>-<appearance>[-<case>].png`.
///
/// Tolerance 1 per channel, as for the other widget goldens.
@Suite("MQTTWidget")
struct MQTTWidgetTests {
    private let renderer: WidgetRenderer
    /// 21:41:07 on 15 January 2026 in Berlin.
    private let now = berlin(2026, 1, 15, 21, 41, 7)

    init() throws {
        renderer = try WidgetRenderer()
    }

    /// A Zigbee thermometer as zigbee2mqtt publishes it.
    private static let bedroom: [String: WidgetOptions.Value] = [
        "topic": .string("zigbee2mqtt/bedroom"), "field": .string("temperature"),
        "label": .string("Bedroom"), "unit": .string("°C"), "symbol": .string("thermometer.medium"),
        "decimals": .int(1), "min": .int(10), "max": .int(30), "stale_after": .string("30m"),
    ]
    private static let payload = #"{"temperature": 21.46, "humidity": 48, "battery": 97}"#

    private func reading(_ values: [String: WidgetOptions.Value]) throws -> MQTTReading {
        try MQTTReading(WidgetOptions(values))
    }

    /// The widget on a fresh board that received `payload` at `received`, and its entries at
    /// `now`.
    private func entries(
        _ values: [String: WidgetOptions.Value], payload: String?, received: Date
    ) throws -> (WidgetDescriptor, [MQTTEntry]) {
        let board = TopicBoard(center: WidgetCenter())
        let reading = try reading(values)
        let descriptor = MQTTWidget.descriptor(
            reading: reading, board: board, log: ProblemLog(subject: "test"))
        if let payload {
            board.receive(topic: reading.topic, payload: Array(payload.utf8), at: received)
        }
        let provider = MQTTProvider(
            reading: reading, board: board, log: ProblemLog(subject: "test"))
        return (descriptor, provider.entries(at: now))
    }

    private func check(
        _ values: [String: WidgetOptions.Value], payload: String?, received: Date? = nil,
        family: WidgetFamily, appearance: Appearance, named name: String, entry index: Int = 0
    ) throws {
        let (descriptor, entries) = try entries(
            values, payload: payload, received: received ?? now.addingTimeInterval(-120))
        let (canvas, _) = renderer.render(
            descriptor, entry: entries[index], family: family, appearance: appearance,
            now: entries[index].date)
        assertGolden(canvas, named: name)
    }

    // MARK: Goldens

    @Test(
        "a JSON field with unit, symbol, decimals and gauge, in every family",
        arguments: [
            WidgetFamily.systemSmall, .accessoryCircular, .accessoryRectangular, .accessoryInline,
        ], [Appearance.day, .night])
    func value(family: WidgetFamily, appearance: Appearance) throws {
        try check(
            Self.bedroom, payload: Self.payload, family: family, appearance: appearance,
            named: "mqtt-\(family)-\(appearance)")
    }

    @Test(
        "a value older than stale_after: a warning, gray, and how long ago",
        arguments: [Appearance.day, .night])
    func stale(appearance: Appearance) throws {
        try check(
            Self.bedroom, payload: Self.payload, received: now.addingTimeInterval(-47 * 60),
            family: .systemSmall, appearance: appearance,
            named: "mqtt-systemSmall-\(appearance)-stale")
    }

    @Test("a plain text payload: a door's state")
    func text() throws {
        try check(
            [
                "topic": .string("home/front-door"), "label": .string("Front door"),
                "symbol": .string("house.fill"),
            ],
            payload: "Open", family: .systemSmall, appearance: .day,
            named: "mqtt-systemSmall-day-text")
    }

    @Test("before the first message it says what it waits for")
    func waiting() throws {
        try check(
            Self.bedroom, payload: nil, family: .systemSmall, appearance: .day,
            named: "mqtt-systemSmall-day-waiting")
    }

    // MARK: Reading payloads

    @Test("values from plain payloads and JSON fields; what a payload lacks is said")
    func payloads() throws {
        let plain = try reading(["topic": .string("a/b")])
        let field = try reading(["topic": .string("a/b"), "field": .string("state.temperature")])
        let indexed = try reading(["topic": .string("a/b"), "field": .string("values.1")])
        let contact = try reading(["topic": .string("a/b"), "field": .string("contact")])
        func value(_ reading: MQTTReading, _ payload: String)
            -> Result<CommandOutput.Value, MQTTPayloadError>
        {
            reading.output(of: Array(payload.utf8)).map(\.value)
        }
        #expect(value(plain, " 21.5\n") == .success(.number(21.5)))
        #expect(value(plain, "ON") == .success(.text("ON")))
        #expect(value(plain, "nan") == .success(.text("nan")))
        let long = String(repeating: "x", count: 100)
        #expect(value(plain, long) == .success(.text(String(repeating: "x", count: 63) + "…")))
        #expect(value(field, #"{"state": {"temperature": 19}}"#) == .success(.number(19)))
        #expect(value(field, #"{"state": {"temperature": "19.5"}}"#) == .success(.number(19.5)))
        let missing = MQTTPayloadError("no field state.temperature in the JSON")
        #expect(value(field, #"{"state": {}}"#) == .failure(missing))
        #expect(value(field, "19") == .failure(missing))
        #expect(
            value(field, "<html>") == .failure(MQTTPayloadError("not JSON (it begins \"<html>\")")))
        #expect(
            value(field, #"{"state": {"temperature": [1]}}"#)
                == .failure(
                    MQTTPayloadError(
                        "the field state.temperature is an array, not a number or a string")))
        #expect(value(indexed, #"{"values": [3, 4]}"#) == .success(.number(4)))
        #expect(value(contact, #"{"contact": false}"#) == .success(.text("Off")))
    }

    @Test("hostile payloads are shown or refused with the reason, and draw without harm")
    func hostilePayloads() throws {
        let plain: [String: WidgetOptions.Value] = ["topic": .string("a/b"), "unit": .string("W")]
        let field: [String: WidgetOptions.Value] = [
            "topic": .string("a/b"), "field": .string("a.b"), "min": .int(0), "max": .int(10),
        ]
        var random = SystemRandomNumberGenerator()
        let garbage = String(
            decoding: (0..<65536).map { _ in UInt8.random(in: 0...255, using: &random) },
            as: UTF8.self)
        let cases: [([String: WidgetOptions.Value], String, String?)] = [
            (plain, "1e300", "expected a number from -1e15 to 1e15, found 1e+300"),
            (plain, "-1e16", "expected a number from -1e15 to 1e15, found -1e+16"),
            (field, #"{"a": {"b": 1e300}}"#, "expected a number from -1e15 to 1e15, found 1e+300"),
            (field, #"{"a": {"b": -5e20}}"#, "expected a number from -1e15 to 1e15, found -5e+20"),
            (field, String(repeating: "[", count: 100_000), "not JSON"),
            (field, String(repeating: #"{"a":"#, count: 20_000), "not JSON"),
            (field, garbage, "not JSON"),
            // What the log and the widget say of a payload is escaped: no forged log line.
            (field, "x\nforged\u{1B}[2J", #"not JSON (it begins "x\nforged\u{1B}[2J")"#),
            (plain, garbage, nil),
            (plain, "\u{0}\u{1B}[2J\u{7}", nil),
            (plain, String(repeating: "🙂", count: 20_000), nil),
            (field, #"{"a": {"b": 1e15}}"#, nil),
        ]
        for (options, payload, problem) in cases {
            let (descriptor, entries) = try entries(
                options, payload: payload, received: now.addingTimeInterval(-1))
            let content = try #require(entries.first).content
            if let problem {
                guard case .problem(let said) = content else {
                    Issue.record("\(payload.prefix(20)): expected \(problem), found \(content)")
                    continue
                }
                #expect(said.hasPrefix(problem), "\(payload.prefix(20))")
            } else if case .problem(let said) = content {
                Issue.record("\(payload.prefix(20)): expected a value, found \(said)")
            }
            // Drawn as the display would: no trap, no endless layout.
            _ = renderer.render(
                descriptor, entry: entries[0], family: .systemSmall, appearance: .day, now: now)
        }
    }

    @Test("bad options name the key and what was expected")
    func options() {
        let cases: [([String: WidgetOptions.Value], String)] = [
            (
                [:],
                "topic: expected the topic to show, such as \"home/bedroom/temperature\", found nothing"
            ),
            (
                ["topic": .string("home/+/temperature")],
                "topic: expected one topic of 1 to 256 bytes, without + or # wildcards, found \"home/+/temperature\""
            ),
            (
                ["topic": .string("a"), "field": .string("a..b")],
                "field: expected a JSON field such as \"temperature\" or \"state.temperature\", found \"a..b\""
            ),
            (["topic": .string("a"), "decimals": .int(9)], "decimals: expected 0 to 6, found 9"),
            (
                ["topic": .string("a"), "min": .int(5)],
                "max: expected max with min, found min alone"
            ),
            (
                ["topic": .string("a"), "min": .int(5), "max": .int(5)],
                "max: expected a number above min (5.0), found 5.0"
            ),
            (
                ["topic": .string("a"), "colour": .string("red")],
                "colour: expected one of the options decimals, field, label, max, min, stale_after, symbol, topic, unit, found an unknown option"
            ),
        ]
        for (values, message) in cases {
            #expect(throws: Error.self) { try MQTTReading(WidgetOptions(values)) }
            do {
                _ = try MQTTReading(WidgetOptions(values))
            } catch {
                #expect("\(error)" == message)
            }
        }
    }

    // MARK: Timeline and board

    @Test("a fresh value's timeline has a second entry, stale, when stale_after runs out")
    func timeline() throws {
        let received = now.addingTimeInterval(-120)
        let (_, fresh) = try entries(Self.bedroom, payload: Self.payload, received: received)
        #expect(fresh.map(\.date) == [now, received.addingTimeInterval(30 * 60)])
        guard case .value(let output, _, false) = fresh[0].content,
            case .value(_, let updated, true) = fresh[1].content
        else {
            Issue.record("expected a fresh then a stale value, found \(fresh.map(\.content))")
            return
        }
        #expect(output.value == .number(21.46))
        #expect(output.gauge == CommandOutput.GaugeValue(value: 21.46, min: 10, max: 30))
        #expect(updated == received)

        let (_, old) = try entries(
            Self.bedroom, payload: Self.payload, received: now.addingTimeInterval(-3600))
        #expect(old.count == 1)
        if case .value(_, _, let stale) = old[0].content { #expect(stale) }
    }

    @Test("the board asks for one reload until a widget read the news, and ignores other topics")
    func board() throws {
        let center = WidgetCenter()
        let board = TopicBoard(center: center)
        _ = MQTTWidget.descriptor(
            reading: try reading(["topic": .string("home/a")]), board: board,
            log: ProblemLog(subject: "test"))
        #expect(board.topics == ["home/a"])
        board.receive(topic: "home/other", payload: [1])
        #expect(center.takeReloadRequest().isEmpty)
        board.receive(topic: "home/a", payload: Array("1".utf8))
        board.receive(topic: "home/a", payload: Array("2".utf8))
        #expect(center.takeReloadRequest().kinds == ["mqtt"])
        #expect(center.takeReloadRequest().isEmpty, "one request until a widget has read")
        #expect(board.latest("home/a")?.payload == Array("2".utf8))
        board.receive(topic: "home/a", payload: Array("3".utf8))
        #expect(center.takeReloadRequest().kinds == ["mqtt"])
    }
}
