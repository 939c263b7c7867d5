import Foundation
import Testing

@testable import Ambient

private let berlin = zone("Europe/Berlin")

/// The default thresholds (dim below 40 / day above 80, night below 3 / dim above 8), a
/// Berlin schedule (dim 21:00-22:30, night 22:30-06:30), 2 s polls, a 10 s median, 30 s dwell.
private func configuration(
    smoothing: LuxSmoothing = .median(window: 10), offBelow: Double? = nil,
    nightAbove: Double? = nil, off: String? = nil
) throws -> AmbientConfiguration {
    try AmbientConfiguration(
        sensor: .file(path: "/run/lux"), smoothing: smoothing, offBelow: offBelow,
        nightAbove: nightAbove, off: off.map { [$0] } ?? [], timeZone: berlin)
}

/// Feeds `reading(t)` every 2 s from `start` for `seconds`; returns each change of appearance.
private func run(
    _ policy: inout AmbientPolicy, from start: Date, seconds: Int,
    reading: (Int) -> Result<Double, LightSensorError>?
) -> [(second: Int, appearance: Appearance)] {
    var changes: [(Int, Appearance)] = []
    var last: Appearance?
    for second in stride(from: 0, to: seconds, by: 2) {
        let decision = policy.update(
            at: start.addingTimeInterval(Double(second)), reading: reading(second))
        if decision.appearance != last { changes.append((second, decision.appearance)) }
        last = decision.appearance
    }
    return changes
}

/// Runs a sensorless policy through the day from `midnight`, waking only at each decision's
/// next evaluation; returns the local time and appearance of each wake-up.
private func clockDay(_ policy: inout AmbientPolicy, from midnight: Date, in timeZone: TimeZone)
    throws -> [(String, Appearance)]
{
    var time = midnight
    var timeline: [(String, Appearance)] = []
    while time < midnight.addingTimeInterval(86400) {
        let decision = policy.update(at: time, reading: nil)
        timeline.append((clock(time, in: timeZone), decision.appearance))
        time = try #require(decision.nextEvaluation)
    }
    return timeline
}

@Suite("Night-mode policy")
struct AmbientPolicyTests {
    @Test("Hysteresis bands: darker below …_below, brighter above …_above, several steps at once")
    func bands() throws {
        let policy = AmbientPolicy(configuration: try configuration(offBelow: 0.5, nightAbove: 1))
        let cases: [(Appearance, Double, Appearance)] = [
            (.day, 50, .day), (.day, 39, .dim), (.day, 2, .night), (.day, 0.1, .off),
            (.dim, 5, .dim), (.dim, 80, .dim), (.dim, 81, .day), (.dim, 2.9, .night),
            (.night, 5, .night), (.night, 8, .night), (.night, 9, .dim), (.night, 100, .day),
            (.night, 0.4, .off), (.off, 0.8, .off), (.off, 1.1, .night), (.off, 50, .dim),
        ]
        for (from, lux, to) in cases {
            #expect(policy.target(from: from, lux: lux) == to, "\(from) at \(lux) lux")
        }
        // Without an off band the sensor never turns the display off.
        let noOff = AmbientPolicy(configuration: try configuration())
        #expect(noOff.target(from: .night, lux: 0) == .night)
        #expect(noOff.target(from: .off, lux: 5) == .night)
    }

    @Test(
        "A headlight sweeping a dark bedroom does not flip night; a lamp left on does, after the dwell"
    )
    func headlightAndLamp() throws {
        var policy = AmbientPolicy(configuration: try configuration())
        let start = local(2025, 5, 15, 23, 0, in: berlin)
        // ~1 lux with ±0.3 noise; a 400 lux headlight for 4 s at 100 s; a 200 lux lamp from 300 s.
        let changes = run(&policy, from: start, seconds: 600) { second in
            let noise = [0.3, -0.2, 0.1, -0.3, 0.2][second / 2 % 5]
            if (100..<104).contains(second) { return .success(400) }
            if second >= 300 { return .success(200 + noise * 10) }
            return .success(1 + noise)
        }
        // The median needs 3 of its 5 samples at 200 lux (second 304), then 30 s of dwell.
        #expect(changes.map(\.second) == [0, 334])
        #expect(changes.map(\.appearance) == [.night, .day])
    }

