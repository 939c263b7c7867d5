import Foundation
import NightstandTesting
import Synchronization
import Testing

@testable import Network

/// Stopping while a connection attempt hangs: the program's stop deadline is 1 s, and a
/// connect to a host that never answers (or a TLS set-up reading a FIFO) takes far longer.
@Suite("MQTT stopping")
struct MQTTStopTests {
    /// A TCP port on loopback whose SYNs go unanswered: a listener with a backlog of 0 whose
    /// queue is full of connections it never accepts.
    final class Blackhole {
        let port: Int
        private var descriptors: [Int32] = []

        init() throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            descriptors.append(listener)
            port = try Broker.bindLoopback(listener)
            guard listen(listener, 0) == 0 else { throw BrokerError("no listener") }
            // Fill the queue: non-blocking connects, the first completes, the rest hang.
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
            for _ in 0..<3 {
                let filler = socket(AF_INET, type, 0)
                descriptors.append(filler)
                _ = withUnsafePointer(to: &address) { pointer in
                    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        connect(filler, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
            usleep(100_000)
        }

        deinit { for fd in descriptors { close(fd) } }
    }

    /// Starts a client with `options`, lets it get into its attempt, stops it: how long the
    /// stop took, and the states it reported.
    static func stopWhileAttempting(_ options: MQTTClient.Options) -> (
        TimeInterval, [MQTTConnectionState], MQTTClient
    ) {
        let states = Mutex<[MQTTConnectionState]>([])
        let client = MQTTClient(
            options: options,
            events: MQTTClient.Events(stateChanged: { state in
                states.withLock { $0.append(state) }
            }))
        client.start()
        usleep(500_000)
        let started = Date()
        client.stop(goodbye: ("nightstand/test/availability", "offline"))
        return (Date().timeIntervalSince(started), states.withLock { $0 }, client)
    }

    @Test("a connect that hangs on an unanswering host doesn't hold stop past the deadline")
    func unanswered() throws {
        let hole = try Blackhole()
        let options = MQTTClient.Options(
            broker: BrokerAddress(host: "127.0.0.1", port: hole.port, usesTLS: false),
            clientID: "nightstand-stop")
        let (elapsed, states, client) = Self.stopWhileAttempting(options)
        // Generous: stop doesn't wait at all; the program's deadline is 1 s.
        #expect(elapsed < 1, "stop took \(elapsed) s")
        #expect(states == [.stopped], "the attempt never ended: nothing but the stop")
        #expect(client.state == .stopped)
    }

    @Test("a FIFO as ca_file (TLS set-up blocks opening it) doesn't hold stop either")
    func fifoCAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "nightstand-fifo-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("ca.pem").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let broker = try Broker()
        let options = MQTTClient.Options(
            broker: BrokerAddress(host: "127.0.0.1", port: broker.port, usesTLS: true),
            caFile: fifo, clientID: "nightstand-fifo")
        let (elapsed, states, _) = Self.stopWhileAttempting(options)
        #expect(elapsed < 1, "stop took \(elapsed) s")
        #expect(states == [.stopped])
        // Let the abandoned thread go: a writer that closes at once gives its open an end.
        let writer = open(fifo, O_WRONLY | O_NONBLOCK)
        if writer >= 0 { close(writer) }
    }

    @Test("a stop during a large publish says goodbye: the broker keeps the goodbye, not the will")
    func goodbyeAfterLargePublish() throws {
        let broker = try Broker()
        let watcher = try broker.subscriber("stop/+/availability", probe: "stop/probe/availability")
        // The screen picture's size: more than a loopback socket takes at once.
        let picture = [UInt8](repeating: 0x55, count: 200 * 1024)
        for round in 0..<6 {
            let availability = "stop/\(round)/availability"
            var options = MQTTClient.Options(
                broker: BrokerAddress(host: "127.0.0.1", port: broker.port, usesTLS: false),
                clientID: "nightstand-goodbye-\(round)", will: (availability, "will"))
            options.maximumOutstanding = 10
            let client = MQTTClient(options: options, events: MQTTClient.Events())
            client.start()
            #expect(eventually { client.state == .connected })
            #expect(client.publish(topic: "stop/\(round)/screen", payload: picture, retain: true))
            client.stop(goodbye: (availability, "bye"))
            let said = { watcher.lines().filter { $0.hasPrefix(availability + " ") } }
            #expect(eventually { !said().isEmpty })
            // A will would come at once when the connection drops; give it time to show.
            usleep(200_000)
            #expect(said() == ["\(availability) bye"], "round \(round)")
        }
        let kept = try broker.retained("stop/+/availability")
        #expect((0..<6).allSatisfy { kept["stop/\($0)/availability"] == "bye" }, "\(kept)")
        #expect(!broker.log().contains("out of memory"), "\(broker.log())")
    }
}
