import Foundation
import NightstandTesting
import Raster
import Synchronization
import Testing

@testable import Network

/// Home Assistant's picture of the screen: at most one per interval, the last change always
/// pictured, nothing while the screen stays the same; announced as an image entity and
/// published retained as PNG through a real Mosquitto.
@Suite("Screen picture for Home Assistant")
struct ScreenImageTests {
    @Test(
        "a change is pictured at once after a quiet interval; a burst makes one more picture at its end, then none"
    )
    func pacing() {
        let taken = Mutex<[ContinuousClock.Instant]>([])
        let host = FakeHost()
        host.update { $0.frame = HTTPServerTests.frame() }
        let image = ScreenImage(host: host, interval: .milliseconds(400)) { png in
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            taken.withLock { $0.append(.now) }
        }
        let start = ContinuousClock.now
        image.frameChanged()
        #expect(eventually(seconds: 2) { image.published == 1 })
        let first = taken.withLock { $0[0] }
        #expect(first - start < .milliseconds(200), "the first change is pictured at once")
        for _ in 0..<10 { image.frameChanged() }
        usleep(100_000)
        #expect(image.published == 1, "not sooner than the interval")
        #expect(eventually(seconds: 2) { image.published == 2 })
        let second = taken.withLock { $0[1] }
        #expect(second - first >= .milliseconds(400))
        usleep(800_000)
        #expect(image.published == 2, "nothing changed: no picture")
        let quiet = ContinuousClock.now
        image.frameChanged()
        #expect(eventually(seconds: 2) { image.published == 3 })
        #expect(taken.withLock { $0[2] } - quiet < .milliseconds(200))
    }

    @Test(
        "a picture is encoded from the lent frame, not a copy; loans the loop ends first are lent again each interval, then copied"
    )
    func lentOrCopied() throws {
        let pictures = Mutex<[[UInt8]]>([])
        let host = FakeHost()
        host.update { $0.frame = HTTPServerTests.frame() }
        let image = ScreenImage(host: host, interval: .milliseconds(200)) { png in
            pictures.withLock { $0.append(png) }
        }
        image.frameChanged()
        #expect(eventually(seconds: 2) { image.published == 1 })
        #expect(host.recorded.loans.count == 1, "the frame was lent")
        host.update { $0.endsLoans = true }
        usleep(300_000)
        image.frameChanged()
        usleep(100_000)
        #expect(image.published == 1, "an interrupted loan publishes nothing")
        #expect(eventually(seconds: 3) { image.published == 2 })
        #expect(
            host.recorded.loans.count == 2 + ScreenImage.interruptions,
            "lent again at each interval's end, then copied")
        let frame = try #require(host.frame())
        for png in pictures.withLock({ $0 }) {
            let decoded = try PNGDecoder.decode(data: png)
            #expect(decoded.size == frame.size)
            #expect(decoded[3, 2] == frame[3, 2])
        }
    }

    @Test("the image entity is announced and the frame is published as PNG, retained")
    func published() throws {
        let broker = try Broker()
        let host = FakeHost()
        host.update { $0.frame = HTTPServerTests.frame() }
        let bridge = try MQTTBridgeTests.startedBridge(broker, host: host)
        defer { bridge.stop() }
        let topic = "homeassistant/image/nightstand-test/screen_picture/config"
        var payload = ""
        #expect(
            eventually {
                payload = ((try? broker.retained("homeassistant/image/#")) ?? [:])[topic] ?? ""
                return !payload.isEmpty
            })
        let config = try HomeAssistantSchema.object(payload)
        #expect(HomeAssistantSchema.problems(component: "image", config: config) == [])
        #expect(config["image_topic"] as? String == "nightstand/test/screen")
        #expect(
            eventually {
                let picture = ((try? broker.retained("nightstand/test/screen")) ?? [:])
                return picture["nightstand/test/screen"]?.contains("PNG") == true
            })
        #expect(bridge.screenImage?.published == 1, "the connection's picture")
        bridge.frameChanged()
        #expect(eventually(seconds: 40) { bridge.screenImage?.published == 2 })
    }
}
