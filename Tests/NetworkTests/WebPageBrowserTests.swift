import Foundation
import NightstandTesting
import Raster
import SystemSupport
import Testing

@testable import Network

/// The web page in a real browser: headless Chromium opens it with the token, shows the frame
/// the panel shows, follows a new frame, and its mode and view buttons act.
@Suite("Web page in Chromium")
struct WebPageBrowserTests {
    /// A frame of eight colored stripes, 256 × 120, easy to find in a screenshot.
    static func frame(shift: Int) -> Bitmap? {
        let colors: [UInt32] = [
            0xFF_FF3B30, 0xFF_FF9500, 0xFF_FFCC00, 0xFF_34C759, 0xFF_00C7BE, 0xFF_0A84FF,
            0xFF_5E5CE6, 0xFF_BF5AF2,
        ]
        let pixels = (0..<120).flatMap { _ in (0..<256).map { x in colors[(x / 32 + shift) % 8] } }
        return Bitmap(width: 256, height: 120, premultipliedPixels: pixels)
    }

    /// Whether `frame` appears 1:1 somewhere in `screenshot` (each channel within 2).
    static func contains(_ screenshot: Bitmap, _ frame: Bitmap) -> Bool {
        let first = frame[0, 0]
        for y in 0...(screenshot.height - frame.height) {
            for x in 0...(screenshot.width - frame.width) where close(screenshot[x, y], first) {
                let matches = stride(from: 0, to: frame.height, by: 3).allSatisfy { dy in
                    stride(from: 0, to: frame.width, by: 3).allSatisfy { dx in
                        close(screenshot[x + dx, y + dy], frame[dx, dy])
                    }
                }
                if matches { return true }
            }
        }
        return false
    }

    private static func close(_ a: PremultipliedPixel, _ b: PremultipliedPixel) -> Bool {
        let pairs: [(UInt8, UInt8)] = [(a.r, b.r), (a.g, b.g), (a.b, b.b)]
        return pairs.allSatisfy { abs(Int($0.0) - Int($0.1)) <= 2 }
    }

    /// A server for `host`, and Chromium opening its page with the token.
    static func openPage(
        for host: FakeHost, log: Logger = Logger(label: "test"),
        heartbeat: Duration = HTTPServer.heartbeatInterval, languages: String? = nil
    ) throws -> (HTTPServer, Chromium) {
        let server = try HTTPServerTests.server(host, log: log, heartbeat: heartbeat)
        do {
            let browser = try Chromium(languages: languages)
            do {
                try browser.open(
                    "http://127.0.0.1:\(server.address.port)/?access_token=\(HTTPServerTests.token)"
                )
            } catch {
                browser.close()
                throw error
            }
            return (server, browser)
        } catch {
            server.stop()
            throw error
        }
    }

    /// Whether screenshots come to show `frame` within 30 s (painting may come a frame after
    /// the image loaded); the last screenshot.
    static func shows(_ frame: Bitmap, in browser: Chromium) -> (Bool, Bitmap?) {
        var shot: Bitmap?
        let shown = eventually(seconds: 30) {
            shot = try? PNGDecoder.decode(data: try browser.screenshot())
            return shot.map { contains($0, frame) } ?? false
        }
        return (shown, shot)
    }

    /// What the page says and holds, for a failure's message.
    static func pageState(_ browser: Chromium) -> String {
        let probe = """
            JSON.stringify({ line: document.getElementById("line").textContent,
                             frame: document.getElementById("screen").dataset.frame,
                             complete: document.getElementById("screen").complete, frames })
            """
        return ((try? browser.evaluate(probe)) as? String) ?? "(no answer)"
    }

