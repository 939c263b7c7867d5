import Ambient
import Foundation
import NightstandTesting
import Testing
import Widgets

@testable import Standby

@Suite("A sensor command runs off the run loop", .serialized)
struct SlowSensorTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    private func toml(_ command: String, timeout: String = "5s") -> String {
        """
        [ambient]
        sensor_command = \(command)
        sensor_timeout = "\(timeout)"
        smoothing = "none"
        dwell = 0
        dim = "none"
        night = "none"
        fade = 0
        """
    }

    @Test("a sensor command that sleeps 30 s delays neither the first frame nor a stop")
    func sleepingCommand() throws {
        let host = try testHost(
            toml(#"["sleep", "30"]"#, timeout: "40s")
                + "\n[[widget]]\nkind = \"clock\"\n[[slot]]\nwidgets = [\"clock\"]\n",
            widgets: [kind("clock", MinuteProvider())], clock: SystemClock(startingAt: start),
            ambient: { AmbientController(configuration: $0.ambient) })
        let events = host.events
        let stopper = Thread {
            Thread.sleep(forTimeInterval: 0.5)
            events.post(.command(.stop))
        }
        let began = Date()
        stopper.start()
        host.run()
        // Generous bounds that only a loop waiting for the 30 s command would break.
        #expect(Date().timeIntervalSince(began) < 10)
        #expect(host.statistics.frames >= 1)
        // Until the sensor reads, the clock schedule decides.
        #expect(host.appearance == .day)
        #expect(host.ambient.isReading)
    }

    /// A host on a simulated clock whose sensor command runs `script` in a shell.
    private func host(_ script: String) throws -> StandbyHost {
        try clockHost(toml(#"["sh", "-c", "\#(script)"]"#), clock: SimulatedClock(start: start)) {
            AmbientController(configuration: $0.ambient)
        }
    }

    @Test("a slow reading decides when it arrives, at once the first time")
    func readingArrives() throws {
        let host = try host("sleep 0.3; echo 1")
        host.run(until: start + 0.1)
        #expect(host.appearance == .day)
        host.run(until: start + 10)
        #expect(host.appearance == .night)
        #expect(host.ambient.reading.source == .sensor)
        #expect(host.ambient.reading.lux == 1)
        #expect(host.ambient.reading.sensorName == "command sh")
    }

    @Test("a reading started before a manual override is dropped")
    func overrideDropsReading() throws {
        let host = try host("sleep 0.5; echo 1")
        host.run(until: start + 0.1)
        #expect(host.ambient.isReading)
        host.events.post(.command(.setMode(.dim)))
        host.run(until: start + 5)
        #expect(host.appearance == .dim)
        #expect(!host.ambient.isReading)
    }
}
