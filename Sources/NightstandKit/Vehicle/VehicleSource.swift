import Standby
import SystemSupport
import Vehicle

/// The car's data for `nightstand run`: a gpsd client (``Vehicle/GPSDClient``) for every
/// address the `gps` widgets read and an ELM327 client (``Vehicle/ELM327Client``) for every
/// OBD-II adapter the `obd` widgets read, each a thread of its own, started with the loop,
/// matched again to the widgets on a reload, and stopped with the loop.
///
/// The clients hand what they read to ``Vehicle/GPSBoard`` and ``Vehicle/OBDBoard``, which
/// ask the host to reload the widgets: nothing runs on the loop's thread, and without such a
/// widget nothing runs at all.
final class VehicleSource: EventSource {
    private var gps = Clients<GPSDAddress, GPSDClient>()
    private var obd = Clients<String, ELM327Client>()

    func start(_ context: SourceContext) throws {
        match(context.configuration, log: context.log)
    }

    func stop() {
        gps.stopAll()
        obd.stopAll()
    }

    func configurationChanged(_ configuration: Configuration) {
        match(configuration, log: nil)
    }

    /// The values of option `key` of `configuration`'s widgets of `kind` (nil where absent).
    static func options(_ key: String, ofKind kind: String, in configuration: Configuration)
        -> [String?]
    {
        configuration.widgets.filter { $0.kind == kind }.map { instance in
            (try? instance.options.string(key)) ?? nil
        }
    }

    /// Clients for what `configuration`'s widgets read, and none for anything else.
    private func match(_ configuration: Configuration, log: Logger?) {
        let addresses = Self.options("host", ofKind: GPSBoard.kindName, in: configuration).map {
            $0.flatMap(GPSDAddress.init(parsing:)) ?? .local
        }
        gps.match(Set(addresses), log: log) { GPSDClient(address: $0, board: .shared) }
        let devices = Self.options("device", ofKind: OBDBoard.kindName, in: configuration)
        obd.match(Set(devices.compactMap { $0 }), log: log) {
            ELM327Client(device: $0, board: .shared)
        }
    }
}

/// A vehicle client: started on a thread of its own, stopped when no widget needs it.
protocol VehicleClient {
    func start() -> Bool
    func stop()
}

extension GPSDClient: VehicleClient {}
extension ELM327Client: VehicleClient {}

/// The running clients, by what they read.
private struct Clients<Key: Hashable & CustomStringConvertible, Client: VehicleClient> {
    private var running: [Key: Client] = [:]

    /// Stops the clients of keys not `wanted`, and starts one (`make`) for each new key.
    mutating func match(_ wanted: Set<Key>, log: Logger?, make: (Key) -> Client) {
        for (key, client) in running where !wanted.contains(key) {
            client.stop()
            running[key] = nil
        }
        for key in wanted where running[key] == nil {
            let client = make(key)
            if client.start() {
                running[key] = client
            } else {
                log?.warning("vehicle: no thread for the client of \(key)")
            }
        }
    }

    mutating func stopAll() {
        for client in running.values { client.stop() }
        running = [:]
    }
}
