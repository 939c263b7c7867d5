import FoundationEssentials
import MosquittoHarness

/// The soak's Mosquitto: the tests' harness (``MosquittoBroker``, a daemon, so it is not a
/// child of the soak and holds none of its descriptors), which the soak stops and starts
/// again, and a peer publishing on the `mqtt` widget's topic while it is up.
///
/// It logs to `mosquitto.log` in its folder, where each connection of the display shows as
/// `New client connected … as nightstand-soak`.
final class SoakBroker {
    /// The topic the soak's `mqtt` widget shows.
    static let topic = "soak/value"
    /// The display's client id, as the broker's log names it.
    static let clientID = "nightstand-soak"

    private let broker: MosquittoBroker

    /// Starts a broker in `directory`; fails with the way to install Mosquitto where it is
    /// missing.
    init(directory: String) throws {
        broker = try MosquittoBroker(directory: directory)
    }

    /// The broker's URL for `[mqtt] url`.
    var url: String { broker.url }

    /// Whether it runs now.
    var isUp: Bool { broker.isUp }

    /// Starts the broker again and waits (at most 10 s) until it accepts connections.
    func start() throws { try broker.start() }

    /// Stops the broker (SIGTERM) and waits (at most 10 s) until it has gone.
    func stop() { broker.stop() }

    /// Publishes `value` (retained, QoS 1) on the widget's topic as another client would;
    /// whether the broker took it.
    func publish(_ value: String) -> Bool {
        (try? broker.publish(Self.topic, value, retain: true)) != nil
    }

    /// How often the broker's log shows the display connecting.
    func connectionsLogged() -> Int {
        broker.log().split(separator: "\n").filter {
            $0.contains("New client connected") && $0.contains(" as \(Self.clientID) ")
        }.count
    }

    /// A port nothing listens on now, from the kernel.
    static func freePort() throws -> Int { try MosquittoBroker.freePort() }
}

/// Why the soak could not run.
struct SoakFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
