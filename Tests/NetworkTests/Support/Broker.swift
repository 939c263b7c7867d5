import Foundation
import MosquittoHarness

/// The tests' Mosquitto: the harness the soak uses too (Tests/MosquittoHarness).
typealias Broker = MosquittoBroker
/// A broker, a peer or a helper program that failed.
typealias BrokerError = MosquittoError

extension MosquittoBroker {
    /// Starts a broker in `directory` (kept), with more configuration lines `settings`.
    convenience init(settings: [String] = ["allow_anonymous true"], directory: URL) throws {
        try self.init(settings: settings, directory: directory.path)
    }

    /// Its folder as a URL.
    var folder: URL { URL(fileURLWithPath: directory) }

    /// A subscriber to `filter` running in the background, returned once it is subscribed
    /// (a probe message published under `probe` came through).
    func subscriber(_ filter: String, probe: String) throws -> Subscriber {
        let subscriber = try Subscriber(
            arguments: ["-h", "127.0.0.1", "-p", "\(port)", "-t", filter, "-v"] + peerLogin,
            output: folder.appendingPathComponent("subscriber-\(UUID().uuidString)").path)
        let deadline = Date().addingTimeInterval(10)
        while !subscriber.lines().contains(where: { $0.hasPrefix(probe + " ") }) {
            guard Date() < deadline else { throw BrokerError("the subscriber never got \(probe)") }
            try publish(probe, "probe")
            usleep(100_000)
        }
        return subscriber
    }
}

/// A `mosquitto_sub` running in the background, its lines collected in a file.
final class Subscriber: Sendable {
    private let child: Child
    private let output: String

    init(arguments: [String], output: String) throws {
        guard let path = Broker.executable("mosquitto_sub") else {
            throw BrokerError("no mosquitto_sub on this machine: run scripts/deps --test")
        }
        self.output = output
        child = try Child([path] + arguments, output: output)
    }

    deinit {
        child.kill(SIGTERM)
        child.wait()
    }

    /// The complete `topic payload` lines received so far.
    func lines() -> [String] {
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            .map(String.init)
    }
}
