import FoundationEssentials
import Glibc
import Settings
import SystemSupport
import Testing

@testable import Audio

/// The player on ALSA's `null` device (libasound's own, no card needed: it takes samples at
/// the device's pace and discards them) and on devices that are not there.
@Suite struct SoundPlayerTests {
    @Test func theTonePlaysOnItsThreadUntilStoppedAndStopsInTime() throws {
        let events = Events()
        let player = SoundPlayer(device: "null") { events.add($0) }
        player.start(SoundRequest(file: nil, volume: 0.5, fadeIn: 2))
        try events.waitFor { $0.contains(.playing(device: "null", source: "chime")) }
        usleep(300_000)
        #expect(!events.all.contains(.stopped))
        let before = Date()
        player.stop()
        #expect(Date().timeIntervalSince(before) <= SoundPlayer.stopBound + 0.1)
        #expect(events.all.last == .stopped)
        // A second start after a stop plays again.
        player.start(SoundRequest(file: nil, volume: 1, fadeIn: 0))
        try events.waitFor {
            $0.filter { $0 == .playing(device: "null", source: "chime") }.count == 2
        }
        player.stop()
    }

    @Test func aBadFileFallsBackToTheTone() throws {
        let events = Events()
        let player = SoundPlayer(device: "null") { events.add($0) }
        let missing = temporaryPath("gone.flac")
        player.start(SoundRequest(file: missing, volume: 1, fadeIn: 0))
        try events.waitFor { $0.contains(.playing(device: "null", source: "chime")) }
        player.stop()
        guard case .fellBack(.badFile(let path, _)) = events.all.first else {
            Issue.record("expected the fallback first, got \(events.all)")
            return
        }
        #expect(path == missing)
    }

    @Test func aMissingDeviceIsAClearFailure() throws {
        let events = Events()
        let player = SoundPlayer(device: "hw:29,0") { events.add($0) }
        player.start(SoundRequest(file: nil, volume: 1, fadeIn: 0))
        try events.waitFor { $0.contains { if case .failed = $0 { true } else { false } } }
        player.stop()
        guard case .failed(let error) = events.all.last else { return }
        #expect(error == .deviceMissing(device: "hw:29,0", reason: "No such file or directory"))
        #expect(error.description.contains("nightstand sounds"))
        #expect(PCMDevices.probe("hw:29,0") != nil)
        #expect(PCMDevices.probe("null") == nil)
    }

    @Test func prepareLoadsBothLibraries() throws {
        try SoundPlayer.prepare(tones: [.chime], files: true)
    }

    @Test func theNullDeviceIsListedForPlayback() throws {
        #expect(try PCMDevices.playback().contains { $0.name == "null" })
    }

    @Test func cardsAreReadFromProcAsound() throws {
        let path = temporaryPath("cards")
        defer { unlink(path) }
        let text =
            " 0 [Loopback       ]: Loopback - Loopback\n                      Loopback 1\n"
            + " 1 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones\n"
            + "                      bcm2835 Headphones\n"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        close(fd)
        #expect(
            PCMDevices.cards(file: path) == [
                "0 [Loopback       ]: Loopback - Loopback",
                "1 [Headphones     ]: bcm2835_headpho - bcm2835 Headphones",
            ])
        #expect(PCMDevices.cards(file: temporaryPath("none")).isEmpty)
    }

    @Test func theAudioSectionChecksTheDevice() throws {
        #expect(try AudioSettings(section: table([:])).device == "default")
        #expect(try AudioSettings(section: table(["device": .string("hw:1,0")])).device == "hw:1,0")
        for bad in ["", "hw 1", "a\u{7}b", String(repeating: "x", count: 201)] {
            #expect {
                try AudioSettings(section: table(["device": .string(bad)]))
            } throws: { error in
                "\(error)".contains("device") && "\(error)".contains("ALSA PCM name")
            }
        }
        #expect(throws: ConfigurationError.self) {
            try AudioSettings(section: table(["volume": .string("1")]))
        }
    }
}

/// The events a player reported, from its thread.
final class Events: @unchecked Sendable {
    private let condition = Condition()
    private var events: [SoundEvent] = []

    var all: [SoundEvent] {
        condition.lock()
        defer { condition.unlock() }
        return events
    }

    func add(_ event: SoundEvent) {
        condition.lock()
        events.append(event)
        condition.signal()
        condition.unlock()
    }

    struct TimedOut: Error {}

    /// Waits up to five seconds for `ready` to hold.
    func waitFor(_ ready: ([SoundEvent]) -> Bool) throws {
        let deadline = Date(timeIntervalSinceNow: 5)
        condition.lock()
        defer { condition.unlock() }
        while !ready(events) {
            guard condition.wait(until: deadline) || Date() < deadline else { throw TimedOut() }
        }
    }
}

/// An `[audio]` table of `values`.
func table(_ values: [String: SettingsValue]) -> SettingsTable {
    SettingsTable(file: "test.toml", path: "audio", name: "[audio]", values: values, lines: nil)
}
