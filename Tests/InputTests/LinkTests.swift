import Foundation
import Input
import NightstandTesting
import Synchronization
import Testing

@Suite("Links")
struct LinkTests {
    private static let kitchen = "lights://kitchen/ceiling?level=50%25"

    @Test("a command gets the tapped URL in place of {url}, no shell between")
    func commandArguments() throws {
        let url = try url(Self.kitchen)
        let action = try LinkAction(command: ["lights", "--url={url}", "$(reboot)"])
        #expect(
            action.arguments(for: url, timeout: 5)
                == ["lights", "--url=lights://kitchen/ceiling?level=50%25", "$(reboot)"])
    }

    @Test("a request's placeholders are percent-encoded, so a URL cannot change its host")
    func requestArguments() throws {
        let url = try url("ha://evil.example@host/a b/c?x=1&y=2")
        let action = try LinkAction(request: "POST http://hass.local/api/{host}/{path}?q={query}")
        let arguments = action.arguments(for: url, timeout: 5)
        #expect(arguments.last == "http://hass.local/api/host/a%20b/c?q=x%3D1%26y%3D2")
        #expect(arguments.contains("POST"))
        #expect(
            try LinkAction(request: "http://x/{url}")
                == .request(method: "GET", url: "http://x/{url}"))
    }

    @Test("a tapped link runs its command off the calling thread, and finishes")
    func runsCommand() throws {
        let url = try url(Self.kitchen)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("tapped").path
        let recorder = LogRecorder()
        let runner = LinkRunner(
            links: [
                "lights": .command(["sh", "-c", "printf %s \"$1\" > \"$2\"", "sh", "{url}", output])
            ],
            timeout: 5, logger: recorder.logger(label: "test"))
        let done = DispatchSemaphore(value: 0)
        #expect(runner.open(url) { done.signal() } == .started)
        #expect(done.wait(timeout: .now() + 10) == .success)
        let written = try String(contentsOfFile: output, encoding: .utf8)
        #expect(written == url.absoluteString)
        #expect(recorder.messages.contains("info: link \(url.absoluteString): done"))
    }

    @Test("a tapped link sends its request to a real server on loopback")
    func sendsRequest() throws {
        let server = try LocalHTTPServer(
            response: "HTTP/1.1 204 No Content\r\nConnection: close\r\n\r\n")
        defer { server.close() }
        let runner = LinkRunner(
            links: [
                "ha": try LinkAction(
                    request: "POST http://127.0.0.1:\(server.port)/api/webhook/{host}")
            ],
            timeout: 5)
        let done = DispatchSemaphore(value: 0)
        let url = try url("ha://doorbell")
        #expect(runner.open(url) { done.signal() } == .started)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(server.requests.first?.hasPrefix("POST /api/webhook/doorbell HTTP/1.1\r\n") == true)
    }

    @Test("an unmapped scheme runs nothing and says so; a failing command is logged")
    func unmappedAndFailing() throws {
        let recorder = LogRecorder()
        let runner = LinkRunner(
            links: ["fail": .command(["sh", "-c", "echo broken >&2; exit 3"])], timeout: 5,
            logger: recorder.logger(label: "test"))
        let unmapped = try url("https://example.com")
        #expect(runner.open(unmapped) == .unmapped)
        let done = DispatchSemaphore(value: 0)
        let failing = try url("fail://now")
        #expect(runner.open(failing) { done.signal() } == .started)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(
            recorder.messages.contains(
                "notice: link https://example.com: no [input.links] action for \"https\""))
        #expect(
            recorder.messages.contains("warning: link fail://now: exited with status 3: broken"))
    }

    @Test("taps beyond four running actions are dropped, not queued")
    func concurrencyLimit() throws {
        let runner = LinkRunner(links: ["slow": .command(["sleep", "1"])], timeout: 5)
        let url = try url("slow://x")
        let finished = Atomic<Int>(0)
        let outcomes = (0..<6).map { _ in runner.open(url) { finished.add(1, ordering: .relaxed) } }
        #expect(outcomes.filter { $0 == .started }.count == LinkRunner.concurrencyLimit)
        #expect(outcomes.suffix(2) == [.busy, .busy])
        let deadline = Date().addingTimeInterval(10)
        while finished.load(ordering: .relaxed) < 4, Date() < deadline { usleep(10_000) }
        #expect(runner.open(url) == .started)
    }
}
