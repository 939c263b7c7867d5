import FoundationEssentials
import Synchronization
import SystemSupport

/// The display's health for Home Assistant, read on the MQTT client's thread every
/// ``interval`` and published where it changed: the display's own loop never wakes for it.
///
/// | key | topic | payload | Home Assistant |
/// | --- | --- | --- | --- |
/// | started | `<base>/diagnostics/started` | when the program started, ISO 8601 UTC | `sensor`, device class timestamp |
/// | temperature | `<base>/diagnostics/temperature` | the CPU's temperature, °C, such as `48.3` | `sensor`, device class temperature |
/// | memory | `<base>/diagnostics/memory` | the memory in use, %, such as `37` | `sensor`, % |
/// | address | `<base>/diagnostics/address` | the first IPv4 address that is up, such as `192.168.1.23` | `sensor` |
/// | last_error | `<base>/diagnostics/last_error` | the last warning or worse logged, its journal line without the time, at most 255 characters | `sensor` |
/// | update | `<base>/diagnostics/update` | `{"installed_version": …, "latest_version": …}` | `update` (``AptCandidate``) |
///
/// All are in the `diagnostic` category. A value that can't be read (no thermal zone in a
/// container) is published as `None`, which Home Assistant shows as unknown. The readings are
/// the `system` widget's (``SystemSupport/SystemReader``).
final class Diagnostics: Sendable {
    /// How often the readings are taken.
    ///
    /// Default: 5 minutes.
    static let interval = Duration.seconds(300)
    /// When the program started (the first bridge made).
    static let started = Date()
    private let reader: SystemReader
    private let apt: AptCandidate
    private let problems: LastProblem
    private let due = Mutex<ContinuousClock.Instant?>(nil)

    /// Readings from `reader` (`/` by default), the candidate version from `apt`, the last
    /// problem from `problems` (the program's own by default).
    init(
        reader: SystemReader = SystemReader(), apt: AptCandidate = .shared,
        problems: LastProblem = .process
    ) {
        self.reader = reader
        self.apt = apt
        self.problems = problems
    }

    /// The keys, in the order of the table above.
    static let keys = ["started", "temperature", "memory", "address", "last_error", "update"]

    /// The readings when they are due at `now` or `force`d (then the next are due an
    /// ``interval`` later), else nil; and when they are next due.
    func take(at now: ContinuousClock.Instant = .now, force: Bool = false) -> (
        values: [String: String]?, next: ContinuousClock.Instant
    ) {
        let isDue = due.withLock { due -> Bool in
            if let next = due, now < next, !force { return false }
            due = now + Self.interval
            return true
        }
        let next = due.withLock { $0 } ?? now + Self.interval
        return (isDue ? values() : nil, next)
    }

    /// The readings now, by key.
    func values() -> [String: String] {
        let readout = reader.read()
        return [
            "started": Self.started.formatted(.iso8601),
            "temperature": readout.temperature.map { $0.celsius.fixed(1) } ?? "None",
            "memory": readout.memory.map { "\(Int(($0.usedFraction * 100).rounded()))" } ?? "None",
            "address": readout.address ?? "None",
            "last_error": problems.line ?? "None",
            "update": AptCandidate.state(installed: BuildVersion.version, latest: apt.candidate()),
        ]
    }
}

extension MQTTBridge {
    /// Publishes the readings that changed, when they are due (on a new connection,
    /// `force`d); when they are next due.
    func publishDiagnostics(force: Bool = false) -> ContinuousClock.Instant? {
        guard let client, force || client.state == .connected else { return nil }
        let (values, next) = diagnostics.take(force: force)
        guard let values else { return next }
        published.withLock { published in
            for key in Diagnostics.keys {
                let topic = topics.diagnostic(key)
                guard let value = values[key], published.values[topic] != value else { continue }
                published.values[topic] = value
                _ = client.publish(topic: topic, payload: value, retain: true)
            }
        }
        return next
    }
}

extension HomeAssistantDiscovery {
    /// The ``Diagnostics`` sensors, all in the `diagnostic` category.
    var diagnosticEntities: [Entity] {
        [
            Entity(
                component: "sensor", key: "started", name: "Started", icon: "mdi:clock-start",
                stateTopic: topics.diagnostic("started"), deviceClass: "timestamp",
                category: "diagnostic"),
            Entity(
                component: "sensor", key: "temperature", name: "CPU temperature", icon: nil,
                stateTopic: topics.diagnostic("temperature"), deviceClass: "temperature",
                unit: "°C", stateClass: "measurement", category: "diagnostic"),
            Entity(
                component: "sensor", key: "memory", name: "Memory used", icon: "mdi:memory",
                stateTopic: topics.diagnostic("memory"), unit: "%", stateClass: "measurement",
                category: "diagnostic"),
            Entity(
                component: "sensor", key: "address", name: "IP address", icon: "mdi:ip-network",
                stateTopic: topics.diagnostic("address"), category: "diagnostic"),
            Entity(
                component: "sensor", key: "last_error", name: "Last error",
                icon: "mdi:alert-circle-outline", stateTopic: topics.diagnostic("last_error"),
                category: "diagnostic"),
            Entity(
                component: "update", key: "update", name: "Nightstand", icon: nil,
                stateTopic: topics.diagnostic("update"), category: "diagnostic"),
        ]
    }
}
