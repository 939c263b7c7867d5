import Standby
import SystemSupport
import Vehicle

/// The car's data for `nightstand run`: a gpsd client (``Vehicle/GPSDClient``) for every
/// address the `gps` widgets read and an OBD-II client (``Vehicle/OBDClient``) for every
/// adapter or CAN interface the `obd` widgets read, each a thread of its own, started with the loop,
/// matched again to the widgets on a reload, and stopped with the loop.
///
/// The clients hand what they read to ``Vehicle/GPSBoard`` and ``Vehicle/OBDBoard``, which
/// ask the host to reload the widgets: nothing runs on the loop's thread, and without such a
/// widget nothing runs at all.
final class VehicleSource: EventSource {
    private var gps = Clients<GPSDAddress, GPSDClient>()
    private var obd = Clients<String, OBDClient>()
    private var context: SourceContext?
    /// Follows what the display shows, for the OBD PIDs to poll.
    private var observation: Observation?

    func start(_ context: SourceContext) throws {
        self.context = context
        match(context.configuration, log: context.log)
    }

    func stop() {
        observation?.cancel()
        observation = nil
        context = nil
        gps.stopAll()
        obd.stopAll()
    }

    func configurationChanged(_ configuration: Configuration) {
        match(configuration, log: nil)
    }

    /// The OBD PIDs on the screen in `status`, by adapter: those of the `obd` widgets the
    /// slots show (`widgets`: instance id → adapter and PID), none while another view shows
    /// or the panel is off.
    static func shownPIDs(
        _ status: HostStatus, widgets: [String: (device: String, pid: UInt8)]
    ) -> [String: Set<UInt8>] {
        guard status.appearance != "off", status.view.map({ $0 == "widgets" }) ?? true else {
            return [:]
        }
        var shown: [String: Set<UInt8>] = [:]
        for slot in status.slots {
            if let (device, pid) = widgets[slot.shown] { shown[device, default: []].insert(pid) }
        }
        return shown
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
            OBDClient(device: $0, board: .shared)
        }
        followScreen(configuration)
    }

    /// Polls only the PIDs on the screen: each status tells the board, and wakes the clients
    /// whose PIDs changed.
    private func followScreen(_ configuration: Configuration) {
        observation?.cancel()
        observation = nil
        var widgets: [String: (device: String, pid: UInt8)] = [:]
        for instance in configuration.widgets where instance.kind == OBDBoard.kindName {
            guard let device = (try? instance.options.string("device")) ?? nil,
                let pid = ((try? instance.options.string("pid")) ?? nil).flatMap(OBDPID.init)
            else { continue }
            widgets[instance.id] = (device, pid.number)
        }
        guard let context, !widgets.isEmpty else { return }
        let (clients, obdWidgets) = (obd.running, widgets)
        let update = { @Sendable (status: HostStatus) in
            for device in OBDBoard.shared.show(Self.shownPIDs(status, widgets: obdWidgets)) {
                clients[device]?.wake()
            }
        }
        update(context.status.current)
        observation = context.status.observe(update)
    }
}

/// A vehicle client: started on a thread of its own, stopped when no widget needs it.
protocol VehicleClient {
    func start() -> Bool
    func stop()
}

extension GPSDClient: VehicleClient {}
extension OBDClient: VehicleClient {}

/// The running clients, by what they read.
private struct Clients<Key: Hashable & CustomStringConvertible, Client: VehicleClient> {
    private(set) var running: [Key: Client] = [:]

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