    @Test(
        "the page shows the current frame, follows a new one, and its mode and view buttons act"
    )
    func page() throws {
        let host = FakeHost()
        host.update { $0.frame = Self.frame(shift: 0) }
        let recorder = LogRecorder()
        let (server, browser) = try Self.openPage(for: host, log: recorder.logger(label: "test"))
        defer {
            browser.close()
            server.stop()
        }
        let loaded = """
            (() => { const s = document.getElementById("screen");
                     return s.dataset.frame === "0" && s.complete && s.naturalWidth === 256; })()
            """
        #expect(eventually(seconds: 60) { (try? browser.evaluate(loaded)) as? Bool == true })
        // The token left the address bar.
        let search = try browser.evaluate("location.search") as? String
        #expect(search == "")
        let frames = (try #require(Self.frame(shift: 0)), try #require(Self.frame(shift: 3)))
        let (shown, first) = Self.shows(frames.0, in: browser)
        #expect(shown)
        #expect(first.map { !Self.contains($0, frames.1) } ?? false)

        // A new frame on the panel: the page fetches it, pushed by the event stream.
        host.update { $0.frame = Self.frame(shift: 3) }
        server.frameChanged()
        let followed = """
            (() => { const s = document.getElementById("screen");
                     return s.dataset.frame === "1" && s.complete; })()
            """
        let followedInTime = eventually(seconds: 60) {
            (try? browser.evaluate(followed)) as? Bool == true
        }
        #expect(
            followedInTime,
            """
            the page: \(Self.pageState(browser)); the server counts \(server.streamsOpen) open \
            event stream(s); its log:
            \(recorder.messages.joined(separator: "\n"))
            """)
        #expect(Self.shows(frames.1, in: browser).0)

        // A click on "Night" sets the mode; the state event then marks the button.
        _ = try browser.evaluate(#"document.querySelector('button[data-mode="night"]').click()"#)
        #expect(eventually(seconds: 30) { host.recorded.modeRequests == ["night"] })
        server.stateChanged()
        let pressed =
            #"document.querySelector('button[data-mode="night"]').getAttribute("aria-pressed")"#
        #expect(eventually(seconds: 30) { (try? browser.evaluate(pressed)) as? String == "true" })
        #expect(try browser.evaluate("document.getElementById('views').hidden") as? Bool == true)

        // A display with a choice of views: their buttons appear, and a click shows one.
        host.update { recorded in
            recorded.state.views = ["widgets", "clock"]
            recorded.state.view = "widgets"
        }
        server.stateChanged()
        let clock = #"document.querySelector('button[data-view="clock"]')"#
        #expect(eventually(seconds: 30) { (try? browser.evaluate("!!\(clock)")) as? Bool == true })
        _ = try browser.evaluate("\(clock).click()")
        #expect(eventually(seconds: 30) { host.recorded.viewRequests == ["clock"] })
        server.stateChanged()
        #expect(
            eventually(seconds: 30) {
                (try? browser.evaluate("\(clock).getAttribute('aria-pressed')")) as? String
                    == "true"
            })
    }

    @Test("a stream quiet for 45 s (no heartbeat came) is given up: the page opens a new one")
    func quietStreamReplaced() throws {
        let host = FakeHost()
        host.update { $0.frame = Self.frame(shift: 1) }
        // No heartbeat within the test: the stream goes quiet once the page has loaded.
        let (server, browser) = try Self.openPage(for: host, heartbeat: .seconds(3600))
        defer {
            browser.close()
            server.stop()
        }
        let live = #"document.getElementById("line").textContent.startsWith("Live")"#
        #expect(eventually(seconds: 60) { (try? browser.evaluate(live)) as? Bool == true })
        let opened = host.recorded.stateReads
        // The page gives the stream up after 45 s and opens another: the server says the
        // state again, and the page is live again.
        #expect(
            eventually(seconds: 75) { host.recorded.stateReads > opened },
            "the page: \(Self.pageState(browser))")
        #expect(eventually(seconds: 30) { (try? browser.evaluate(live)) as? Bool == true })
        #expect(eventually(seconds: 10) { server.streamsOpen == 1 })
    }

    @Test("a download that fails is tried again: the page opened before the first frame shows it")
    func retriesFailedDownload() throws {
        let host = FakeHost()
        let (server, browser) = try Self.openPage(for: host)
        defer {
            browser.close()
            server.stop()
        }
        // No frame yet: /screen.png answers 503, and the page says so.
        let line = #"document.getElementById("line").textContent"#
        #expect(
            eventually(seconds: 60) {
                ((try? browser.evaluate(line)) as? String)?.contains("retrying") == true
            })
        // The frame comes without a frame event: only the retry can fetch it.
        host.update { $0.frame = Self.frame(shift: 5) }
        let frame = try #require(Self.frame(shift: 5))
        #expect(Self.shows(frame, in: browser).0, "the page: \(Self.pageState(browser))")
    }
}
