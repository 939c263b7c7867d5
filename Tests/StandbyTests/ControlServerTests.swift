import Display
import DisplayCommands
import Foundation
import NightstandTesting
import Raster
import SystemSupport
import Testing
import Widgets

@testable import Standby

#if canImport(Glibc)
    import Glibc
#endif

/// Runs `body` with a socket path in a fresh directory under /tmp (a short one: socket paths
/// hold 107 bytes at most), then removes the directory.
private func withSocketPath(_ body: (_ path: String) async throws -> Void) async throws {
    let root = "/tmp/nightstand-test-" + UUID().uuidString.prefix(8)
    try FileManager.default.createDirectory(
        atPath: root, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    defer { try? FileManager.default.removeItem(atPath: root) }
    try await body(root + "/control.sock")
}

/// A server at `path` posting to `events`, with widgets of `kinds`.
private func serve(
    at path: String, events: Mailbox<HostEvent>? = nil, kinds: [String] = []
) throws -> ControlServer {
    try ControlServer(
        path: path,
        handler: ControlHandler(events: try events ?? Mailbox(), status: board(kinds: kinds)))
}

/// The permission bits of a file.
private func permissions(_ path: String) -> mode_t {
    var info = stat()
    guard lstat(path, &info) == 0 else { return 0 }
    return info.st_mode & 0o7777
}

/// Sends raw bytes and returns the raw reply line.
private func exchange(_ bytes: String, at path: String) throws -> String {
    let socket = try UnixSocket.connect(to: path)
    UnixSocket.setTimeout(socket, seconds: 5)
    #expect(UnixSocket.write(Data(bytes.utf8), to: socket))
    let line = try UnixSocket.readLine(socket, limit: .max) ?? Data()
    return String(decoding: line, as: UTF8.self)
}

/// A status board showing widgets of these kinds.
private func board(kinds: [String]) -> HostStatusBoard {
    HostStatusBoard(
        HostStatus(
            time: Date(timeIntervalSince1970: 0), appearance: "day", mode: "auto",
            slots: [], widgets: kinds.map { HostStatus.Widget(id: $0, kind: $0) }, frames: 0))
}

@Suite("The control socket")
struct ControlServerTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15 08:00:00 UTC

    @Test("the socket is owner-only (0600), in directories it creates owner-only (0700)")
    func permissionsAreOwnerOnly() async throws {
        try await withSocketPath { path in
            let root = (path as NSString).deletingLastPathComponent
            let nested = root + "/run/nightstand/control.sock"
            let server = try serve(at: nested)
            defer { server.stop() }
            #expect(permissions(nested) == 0o600)
            #expect(permissions(root + "/run/nightstand") == 0o700)
            #expect(permissions(root + "/run") == 0o700)
            #expect(ControlSocketPath.isSocket(nested))
        }
    }

    @Test("a socket directory that is a link, another user's, or open to others is refused")
    func unsafeDirectories() async throws {
        try await withSocketPath { path in
            let root = (path as NSString).deletingLastPathComponent
            func refusal(_ directory: String) -> String? {
                do {
                    try ControlServer.prepare(path: directory + "/control.sock")
                    return nil
                } catch {
                    guard case .unsafeDirectory(let at, let reason) = error else {
                        return "\(error)"
                    }
                    return at == directory ? reason : "\(at): \(reason)"
                }
            }
            // What another user prepares in /tmp before the display starts.
            let elsewhere = root + "/elsewhere"
            try FileManager.default.createDirectory(
                atPath: elsewhere, withIntermediateDirectories: false,
                attributes: [.posixPermissions: 0o700])
            #expect(symlink(elsewhere, root + "/link") == 0)
            #expect(
                refusal(root + "/link")
                    == "is a symbolic link, not a directory of your own; remove it, or choose "
                    + "another --socket")
            #expect(chown(elsewhere, 65534, 65534) == 0)
            #expect(
                refusal(elsewhere)
                    == "owned by uid 65534, not by you (uid \(getuid())); remove it, or choose "
                    + "another --socket")
            #expect(chown(elsewhere, getuid(), getgid()) == 0 && chmod(elsewhere, 0o755) == 0)
            #expect(refusal(elsewhere)?.hasPrefix("has mode 0755; expected 0700") == true)
            #expect(chmod(elsewhere, 0o700) == 0)
            #expect(refusal(elsewhere) == nil)
            // Root's sticky directory such as /tmp: only root and the socket's owner may
            // remove or rename the socket (the tests run as root: this one is root's).
            #expect(chmod(elsewhere, 0o1777) == 0)
            #expect(refusal(elsewhere) == nil)
            #expect(refusal("/tmp") == nil)
            // Another user's sticky directory is theirs to empty: refused.
            #expect(chown(elsewhere, 65534, 65534) == 0)
            #expect(
                refusal(elsewhere)
                    == "owned by uid 65534, not by you (uid \(getuid())); remove it, or choose "
                    + "another --socket")
            #expect(chown(elsewhere, getuid(), getgid()) == 0)
            #expect(ControlSocketError.unsafeDirectory(path: "/x", reason: "r").exitCode == 73)
        }
    }

    @Test("a client that trickles its request holds neither the server nor its own slot for long")
    func slowClient() async throws {
        try await withSocketPath { path in
            let server = try serve(at: path, kinds: ["clock"])
            defer { server.stop() }
            // A byte every 0.3 s, under the line limit: the old server served it for minutes.
            let slow = try UnixSocket.connect(to: path)
            let trickle = Task.detached {
                for _ in 0..<20 {
                    guard UnixSocket.write(Data(" ".utf8), to: slow) else { return false }
                    try? await Task.sleep(for: .milliseconds(300))
                }
                return true
            }
            for _ in 0..<5 {
                #expect(try ControlClient.send(.status, to: path) != .failed(""))
            }
            // The server drops it at its deadline: a send fails well before 20 bytes went out.
            #expect(await trickle.value == false, "the slow client kept its connection")
        }
    }

    @Test("a request whose client hung up before it was read is not applied")
    func abandonedRequest() throws {
        var ends: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
        let server = Descriptor(ends[0])
        let line = ControlRequest.command(.setMode(.night)).line
        #expect(line.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) } == line.count)
        close(ends[1])  // the client gives up before the server reads
        var fd = pollfd(fd: server.raw, events: Int16(POLLIN), revents: 0)
        #expect(poll(&fd, 1, 1000) == 1)
        let events = try Mailbox<HostEvent>()
        let connection = ControlConnection(socket: server, timeout: 2)
        ControlServer.step(
            connection, revents: fd.revents,
            handler: ControlHandler(events: events, status: board(kinds: [])), tooLong: Data(),
            log: Logger(label: "test"))
        #expect(connection.state == .finished)
        #expect(events.isEmpty)
    }

    @Test("stopping removes the socket; a client then hears that nothing runs")
    func stopRemovesSocket() async throws {
        try await withSocketPath { path in
            let server = try serve(at: path)
            server.stop()
            server.stop()  // idempotent
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(throws: ControlSocketError.notRunning(path: path)) {
                try ControlClient.send(.status, to: path)
            }
            #expect(
                ControlSocketError.notRunning(path: path).description
                    == "no running nightstand at \(path) (is `nightstand run` running as this user?)"
            )
            #expect(ControlSocketError.notRunning(path: path).exitCode == 69)
        }
    }

    @Test("a stale socket left by a dead instance is replaced")
    func staleSocketReplaced() async throws {
        try await withSocketPath { path in
            // A listener that goes away without removing its socket file: a crashed instance.
            _ = try UnixSocket.listen(at: path)
            #expect(ControlSocketPath.isSocket(path))
            #expect(throws: ControlSocketError.notRunning(path: path)) {
                try ControlClient.send(.status, to: path)
            }
            let server = try serve(at: path, kinds: ["a"])
            defer { server.stop() }
            guard case .status(let status) = try ControlClient.send(.status, to: path) else {
                Issue.record("expected a status reply")
                return
            }
            #expect(status.widgets.map(\.id) == ["a"])
        }
    }

    @Test("a live instance on the path is refused, and keeps serving")
    func liveInstanceRefused() async throws {
        try await withSocketPath { path in
            let handler = ControlHandler(events: try Mailbox(), status: board(kinds: ["a"]))
            let first = try ControlServer(path: path, handler: handler)
            defer { first.stop() }
            #expect(throws: ControlSocketError.alreadyRunning(path: path)) {
                try ControlServer.prepare(path: path)
            }
            #expect(throws: ControlSocketError.alreadyRunning(path: path)) {
                try ControlServer(path: path, handler: handler)
            }
            #expect(ControlSocketError.alreadyRunning(path: path).exitCode == 73)
            #expect(
                try ControlClient.send(.command(.reloadTimelines(kind: nil)), to: path)
                    == .done("reloading every widget"))
            #expect(permissions(path) == 0o600)
        }
    }

    @Test("something that is not a socket at the path is left alone and named")
    func notASocketRefused() async throws {
        try await withSocketPath { path in
            #expect(FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8)))
            #expect(throws: ControlSocketError.notASocket(path: path)) {
                try ControlServer.prepare(path: path)
            }
            #expect(FileManager.default.contents(atPath: path) == Data("keep me".utf8))
            let long = path + String(repeating: "x", count: 120)
            #expect(throws: ControlSocketError.pathTooLong(path: long, limit: 107)) {
                try ControlServer.prepare(path: long)
            }
        }
    }

    @Test("reload posts the reload event; a kind no widget has is refused with the kinds")
    func reloadPostsEvent() async throws {
        try await withSocketPath { path in
            let events = try Mailbox<HostEvent>()
            let server = try serve(at: path, events: events, kinds: ["weather", "clock"])
            defer { server.stop() }

            #expect(
                try ControlClient.send(.command(.reloadTimelines(kind: "weather")), to: path)
                    == .done("reloading weather"))
            #expect(
                try ControlClient.send(.command(.reloadTimelines(kind: nil)), to: path)
                    == .done("reloading every widget"))
            #expect(
                try ControlClient.send(.command(.setMode(.dim)), to: path) == .done("mode dim"))
            #expect(
                try ControlClient.send(.command(.reloadTimelines(kind: "tides")), to: path)
                    == .failed("no widget of kind \"tides\"; the kinds in use are clock, weather"))
            #expect(
                events.take().map(\.description) == [
                    "reload weather", "reload", "mode dim",
                ])
        }
    }

    @Test("malformed requests get an error naming what was expected; the server goes on")
    func malformedRequests() async throws {
        try await withSocketPath { path in
            let server = try serve(at: path)
            defer { server.stop() }

            // What the control socket answers a line that is not a command: the words every
            // channel uses (DisplayCommands.CommandError).
            func refusal(_ found: String, expected: String) -> String {
                let line = ControlReply.failed(CommandError(found, expected: expected).description)
                    .line
                return String(decoding: line.dropLast(), as: UTF8.self)
            }
            let wire = #"{"version": 1, "command": "WORDS"}, such as "view clock""#
            #expect(
                try exchange("reload weather\n", at: path)
                    == refusal("reload weather", expected: wire))
            #expect(
                try exchange(#"{"command":"mode red","version":1}"# + "\n", at: path)
                    == refusal("mode red", expected: "mode auto, day, dim, night or off"))
            #expect(
                try exchange(#"{"command":"reboot","version":1}"# + "\n", at: path)
                    == refusal("reboot", expected: "a command: \(DisplayCommand.verbs)"))
            #expect(
                try exchange(#"{"command":5,"version":1}"# + "\n", at: path)
                    == refusal(#"{"command":5,"version":1}"#, expected: wire))
            #expect(try exchange("{}\n", at: path) == refusal("{}", expected: wire))
            let huge = String(repeating: " ", count: ControlServer.requestLimit + 10) + "\n"
            #expect(
                try exchange(huge, at: path)
                    == #"{"error":"expected one JSON request line of at most 65536 bytes","ok":false}"#
            )
            // A client that connects and says nothing gets nothing, and does not stop the server.
            _ = try UnixSocket.connect(to: path)
            #expect(try exchange("{\"command\":\"status\"}\n", at: path).hasPrefix("{\"ok\":true"))
        }
    }

    @Test("mode and reload round trips reach a running host; status returns what it published")
    func hostRoundTrips() async throws {
        try await withSocketPath { path in
            let clock = SimulatedClock(start: start)
            let configuration = try Configuration.parse(
                """
                [layout]
                burn_in_shift = 0
                [[widget]]
                kind = "clock"
                [[widget]]
                kind = "flaky"
                [[slot]]
                widgets = ["clock"]
                [[slot]]
                widgets = ["flaky", "clock"]
                """, file: "t.toml")
            let sink = try memorySink(width: 200, height: 100)
            let flaky = FlakyProvider()
            let host = try testHost(
                configuration,
                registry: WidgetRegistry([kind("clock", MinuteProvider()), kind("flaky", flaky)]),
                sink: sink, clock: clock)
            let server = try ControlServer(path: path, handler: host.controlHandler)
            defer { server.stop() }

            func status() throws -> HostStatus? {
                guard case .status(let status) = try ControlClient.send(.status, to: path) else {
                    return nil
                }
                return status
            }
            let before = try #require(try status())
            #expect(before.appearance == "day" && before.mode == "auto")
            #expect(before.widgets.map(\.lastUpdate) == [nil, nil], "published at init")

            host.run(until: start + 30)
            let running = try #require(try status())
            #expect(running == host.status.current)
            #expect(running.time == start, "the last turn ran at the start")
            #expect(
                running.slots == [
                    HostStatus.Slot(shown: "clock", stack: ["clock"]),
                    HostStatus.Slot(shown: "flaky", stack: ["flaky", "clock"]),
                ])
            #expect(
                running.widgets == [
                    HostStatus.Widget(
                        id: "clock", kind: "clock", lastUpdate: start,
                        nextReload: start + 3540, nextEntry: start + 60),
                    HostStatus.Widget(
                        id: "flaky", kind: "flaky", lastUpdate: start, nextReload: start + 600),
                ])

            #expect(
                try ControlClient.send(.command(.setMode(.night)), to: path) == .done("mode night"))
            host.run(until: start + 33)
            #expect(try status()?.appearance == "night")
            #expect(host.style == host.style(for: .night))

            #expect(try ControlClient.send(.command(.setMode(.dim)), to: path) == .done("mode dim"))
            host.run(until: start + 37)
            #expect(try status()?.appearance == "dim")
            #expect(host.style == host.style(for: .dim))

            #expect(try ControlClient.send(.command(.setMode(.off)), to: path) == .done("mode off"))
            host.run(until: start + 41)
            #expect(try status().map { [$0.appearance, $0.mode] } == ["off", "off"])
            #expect(!sink.panelRGB().contains { $0 != 0 }, "the panel is dark")

            _ = try ControlClient.send(.command(.setMode(.auto)), to: path)
            host.run(until: start + 44)
            #expect(try status().map { [$0.appearance, $0.mode] } == ["day", "auto"])
            #expect(sink.panelRGB().contains { $0 != 0 }, "the panel shows the widgets again")

            #expect(flaky.callCount == 1)
            #expect(
                try ControlClient.send(.command(.reloadTimelines(kind: "flaky")), to: path)
                    == .done("reloading flaky"))
            host.run(until: start + 50)
            #expect(flaky.callCount == 2)
            let failed = try #require(try status()?.widgets.last)
            #expect(failed.lastError == "the feed is down")
            #expect(failed.lastUpdate == start, "the last good timeline's time stays")
        }
    }
}