    @Test("Light hovering between the bands never flips the appearance")
    func hovering() throws {
        var policy = AmbientPolicy(configuration: try configuration(smoothing: .none))
        let changes = run(&policy, from: local(2025, 5, 15, 23, in: berlin), seconds: 3600) {
            .success([4.0, 7.5, 3.2, 6.0][$0 / 2 % 4])
        }
        #expect(changes.map(\.appearance) == [.night])
    }

    @Test("A change that does not hold for the whole dwell is dropped, and the dwell restarts")
    func dwellRestarts() throws {
        var policy = AmbientPolicy(configuration: try configuration(smoothing: .none))
        let start = local(2025, 5, 15, 12, in: berlin)
        // Bright, 20 s dark, 10 s bright, then dark for good from second 60.
        let changes = run(&policy, from: start, seconds: 200) { second in
            (10..<30).contains(second) || second >= 60 ? .success(1) : .success(500)
        }
        #expect(changes.map(\.second) == [0, 90])
        #expect(changes.map(\.appearance) == [.day, .night])
    }

    @Test("The first reading applies at once, starting from the scheduled appearance")
    func firstReading() throws {
        var night = AmbientPolicy(configuration: try configuration())
        // 5 lux is inside the night band (3…8): at 23:00 the schedule says night, so night.
        #expect(
            night.update(at: local(2025, 5, 15, 23, in: berlin), reading: .success(5)).appearance
                == .night)
        var noon = AmbientPolicy(configuration: try configuration())
        // At noon the schedule says day; 5 lux is below dim_below but not night_below.
        let decision = noon.update(at: local(2025, 5, 15, 12, in: berlin), reading: .success(5))
        #expect(decision.appearance == .dim)
        #expect(decision.source == .sensor(lux: 5))
    }

    @Test(
        "A failing sensor falls back to the clock, logged once; recovery is logged once and dwells")
    func fallbackAndRecovery() throws {
        let log = LogCapture()
        var policy = AmbientPolicy(configuration: try configuration(), logger: log.logger)
        let noon = local(2025, 5, 15, 12, in: berlin)
        let failure = LightSensorError.unreadable(path: "/run/lux", reason: "gone")
        // A sensor in a dark box reads night at noon; the schedule says day.
        let changes = run(&policy, from: noon, seconds: 300) { second in
            switch second {
            case 0..<60: .success(1)
            case 60..<200: .failure(failure)
            default: .success(1)
            }
        }
        #expect(changes.map(\.second) == [0, 60, 230])
        #expect(changes.map(\.appearance) == [.night, .day, .night])
        #expect(
            log.messages(at: .warning) == [
                "light sensor: cannot read /run/lux: gone; following the clock schedule until the sensor reads again"
            ])
        #expect(log.messages(at: .notice) == ["light sensor reads again (1.0 lux); following it"])

        // A second outage is a new episode: logged again, once.
        _ = run(&policy, from: noon.addingTimeInterval(300), seconds: 20) { _ in .failure(failure) }
        #expect(log.messages(at: .warning).count == 2)
    }

    @Test("A sensor missing from the start: the clock decides and the log says so once")
    func missingFromStart() throws {
        let log = LogCapture()
        var policy = AmbientPolicy(configuration: try configuration(), logger: log.logger)
        let missing = LightSensorError.notFound(name: "bh1750", available: [])
        let decision = policy.update(
            at: local(2025, 5, 15, 23, in: berlin), reading: .failure(missing))
        #expect(decision.appearance == .night)
        #expect(decision.source == .schedule)
        for second in 1...10 {
            _ = policy.update(
                at: local(2025, 5, 15, 23, 0, second, in: berlin), reading: .failure(missing))
        }
        #expect(log.entries.count == 1)
    }

    @Test("A manual override wins until auto; back in auto the sensor applies at once")
    func manualOverride() throws {
        var policy = AmbientPolicy(configuration: try configuration())
        let noon = local(2025, 5, 15, 12, in: berlin)
        #expect(policy.update(at: noon, reading: .success(500)).appearance == .day)
        policy.manualOverride = .night
        let overridden = policy.update(at: noon.addingTimeInterval(2), reading: .success(500))
        #expect(
            overridden
                == AmbientDecision(appearance: .night, source: .override, nextEvaluation: nil))
        policy.manualOverride = .off
        #expect(policy.update(at: noon.addingTimeInterval(4), reading: nil).appearance == .off)
        policy.manualOverride = nil
        #expect(
            policy.update(at: noon.addingTimeInterval(6), reading: .success(500)).appearance == .day
        )
    }

    @Test("The schedule's off window turns the display off even while the sensor reads bright")
    func offWindow() throws {
        var policy = AmbientPolicy(configuration: try configuration(off: "01:00-05:00"))
        let changes = run(
            &policy, from: local(2025, 5, 16, 0, 59, in: berlin), seconds: 4 * 3600 + 120
        ) { _ in
            .success(300)
        }
        #expect(changes.map(\.second) == [0, 60, 4 * 3600 + 60])
        #expect(changes.map(\.appearance) == [.day, .off, .day])
    }

    @Test("With a sensor, the next evaluation is the next poll, the dwell's end or a boundary")
    func nextEvaluation() throws {
        var policy = AmbientPolicy(configuration: try configuration(smoothing: .none))
        let noon = local(2025, 5, 15, 12, in: berlin)
        #expect(
            policy.update(at: noon, reading: .success(500)).nextEvaluation
                == noon.addingTimeInterval(2))
        // Dark from 12:00:02: the 30 s dwell ends at 12:00:32, after the next poll.
        let dark = noon.addingTimeInterval(2)
        #expect(
            policy.update(at: dark, reading: .success(1)).nextEvaluation
                == dark.addingTimeInterval(2))
        // A failing sensor is retried after 30 s, not at every 2 s poll.
        let failed = policy.update(
            at: noon.addingTimeInterval(4), reading: .failure(.notFound(name: nil, available: [])))
        #expect(failed.nextEvaluation == noon.addingTimeInterval(34))
        // Without a sensor: the schedule's next boundary (21:00).
        var clockOnly = AmbientPolicy(configuration: try configuration())
        #expect(
            clockOnly.update(at: noon, reading: nil).nextEvaluation
                == local(2025, 5, 15, 21, in: berlin))
    }

    @Test("A simulated day on the clock wakes only at the schedule's boundaries")
    func simulatedDayFixed() throws {
        var policy = AmbientPolicy(configuration: try configuration())
        let timeline = try clockDay(&policy, from: local(2025, 5, 15, 0, in: berlin), in: berlin)
        #expect(timeline.map(\.0) == ["00:00:00", "06:30:00", "21:00:00", "22:30:00"])
        #expect(timeline.map(\.1) == [.night, .day, .dim, .night])
    }

    @Test("A simulated solstice day in London with sunset and sunrise windows")
    func simulatedDaySolar() throws {
        let london = zone("Europe/London")
        let configuration = try AmbientConfiguration(
            sensor: nil, dim: ["sunset-sunrise"], night: ["23:00-05:00"], latitude: 51.5,
            longitude: -0.125, timeZone: london)
        var policy = AmbientPolicy(configuration: configuration)
        let timeline = try clockDay(&policy, from: local(2025, 6, 21, 0, in: london), in: london)
        // Sunrise 04:43 ends dim inside the night window; sunset is 21:21:34 BST.
        #expect(timeline.map(\.0) == ["00:00:00", "05:00:00", "21:21:34", "23:00:00"])
        #expect(timeline.map(\.1) == [.night, .day, .dim, .night])
    }

    @Test("A simulated day of sensor readings: four clean transitions, no flicker")
    func simulatedDaySensor() throws {
        var policy = AmbientPolicy(configuration: try configuration())
        let midnight = local(2025, 5, 15, 0, in: berlin)
        // Daylight ramps 0 → 1000 lux from 05:00 to 08:00 and back from 19:00 to 22:00, with
        // ±10 % noise and a 2 s flash every 7 minutes.
        let changes = run(&policy, from: midnight, seconds: 86400) { second in
            let hour = Double(second) / 3600
            let daylight = 1000 * min(1, max(0, min(hour - 5, 22 - hour) / 3))
            let noise = 1 + 0.1 * sin(Double(second) * 0.7)
            return .success(second % 420 == 210 ? 2000 : daylight * noise + 0.5)
        }
        #expect(changes.map(\.appearance) == [.night, .dim, .day, .dim, .night])
        // Thresholds crossed at about 05:01 (8 lux), 05:14 (80), 21:53 (40) and 22:00 (3), each
        // shown after the median's lag and the 30 s dwell.
        let hours = changes.map { Double($0.second) / 3600 }
        let expected = [0, 5.03, 5.25, 21.89, 22.0]
        #expect(zip(hours, expected).allSatisfy { abs($0 - $1) < 0.02 }, "\(hours)")
    }
}
